// T (issue 24): times relative ("3d 4h ago") or absolute (the local date and time with the zone)
// in the list's started column, the detail's times and the log's title; the choice is the user's,
// kept in display.json beside page-sizes.json, so a restart and another application open with it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadTimeMode, saveTimeMode } from '../../../../src/config/display.js';
import { loadRecents } from '../../../../src/config/recents.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { tempDir } from '../../../support/temp.js';
import { KEY, renderApp, until, type Rendered } from '../../../support/render.js';
import { setUpDemoService } from '../../../support/demo.js';

const demo = setUpDemoService();
let configDir: string;
let shown: Rendered | undefined;

beforeEach(() => {
  configDir = tempDir('dms-times-');
});
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function open(appUuid = demo.app(), columns = 160): Rendered {
  const options: TuiOptions = {
    client: demo.client,
    connection: { label: 'DEMO', host: demo.host, demo: true },
    configDir,
    appUuid,
    screen: 'browse',
    showSecrets: false,
    noColor: true,
  };
  shown = renderApp(options, { refreshMs: 60_000, size: { columns, rows: 36 } });
  return shown;
}

/** The table's started cells (the column found by its heading). */
function startedCells(frame: string): string[] {
  const lines = frame.split('\n');
  const heading = lines.find((l) => /│ started +│/.test(l));
  if (!heading) return [];
  const at = heading.indexOf('│ started') + 2;
  const end = heading.indexOf('│', at);
  return lines
    .filter((l) => /^[› ] │/.test(l) && l !== heading)
    .map((l) => l.slice(at, end).trim())
    .filter(Boolean);
}

const RELATIVE = /^(just now|\d+[smhdwy]( \d+[smhdw])? ago|in \d+[smhdwy]( \d+[smhdw])?)$/;
const ABSOLUTE = /^\d{4}-\d\d-\d\d \d\d:\d\d (UTC|[+-]\d\d(:\d\d)?)$/;
const displayFile = () => join(configDir, 'display.json');

describe('T: relative or absolute times', () => {
  it('on the list: absolute times with the zone, then relative again; the footer names T', async () => {
    const ui = open();
    const first = await ui.waitFor((f) => startedCells(f).length >= 5);
    expect(
      startedCells(first).every((c) => RELATIVE.test(c)),
      startedCells(first).join(' | '),
    ).toBe(true);
    expect(first).toMatch(/T ago\/date/);
    await ui.press('T');
    const absolute = await ui.waitFor((f) => startedCells(f).length >= 5 && startedCells(f).every((c) => ABSOLUTE.test(c)));
    expect(absolute).toContain('│ started ');
    await until(() => existsSync(displayFile()), 'display.json');
    expect(JSON.parse(readFileSync(displayFile(), 'utf8'))).toEqual({ time: 'absolute' });
    await ui.press('T');
    await ui.waitFor((f) => startedCells(f).length >= 5 && startedCells(f).every((c) => RELATIVE.test(c)));
    await until(() => loadTimeMode(configDir) === 'relative', 'relative remembered');
  });

  it('in the detail: the chosen form first, the other in brackets', async () => {
    const ui = open();
    await ui.waitFor((f) => startedCells(f).length >= 5);
    await ui.press(KEY.enter);
    const relative = await ui.waitFor(/ {2}started +\S/);
    expect(relative).toMatch(/T ago\/date/);
    expect(relative).toMatch(/ {2}started +\d+\w+( \d+\w+)? ago {2}\(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    await ui.press('T');
    const absolute = await ui.waitFor(/ {2}started +\d{4}-/);
    expect(absolute).toMatch(/ {2}started +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d .*\(\d+\w+( \d+\w+)? ago\)/);
    // Back on the list, it holds there too.
    await ui.press(KEY.escape);
    await ui.waitFor((f) => startedCells(f).length >= 5 && startedCells(f).every((c) => ABSOLUTE.test(c)));
  });

  it('is remembered for the user: a restart, and another application, open with absolute times', async () => {
    const ui = open();
    await ui.waitFor((f) => startedCells(f).length >= 5);
    await ui.press('T');
    await until(() => loadTimeMode(configDir) === 'absolute', 'absolute remembered');
    ui.unmount();
    shown = undefined;
    const other = demo.seed.applications[1]!.uuid;
    const again = open(other);
    const frame = await again.waitFor((f) => startedCells(f).length >= 1);
    expect(
      startedCells(frame).every((c) => ABSOLUTE.test(c)),
      startedCells(frame).join(' | '),
    ).toBe(true);
    // Its recents write (after the first page) is done before the folder is removed.
    await until(() => loadRecents(configDir, 'demo').some((r) => r.uuid === other), 'the recents file');
  });
});

describe('display.json', () => {
  it('reads as relative when missing, unreadable or odd; keeps keys it does not know', () => {
    expect(loadTimeMode(configDir)).toBe('relative');
    expect(loadTimeMode(undefined)).toBe('relative');
    writeFileSync(displayFile(), '{"time": "sideways", "other": 1}');
    expect(loadTimeMode(configDir)).toBe('relative');
    saveTimeMode(configDir, 'absolute');
    expect(JSON.parse(readFileSync(displayFile(), 'utf8'))).toEqual({ time: 'absolute', other: 1 });
    expect(loadTimeMode(configDir)).toBe('absolute');
    writeFileSync(displayFile(), 'not json');
    expect(loadTimeMode(configDir)).toBe('relative');
  });
});
