// The log viewer used like less, on the built binary in a real terminal (tmux) against a demo
// service started here: `&` shows only the lines holding a pattern and `&` again every line; e/E
// jump between lines that read as errors, x/X between stderr lines; ←/→ scroll cut lines sideways; an unbound key says so; help lists
// each key once.
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { ORDERS_WORKER, STATUS_PAGE } from '../../src/demo/seed-apps-shapes.js';
import { ADMIN_STACK, DOCS_SITE, SHOP_API, SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { readsAsError } from '../../src/model/error-line.js';
import { logLines, readLog } from '../../src/model/log.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';

const e2e = setUpDemo('less');

const LIST = /1–\d+ of \d+/;
const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
const dataLines = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => /^[› ] │/.test(l))
    .slice(1);
const logOpen = (screen: string) => lines(screen).some((l) => /^Log \S+ · /.test(l));
const listShown = (screen: string) => LIST.test(screen) && !logOpen(screen) && dataLines(screen).length > 0;
/** The log's body: the lines between its title and the message line (the one above the footer). */
function body(screen: string): string[] {
  const all = lines(screen);
  const title = all.findIndex((l) => /^Log \S+ · /.test(l));
  const filled = all.map((l, i) => [l, i] as const).filter(([l]) => l.trim() !== '');
  const message = filled[filled.length - 2]![1];
  return all.slice(title + 1, message).filter((l) => l.trim() !== '');
}
const messageLine = (screen: string) => {
  const filled = lines(screen).filter((l) => l.trim() !== '');
  return filled[filled.length - 2] ?? '';
};
const footer = (screen: string) =>
  lines(screen)
    .filter((l) => l.trim() !== '')
    .at(-1) ?? '';
/** A log line as its first row shows it at 120 columns (wrapped after 118 cells; ASCII in the demo's logs). */
const clipped = (text: string) => text.slice(0, 118).trim();

/** The first application of the demo with a deployment of `status` on its first page, and that row's index. */
async function rowWith(status: string): Promise<{ app: string; index: number; id: number }> {
  const client = createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token });
  for (const app of [ORDERS_WORKER, SHOP_FRONTEND, SHOP_API, ADMIN_STACK, DOCS_SITE, STATUS_PAGE]) {
    const page = await client.listDeployments(app, { skip: 0, take: 10 });
    const index = page.deployments.findIndex((d) => d.status === status && typeof (d as { logs?: unknown }).logs === 'string');
    if (index >= 0) return { app, index, id: Number(page.deployments[index]!.id) };
  }
  throw new Error(`no ${status} deployment with a log on a first page of the demo`);
}

/** `dms browse APP`, the cursor on row `index`, `l`: the log open at its end. */
async function openLog(row: { app: string; index: number; id: number }, width = 120, height = 36): Promise<TmuxSession> {
  const t = e2e.launch(`browse ${row.app}`, { width, height });
  await t.waitFor(listShown, 20_000);
  for (let i = 0; i < row.index; i++) t.keys('j');
  await t.waitFor((s) => dataLines(s).findIndex((l) => l.startsWith('›')) === row.index, 15_000);
  t.keys('l');
  await t.waitFor((s) => s.includes(`Log ${row.id} · `) && body(s).length > 0, 15_000);
  return t;
}

describe('the log like less (built binary, tmux)', () => {
  it('& with a pattern shows only the lines holding it; & again shows every line', async () => {
    const t = await openLog(await rowWith('finished'));
    const all = body(t.screen());
    expect(all.some((l) => !/rolling update/i.test(l))).toBe(true);
    t.keys('&');
    await t.waitFor('Enter keep filter');
    t.type('rolling update');
    const typed = await t.waitFor(/& rolling update\s+2 lines hold it/);
    expect(body(typed).every((l) => /rolling update/i.test(l))).toBe(true);
    t.keys('Enter');
    const kept = await t.waitFor('only lines with “rolling update” (& shows all)');
    expect(kept).toMatch(/ 1–2 of 2 · only lines/);
    expect(body(kept).map((l) => l.trim())).toEqual(['Rolling update started.', 'Rolling update completed.']);

    t.keys('&');
    const again = await t.waitFor(/Every line shown again \([\d,]+\)\./);
    expect(again).not.toContain('only lines with');
    expect(body(again).some((l) => !/rolling update/i.test(l))).toBe(true);
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
  });

  it('e and E jump to lines that read as errors, past stderr progress and warnings; x to stderr lines; round the ends, marked ›', async () => {
    const row = await rowWith('failed');
    // Where the lines are, from the row itself: positions among the lines shown (debug lines hidden).
    const record = (await createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token }).listDeployments(row.app, { skip: 0, take: 10 }))
      .deployments[row.index]!;
    const read = readLog(record);
    if (read.kind !== 'entries') throw new Error('the failed row has no readable log');
    const shown = logLines(read.entries, (text) => text).filter((l) => !l.hidden);
    const firstError = shown.findIndex((l) => l.kind !== 'cmd' && readsAsError(l.text));
    const firstStderr = shown.findIndex((l) => l.kind === 'err');
    // The demo's failed build writes progress to stderr (git's "Cloning into", npm warn) before its first error.
    expect(firstStderr).toBeGreaterThanOrEqual(0);
    expect(firstStderr).toBeLessThan(firstError);
    expect(readsAsError(shown[firstStderr]!.text)).toBe(false);
    const thousands = (n: number) => n.toLocaleString('en-US');

    const t = await openLog(row);
    t.keys('g');
    await t.waitFor((s) => / 1–\d+ of /.test(s));
    t.keys('e');
    const first = await t.waitFor(new RegExp(`^Line ${thousands(firstError + 1)} reads as an error · e/E next/previous`, 'm'));
    expect(
      body(first)
        .find((l) => l.startsWith('›'))
        ?.slice(2)
        .trim(),
    ).toBe(clipped(shown[firstError]!.text));
    // x goes to the lines written to stderr, whatever they say.
    t.keys('g');
    await t.waitFor((s) => / 1–\d+ of /.test(s) && !/^Line /m.test(messageLine(s)));
    t.keys('x');
    const stderr = await t.waitFor(new RegExp(`^Line ${thousands(firstStderr + 1)} was written to stderr · x/X next/previous`, 'm'));
    expect(
      body(stderr)
        .find((l) => l.startsWith('›'))
        ?.slice(2)
        .trim(),
    ).toBe(clipped(shown[firstStderr]!.text));
    // Up from the end: the failure's last word.
    t.keys('G');
    await t.waitFor((s) => !s.includes('›') && /The deployment failed/.test(messageLine(s)));
    t.keys('E');
    const last = await t.waitFor((s) => body(s).some((l) => l.startsWith('›')));
    expect(body(last).find((l) => l.startsWith('›'))).toMatch(/^› Deployment failed\. Removing the new version/);
    // Nothing after it: round the end to the first one.
    t.keys('e');
    await t.waitFor(new RegExp(`Past the end: back to the first error line\\. Line ${thousands(firstError + 1)} reads as an error`));
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
  });

  it('with lines cut (w), → shows what was cut off on the right and ← brings the start back', async () => {
    const t = await openLog(await rowWith('finished'), 80, 24);
    t.keys('g');
    await t.waitFor((s) => / 1–\d+ of /.test(s));
    t.keys('w');
    const cut = await t.waitFor('Long lines are cut at the edge (w wraps them).');
    // A row Ink cut (it ends in …), plain ASCII so that characters are cells.
    const rows = body(cut);
    const index = rows.findIndex((l) => l.endsWith('…') && /^[\x20-\x7e]+…$/.test(l) && l.length >= 79);
    expect(index, rows.join('\n')).toBeGreaterThanOrEqual(0);
    const before = rows[index]!;
    t.keys('Right');
    // 78 cells of text beside the marker: half of them a step.
    const right = await t.waitFor('Lines shown from column 40 (←/→ scroll, w wraps).');
    const after = body(right)[index]!;
    expect(after.slice(2)).toContain(before.slice(2 + 39, -1));
    expect(after.slice(2).startsWith(before.slice(2 + 39, -1))).toBe(true);
    t.keys('Left');
    const back = await t.waitFor('Lines shown from their start (→ scrolls right).');
    expect(body(back)[index]).toBe(before);
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
  });

  it('an unbound key says so in the footer until the next key; help lists each key once', async () => {
    const t = await openLog(await rowWith('finished'));
    t.keys('z');
    const noted = await t.waitFor('z: no action here — ? for help');
    expect(footer(noted)).toBe('z: no action here — ? for help');
    t.keys('k');
    await t.waitFor((s) => !s.includes('no action here') && footer(s).startsWith('? help'));

    t.keys('?');
    const help = await t.waitFor('Help — keys');
    const section = lines(help);
    const start = section.findIndex((l) => l.startsWith('Deployment log'));
    const end = section.findIndex((l, i) => i > start && l.trim() === '');
    const labels = section
      .slice(start + 1, end)
      .map((l) => /^\s+(\S+)\s/.exec(l)?.[1] ?? '')
      .filter(Boolean);
    const named = labels.flatMap((l) => (l === '/' ? ['/'] : l.split('/')));
    expect(named.filter((k) => k === 'N')).toHaveLength(1);
    expect(named.filter((k, i) => named.indexOf(k) !== i)).toEqual([]);
    for (const k of ['&', 'e', 'E', 'x', 'X', '←', '→', 'w']) expect(named).toContain(k);
    t.keys('Escape');
    await t.waitFor((s) => logOpen(s));
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
  });
});
