// Secrets found leaking in the TUI by the fuzz suite, and the detail view freezing on long non-ASCII text.
import React from 'react';
import stringWidth from 'string-width';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDeploymentList } from '../../src/api/schemas/deployment.js';
import { ThemeProvider, plainTheme } from '../../src/tui/theme.js';
import { DetailView } from '../../src/tui/screens/detail/view.js';
import { detailLines, rawJsonLines } from '../../src/tui/screens/detail/lines.js';
import { visibleRows } from '../../src/tui/browse/paging.js';
import { viewOf } from '../../src/model/deployment.js';
import { widthOf, wrapCells } from '../../src/text/cells.js';
import { renderTui } from '../support/render.js';
import { screenServer, type ScreenServer } from '../support/screen.js';

const SECRET = 'Zq9SECRETabc';
const CLOSED = { offset: 0, raw: false, reveal: false, showAbsent: false, note: null };
let screens: ScreenServer;
beforeAll(async () => {
  screens = await screenServer();
});
afterAll(() => screens.close());
const deployment = (record: Record<string, unknown>) => readDeploymentList([record])!.deployments[0]!;
const allText = (lines: readonly { label?: string; text: string }[]) => lines.map((l) => `${l.label ?? ''}${l.text}`).join('\n');

describe('TUI secret leaks', () => {
  for (const field of ['fqdn', 'name', 'git_branch']) {
    it(`deployments table masks a URL password in ${field}`, async () => {
      const ui = screens.show([{ id: 1, status: 'finished', [field]: `https://a:${SECRET}@h.io` }], { width: 200 });
      const frame = await ui.waitFor('h.io');
      expect(frame).not.toContain(SECRET);
      ui.unmount();
    });
  }

  it('deployments table masks a URL password that a vertical tab would otherwise join to its @', () => {
    const rows = readDeploymentList([{ id: 1, name: `https://a:${SECRET}\u000b@h.io` }])!.deployments.map(viewOf);
    expect(visibleRows({ rows, filter: '' })).toHaveLength(1);
    // The filter matches the text as shown, so it cannot be used to guess a password.
    expect(visibleRows({ rows, filter: SECRET.toLowerCase() })).toHaveLength(0);
  });

  for (const field of ['name', 'git_branch']) {
    it(`detail view heading masks a URL password in ${field}`, () => {
      const d = deployment({ id: 1, status: 'finished', [field]: `https://a:${SECRET}@h.io` });
      const ui = renderTui(
        <ThemeProvider value={plainTheme}>
          <DetailView record={d} view={CLOSED} width={200} bodyLines={400} />
        </ThemeProvider>,
        { columns: 200, rows: 420 },
      );
      expect(ui.frame()).not.toContain(SECRET);
      ui.unmount();
    });
  }

  it('detail view masks a URL password in a field of the wrong type', () => {
    const d = deployment({ id: 1, fqdn: [`https://a:${SECRET}@h.io`] });
    const text = detailLines(d, { reveal: false, width: 200, theme: plainTheme })
      .map((l) => l.text)
      .join('\n');
    expect(text).not.toContain(SECRET);
    expect(text).toContain('invalid type');
  });

  it('detail view masks a secret key nested in a field of the wrong type', () => {
    const d = deployment({ id: 1, fqdn: { http_basic_auth_password: SECRET } });
    expect(allText(detailLines(d, { reveal: false, width: 200, theme: plainTheme }))).not.toContain(SECRET);
    expect(allText(detailLines(d, { reveal: true, width: 200, theme: plainTheme }))).toContain(SECRET);
  });

  it('detail view masks a secret field nested in a field not in the contract', () => {
    const d = deployment({ id: 1, settings: { http_basic_auth_password: SECRET } });
    const text = detailLines(d, { reveal: false, width: 200, theme: plainTheme })
      .map((l) => l.text)
      .join('\n');
    expect(text).not.toContain(SECRET);
    expect(
      detailLines(d, { reveal: true, width: 200, theme: plainTheme })
        .map((l) => l.text)
        .join('\n'),
    ).toContain(SECRET);
  });

  it('detail view and raw JSON mask a URL password in the name of a field not in the contract', () => {
    const d = deployment({ id: 1, [`https://a:${SECRET}@h.io`]: 1 });
    const options = { reveal: false, width: 200, theme: plainTheme };
    expect(allText(detailLines(d, options))).not.toContain(SECRET);
    expect(allText(rawJsonLines(d, options))).not.toContain(SECRET);
    expect(allText(rawJsonLines(d, { ...options, reveal: true }))).toContain(SECRET);
  });
});

describe('long non-ASCII text', () => {
  it('a 100 000-character CJK field does not freeze the detail view', () => {
    const d = deployment({ id: 1, name: '部'.repeat(100_000) });
    detailLines(d, { reveal: false, width: 100, theme: plainTheme });
  });

  it('nor its raw JSON, which still shows the whole value', () => {
    const d = deployment({ id: 1, name: '部'.repeat(100_000) });
    const lines = rawJsonLines(d, { reveal: false, width: 100, theme: plainTheme });
    expect(lines.map((l) => l.text).join('')).toContain('部'.repeat(100_000));
  });

  it('nor the rendered detail view with its heading', () => {
    const d = deployment({ id: 1, name: '部'.repeat(100_000), git_branch: 'é'.repeat(100_000) });
    const ui = renderTui(
      <ThemeProvider value={plainTheme}>
        <DetailView record={d} view={CLOSED} width={100} bodyLines={28} />
      </ThemeProvider>,
      { columns: 100, rows: 30 },
    );
    expect(ui.frame()).toContain('部部部');
    ui.unmount();
  });

  it('measures and wraps long mixed text like string-width, grapheme by grapheme', () => {
    const text = '👨‍👩‍👧a部🇯🇵🇯e\u0301한글\u1100\u1161x👍🏽क्ष'.repeat(400);
    expect(widthOf(text)).toBe(stringWidth(text));
    const pieces = wrapCells(text, 7);
    expect(pieces.join('')).toBe(text);
    for (const p of pieces) expect(stringWidth(p)).toBeLessThanOrEqual(7);
  });
});
