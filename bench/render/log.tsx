// Figure 7: the log viewer opened on a row with a ~5 MB log (open and screen moves, key → frame),
// and auto-refresh on a page of rows with logs (memory, and what each tick reads).
import React from 'react';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createClient, readListBody, type DmsClient } from '../../src/api/client.js';
import { logLines, maskerFor, readLog } from '../../src/model/log.js';
import { PAIRS, Screen, gc, median, memoryClient, opt, rangeOf, reading, sleep, trivialFloor } from './common.js';
import { mount, TUI_MAX_FPS } from './terminal.js';

const KEY_PAGE_UP = '\u001b[5~';
const KEY_PAGE_DOWN = '\u001b[6~';
const KEY_ESCAPE = '\u001b';
/** The range in the log viewer's title (`Log · Deployment 197 · … 14264–14291 of 14,291 lines`), below the list's header. */
const logRangeOf = (frame: string) => {
  const title = frame.split('\n').find((l) => l.startsWith('Log '));
  const m = title ? /(\d+)–(\d+) of ([\d,]+)/.exec(title) : null;
  return m ? { from: Number(m[1]), to: Number(m[2]), total: Number(m[3]!.replace(/,/g, '')) } : undefined;
};

/**
 * The log viewer on the first row of a saved page (its ~5 MB, ~20,000-entry log): `l` on the
 * deployments screen → the first frame of the log at its end (the last line on screen), then
 * Esc back to the list, again; then PgUp/PgDn → frame. Paired with a one-<Text> change.
 */
export async function logView() {
  const body: unknown = JSON.parse(readFileSync(opt('body')!, 'utf8'));
  const page = await readListBody(body);
  if (!page) throw new Error('not a deployment list');
  const all = page.deployments;
  const record = all[0]!;
  const logChars = typeof (record as { logs?: unknown }).logs === 'string' ? (record as { logs: string }).logs.length : 0;
  if (logChars < 1_000_000) throw new Error(`the page's first row carries ${logChars} characters of log; a ~5 MB log is expected`);

  // What the viewer decodes, timed on its own (warm: after the first open), and the line it must show last.
  const parts = (): { decodeMs: number; linesMs: number; entries: number; lines: string[] } => {
    let t = performance.now();
    const read = readLog(record);
    const decodeMs = performance.now() - t;
    if (read.kind !== 'entries') throw new Error(`the log reads as ${read.kind}`);
    t = performance.now();
    const ls = logLines(
      read.entries,
      maskerFor(record, (x) => x),
    );
    const linesMs = performance.now() - t;
    return { decodeMs, linesMs, entries: read.entries.length, lines: ls.filter((l) => !l.hidden).map((l) => l.text) };
  };

  // Big JSON.parse calls: none until the viewer opens (the list does not decode logs).
  const realParse = JSON.parse;
  let bigParses = 0;
  JSON.parse = ((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    if (typeof text === 'string' && text.length > 1_000_000) bigParses++;
    return realParse(text, reviver);
  }) as typeof JSON.parse;

  const { floor, floorChange } = await trivialFloor();

  const height = 36;
  const t = mount(<Screen client={memoryClient(all)} app="bench-app" height={height} refreshMs={1e9} />, height);
  await t.stdout.until((f) => f.includes(`1–10 of ${(page.total ?? all.length).toLocaleString('en-US')}`));
  await sleep(50);
  const parsesBeforeOpen = bigParses;
  const open = async (atEnd: (f: string) => boolean) => {
    gc();
    await sleep(40);
    const ms = await t.stdout.timeFrame(() => t.stdin.write('l'), atEnd, 30_000);
    await sleep(30);
    t.stdin.write(KEY_ESCAPE);
    await t.stdout.until((f) => !logRangeOf(f) && f.includes('1–10 of'));
    return ms;
  };
  // The first open in this process (cold code): at the end by the title's range.
  const firstOpenMs = await open((f) => {
    const r = logRangeOf(f);
    return !!r && r.to === r.total;
  });
  const parsesPerOpen = bigParses - parsesBeforeOpen;
  JSON.parse = realParse;
  const warmParts = [parts(), parts(), parts()];
  const shownLines = warmParts[0]!.lines.length;
  const lastText = [...warmParts[0]!.lines]
    .reverse()
    .find((x) => x.trim() !== '')!
    .trim()
    .slice(0, 30);
  // Open: the first frame at the end of the log with its last line (a big log is read from its end;
  // its start is read after that frame, while the view stays put). Whole: until every line is read.
  const atEnd = (f: string) => {
    const r = logRangeOf(f);
    return !!r && r.to === r.total && f.includes(lastText);
  };
  const whole = (f: string) => {
    const r = logRangeOf(f);
    return !!r && r.total === shownLines && r.to === shownLines && f.includes(lastText);
  };
  await open(atEnd);
  await floorChange();
  const opens = { as: [] as number[], bs: [] as number[], ratios: [] as number[] };
  for (let i = 0; i < PAIRS; i++) {
    const x = await open(atEnd);
    const y = await floorChange();
    opens.as.push(x);
    opens.bs.push(y);
    opens.ratios.push(x / y);
  }
  const wholeMs: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(PAIRS / 2)); i++) wholeMs.push(await open(whole));

  // Screen moves: the viewer open at the end, PgUp and PgDn in turn.
  t.stdin.write('l');
  await t.stdout.until(atEnd, 30_000);
  await sleep(100);
  let up = true;
  const move = async () => {
    gc();
    await sleep(20);
    const before = logRangeOf(t.stdout.last)!.from;
    const key = up ? KEY_PAGE_UP : KEY_PAGE_DOWN;
    up = !up;
    return t.stdout.timeFrame(
      () => t.stdin.write(key),
      (f) => {
        const r = logRangeOf(f);
        return !!r && r.from !== before;
      },
    );
  };
  const moveN = Number(opt('moves') ?? 4 * PAIRS);
  for (let i = 0; i < 2; i++) {
    await move();
    await floorChange();
  }
  const moves = { as: [] as number[], bs: [] as number[], ratios: [] as number[] };
  for (let i = 0; i < moveN; i++) {
    const x = await move();
    const y = await floorChange();
    moves.as.push(x);
    moves.bs.push(y);
    moves.ratios.push(x / y);
  }
  const rows = logRangeOf(t.stdout.last)!;

  // `&` (only matching lines) on the same log: a pattern typed as one read → the frame with the
  // count of lines holding it (every line made is looked at); Backspace (a shorter pattern: every
  // line again); `&` again → every line shown. The log is never read again.
  const PATTERN = 'deprecated';
  const holds = (p: string) => (f: string) => new RegExp(`& ${p}\\s+(?:[\\d,]+ lines hold it|no line holds it)`).test(f);
  let matched = '';
  const filterRound = async () => {
    t.stdin.write('&');
    await t.stdout.until((f) => f.includes('Enter keep filter'));
    gc();
    await sleep(20);
    const type = await t.stdout.timeFrame(() => t.stdin.write(PATTERN), holds(PATTERN));
    matched = /([\d,]+) lines hold it/.exec(t.stdout.last)?.[1] ?? '0';
    gc();
    await sleep(20);
    const back = await t.stdout.timeFrame(() => t.stdin.write('\u007f'), holds(PATTERN.slice(0, -1)));
    t.stdin.write('\r');
    await t.stdout.until((f) => f.includes(`only lines with “${PATTERN.slice(0, -1)}”`));
    gc();
    await sleep(20);
    const clear = await t.stdout.timeFrame(
      () => t.stdin.write('&'),
      (f) => f.includes('Every line shown again'),
    );
    return { type, back, clear };
  };
  await filterRound();
  const filters: { type: number; back: number; clear: number }[] = [];
  for (let i = 0; i < Math.max(5, PAIRS); i++) filters.push(await filterRound());
  t.instance.unmount();
  t.instance.cleanup();
  floor.instance.unmount();
  const sum = (o: { as: number[]; bs: number[]; ratios: number[] }) => ({
    a_ms: median(o.as),
    b_ms: median(o.bs),
    ratio: median(o.ratios),
    n: o.as.length,
    as: o.as,
    bs: o.bs,
    ratios: o.ratios,
  });
  return {
    open: sum(opens),
    move: sum(moves),
    firstOpenMs,
    wholeMs: median(wholeMs),
    filter: {
      pattern: PATTERN,
      matched,
      n: filters.length,
      type_ms: median(filters.map((f) => f.type)),
      backspace_ms: median(filters.map((f) => f.back)),
      clear_ms: median(filters.map((f) => f.clear)),
      types: filters.map((f) => f.type),
    },
    log: {
      chars: logChars,
      entries: warmParts[0]!.entries,
      shownLines,
      screenLines: rows.to - rows.from + 1,
      decodeWarmMs: median(warmParts.map((p) => p.decodeMs)),
      linesWarmMs: median(warmParts.map((p) => p.linesMs)),
    },
    bigParsesBeforeOpen: parsesBeforeOpen,
    bigParsesPerOpen: parsesPerOpen,
    what: 'DeploymentsScreen (pages from memory) → l on its first row → LogScreen (src/tui/screens/log/view.tsx) at the end of the log, 120×36, whole frames, maxFps 1000',
  };
}

/**
 * Auto-refresh on a page of rows with logs: the deployments screen against a local server that
 * counts what it answers (bench/demo-serve.ts), with the real client; refreshes every `period`
 * ms until `ticks` have been answered. Memory (after gc) at the start, every 20 ticks and at the
 * end, each read with refreshing paused and no request in flight.
 */
export async function logSoak() {
  const ticksWanted = Number(opt('ticks') ?? 120);
  const period = Number(opt('period') ?? 25);
  const url = opt('url')!;
  const token = opt('token')!;
  const app = opt('app')!;
  const real = createClient({ baseUrl: url, token });
  const byTake = new Map<number, number>();
  let ticks = 0;
  let fallbacks = 0;
  let lastWasProbe = false;
  let inFlight = 0;
  const client: DmsClient = {
    ...real,
    listDeployments: async (a, page = {}, o) => {
      const take = page.take ?? 10;
      // A tick starts with a one-row probe (light-refresh.ts: a running row, else the page's
      // lightest, so not always the first); a whole page right after a probe is the same tick
      // falling back to the page.
      if (take === 1) ticks++;
      else if (take !== 1) {
        if (lastWasProbe) fallbacks++;
        else ticks++;
      }
      lastWasProbe = false;
      inFlight++;
      try {
        const r = await real.listDeployments(a, page, o);
        byTake.set(take, (byTake.get(take) ?? 0) + 1);
        lastWasProbe = take === 1;
        return r;
      } finally {
        inFlight--;
      }
    },
  };
  const stats = async (reset = false) => {
    const res = await fetch(`${url}/__stats${reset ? '?reset=1' : ''}`, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as { byTake: Record<string, { requests: number; bytes: number }>; pageBytes: number };
  };
  const height = 36;
  const t0 = performance.now();
  const t = mount(<Screen client={client} app={app} height={height} refreshMs={1e9} />, height, TUI_MAX_FPS);
  await t.stdout.until((f) => rangeOf(f)?.[1] === '1', 60_000);
  await sleep(100);
  const quiet = async () => {
    t.instance.rerender(<Screen client={client} app={app} height={height} refreshMs={1e9} />);
    while (inFlight > 0) await sleep(5);
    await sleep(50);
  };
  const resume = () => t.instance.rerender(<Screen client={client} app={app} height={height} refreshMs={period} />);
  const start = reading();
  const loadStats = await stats(true);
  const ticks0 = ticks;
  const series: { ticks: number; heapMiB: number; rssMiB: number }[] = [];
  let after20 = start;
  const tickStart = performance.now();
  resume();
  for (let at = 20; at <= ticksWanted; at += 20) {
    const deadline = Date.now() + 120_000;
    while (ticks - ticks0 < at) {
      if (Date.now() > deadline) throw new Error(`only ${ticks - ticks0} auto-refreshes in 120 s`);
      await sleep(5);
    }
    await quiet();
    const r = reading();
    if (at === 20) after20 = r;
    series.push({ ticks: ticks - ticks0, ...r });
    if (at + 20 <= ticksWanted) resume();
  }
  const tickMs = performance.now() - tickStart;
  await quiet();
  const end = reading();
  const soakStats = await stats();
  const ms = performance.now() - t0;
  const rangeShown = rangeOf(t.stdout.last)?.[0];
  t.instance.unmount();
  t.instance.cleanup();
  const n = ticks - ticks0;
  const bytes = Object.values(soakStats.byTake).reduce((x, s) => x + s.bytes, 0);
  const requests = Object.values(soakStats.byTake).reduce((x, s) => x + s.requests, 0);
  return {
    ticks: n,
    period,
    fallbacks,
    tickMs,
    ms,
    start,
    after20,
    end,
    series,
    rangeShown,
    firstLoad: loadStats.byTake,
    byTake: soakStats.byTake,
    clientCalls: Object.fromEntries(byTake),
    pageBytes: soakStats.pageBytes,
    bytesPerTick: bytes / n,
    requestsPerTick: requests / n,
    what: `DeploymentsScreen against a counting local server (real client), 120×36, take 10, auto-refresh every ${period} ms`,
  };
}
