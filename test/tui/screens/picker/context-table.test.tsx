// The context switcher's list (src/tui/screens/picker/context-table.tsx): an ink-table through its
// public props, without its frame, the cursor a bar drawn over it. The picker around it, Ctrl+X and
// :ctx: test/tui/first-hour.test.tsx and test/e2e/first-hour.test.ts.
import React from 'react';
import chalk from 'chalk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContextTable, contextLayout, type ContextRow } from '../../../../src/tui/screens/picker/context-table.js';
import { colourTheme, ThemeProvider } from '../../../../src/tui/theme.js';
import { renderTui, settle } from '../../../support/render.js';

const CONTEXTS: ContextRow[] = [
  { name: 'prod', label: 'prod', detail: 'deploy.example.com', inUse: true, current: true },
  { name: 'staging', label: 'staging', detail: '127.0.0.1:4000', inUse: false, current: false },
  { name: null, label: 'DEMO', detail: 'the demo service this run started (127.0.0.1:5555)', inUse: false, current: false },
];

async function table(props: { contexts?: readonly ContextRow[]; cursor: number; room?: number; width?: number }) {
  const width = props.width ?? 100;
  const ui = renderTui(
    <ThemeProvider value={colourTheme}>
      <ContextTable contexts={props.contexts ?? CONTEXTS} cursor={props.cursor} room={props.room ?? 10} width={width} />
    </ThemeProvider>,
    { columns: width, rows: 20 },
  );
  await settle();
  const lines = ui.frame().split('\n');
  const raw = ui.rawFrame().split('\n');
  ui.unmount();
  return { lines, raw };
}

describe('the context table', () => {
  // Styles as a terminal that takes colours gets them: the bar's inverse video is to be seen.
  let level: typeof chalk.level;
  beforeEach(() => {
    level = chalk.level;
    chalk.level = 1;
  });
  afterEach(() => {
    chalk.level = level;
  });

  it('lists name, server and notes in columns under a heading, one line each: no frame, no rules between rows', async () => {
    const { lines } = await table({ cursor: 0 });
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^ {2}context {2}server/);
    expect(lines[1]).toMatch(/^› prod {5}deploy\.example\.com +\(in use · current in config\.json\)/);
    expect(lines[2]).toMatch(/^ {2}staging {2}127\.0\.0\.1:4000 *$/);
    expect(lines[3]).toMatch(/^ {2}DEMO {5}the demo service this run started \(127\.0\.0\.1:5555\)/);
    // The server column starts at the same cell on every line.
    const at = (l: string, text: string) => l.indexOf(text);
    expect(new Set([at(lines[0]!, 'server'), at(lines[1]!, 'deploy'), at(lines[2]!, '127.'), at(lines[3]!, 'the demo')]).size).toBe(1);
    expect(lines.join('\n')).not.toMatch(/[│─┌┐└┘├┤┬┴┼]/);
  });

  it('draws the cursor as an inverse bar over its row, the row’s own text after a ›', async () => {
    const off = await table({ cursor: 0 });
    const on = await table({ cursor: 1 });
    expect(on.lines[2]).toBe(`›${off.lines[2]!.slice(1)}`);
    expect(on.lines[1]).toBe(` ${off.lines[1]!.slice(1)}`);
    expect(on.raw[2]).toContain('\u001b[7m'); // inverse
    expect(on.raw[1]).not.toContain('\u001b[7m');
  });

  it('shows the rows that fit under the heading, the cursor’s among them', async () => {
    const many = Array.from({ length: 9 }, (_, i): ContextRow => ({
      name: `c${i}`,
      label: `c${i}`,
      detail: `h${i}.example.com`,
      inUse: false,
      current: false,
    }));
    const { lines } = await table({ contexts: many, cursor: 7, room: 4 });
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((l) => l.slice(0, 5))).toEqual(['  c6 ', '› c7 ', '  c8 ']);
  });

  it('fits a narrow width: the server is cut, then the notes, then the server again; the name never', () => {
    const fit = (width: number) => {
      const { rows, widths } = contextLayout(CONTEXTS, width);
      return { rows, total: 1 + widths.reduce((a, b) => a + b, 0) };
    };
    const wide = fit(200);
    expect(wide.rows[2]!.server).toBe('the demo service this run started (127.0.0.1:5555)');
    const seventy = fit(70);
    expect(seventy.total).toBeLessThanOrEqual(70);
    expect(seventy.rows[0]).toMatchObject({ context: 'prod', '': '(in use · current in config.json)' });
    expect(seventy.rows[2]!.server).toBe('the demo service this …');
    const sixty = fit(60);
    expect(sixty.total).toBeLessThanOrEqual(60);
    expect(sixty.rows[2]!.server).toHaveLength(16);
    expect(sixty.rows[0]!['']).toMatch(/^\(in use · current.*…$/);
    const forty = fit(40);
    expect(forty.total).toBeLessThanOrEqual(40);
    expect(forty.rows.map((r) => r.context)).toEqual(['prod', 'staging', 'DEMO']);
    expect(forty.rows[0]!['']).toMatch(/^\(in use.*…$/);
  });

  it('cleans what it shows: no escape sequence from config.json reaches the terminal', async () => {
    const { lines, raw } = await table({
      contexts: [{ name: 'x', label: 'x', detail: 'evil\u001b]0;pwned\u0007.example.com', inUse: false, current: false }],
      cursor: 0,
    });
    expect(lines[1]).toContain('evil.example.com');
    expect(raw.join('\n')).not.toContain('\u001b]0;');
  });
});
