// Figures 3, 4 (table render), 5, 7 (the log viewer, the soak on a page with logs) and 8 (`/` over
// the whole history): the TUI's
// deployments screen rendered by Ink into a fake terminal, in-process. Bundled at bench time
// (bench/run.mjs) with the settings of the binary; run with --expose-gc. Prints one JSON line.
//
//   node --expose-gc render.js budget --pairs N (--body FILE | --url U --token T --app A)
//   node --expose-gc render.js big --body FILE
//   node --expose-gc render.js soak --url U --token T --app A [--pages 200] [--refreshes 100]
//   node --expose-gc render.js logview --body FILE --pairs N [--moves M]
//   node --expose-gc render.js logsoak --url U --token T --app A [--ticks 120] [--period 25]
//   node --expose-gc render.js search --url U --token T --app A [--repeat 3] [--moves-query failed]
import React, { useState } from 'react';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { render, Text, useInput, type Instance } from 'ink';
import { createClient, readListBody, type DmsClient } from '../src/api/client.js';
import { createLazyClient } from '../src/api/lazy-client.js';
import { logLines, maskerFor, readLog } from '../src/model/log.js';
import { readDeploymentList, type Deployment } from '../src/api/schemas/index.js';
import { DeploymentsScreen } from '../src/tui/screens/deployments/view.js';
import { DeploymentTable, type TableRow } from '../src/tui/components/deployment-table.js';
import { HEADER_LINES } from '../src/tui/components/header.js';
import { keysOf, viewOf } from '../src/model/deployment.js';
import { cellsOf, fitColumns, pageColumns } from '../src/model/columns.js';
import { colourTheme, ThemeProvider } from '../src/tui/theme.js';
import { InputProvider } from '../src/tui/input/bus.js';
import { FakeStdin } from '../test/tui/support/render.js';
import { GeneratedHistory } from '../src/demo/generated-history.js';
import { MONOREPO_CI, MONOREPO_CI_APP } from '../src/demo/seed-apps-big.js';

const WIDTH = 120;
const args = process.argv.slice(2);
const mode = args[0];
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const PAIRS = Number(opt('pairs') ?? 11);
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------ a fake terminal

const NOT_FRAMES = new Set(['\u001b[?2026h', '\u001b[?2026l', '\u001b[?25l', '\u001b[?25h']);

/**
 * What a terminal shows, from the bytes written: enough of VT100 for Ink's log-update
 * (incremental mode rewrites only changed lines: cursor up/next-line, erase line, column 1).
 */
class VirtualScreen {
  lines: string[] = [''];
  private row = 0;
  private col = 0;

  apply(data: string) {
    const re = /\u001b\[([?0-9;]*)([@-~])|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b.|\n|\r|[^\u001b\n\r]+/g;
    for (const m of data.matchAll(re)) {
      const tok = m[0];
      if (tok === '\n') { this.row++; this.col = 0; this.ensure(); continue; }
      if (tok === '\r') { this.col = 0; continue; }
      if (m[2] !== undefined) {
        const p = m[1] ?? '';
        const n = p === '' || p.startsWith('?') ? 1 : Math.max(1, Number(p.split(';')[0]) || 1);
        switch (m[2]) {
          case 'A': this.row = Math.max(0, this.row - n); break;
          case 'B': this.row += n; this.ensure(); break;
          case 'E': this.row += n; this.col = 0; this.ensure(); break;
          case 'F': this.row = Math.max(0, this.row - n); this.col = 0; break;
          case 'G': this.col = n - 1; break;
          case 'H': this.row = 0; this.col = 0; break;
          case 'J': if (p === '2' || p === '3') { this.lines = ['']; this.row = 0; this.col = 0; } break;
          case 'K':
            if (p === '2') this.lines[this.row] = '';
            else if (p === '' || p === '0') this.lines[this.row] = [...(this.lines[this.row] ?? '')].slice(0, this.col).join('');
            break;
          default: break; // colours, cursor show/hide, synchronized output
        }
        continue;
      }
      if (tok.startsWith('\u001b')) continue;
      const chars = [...(this.lines[this.row] ?? '')];
      while (chars.length < this.col) chars.push(' ');
      const text = [...tok];
      chars.splice(this.col, text.length, ...text);
      this.lines[this.row] = chars.join('');
      this.col += text.length;
    }
  }

  private ensure() {
    while (this.lines.length <= this.row) this.lines.push('');
  }

  text(): string {
    return this.lines.join('\n');
  }
}

/** stdout of `columns` × `rows`: keeps the screen and wakes whoever waits for a frame. */
class FakeStdout extends EventEmitter {
  readonly isTTY = true;
  frames = 0;
  readonly screen = new VirtualScreen();
  private waiter: ((screen: string) => boolean) | null = null;

  constructor(public columns: number, public rows: number) {
    super();
  }

  get last(): string {
    return this.screen.text();
  }

  write = (data: string | Uint8Array): boolean => {
    const s = typeof data === 'string' ? data : Buffer.from(data).toString('utf8');
    this.screen.apply(s);
    // The synchronized-update brackets (CSI ? 2026 h/l) and cursor show/hide are not frames.
    if (!NOT_FRAMES.has(s)) {
      this.frames++;
      if (this.waiter?.(this.screen.text())) this.waiter = null;
    }
    return true;
  };

  /**
   * Resolves with the ms from `send()` (or from `from`, a performance.now() time: when the key was
   * due) to the first frame after which the screen passes `done`.
   */
  timeFrame(send: () => void, done: (screen: string) => boolean, timeoutMs = 10_000, from?: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = null;
        const lines = this.last.split('\n');
        reject(new Error(`no matching frame in ${timeoutMs} ms; screen:\n${lines.slice(0, 4).join('\n')}\n…\n${lines.slice(4).join('\n').slice(-1200)}`));
      }, timeoutMs);
      const t0 = from ?? performance.now();
      this.waiter = (screen) => {
        if (!done(screen)) return false;
        const ms = performance.now() - t0;
        clearTimeout(timer);
        resolve(ms);
        return true;
      };
      send();
    });
  }

  /** Waits (untimed) until the screen passes `done`. */
  async until(done: (screen: string) => boolean, timeoutMs = 10_000): Promise<string> {
    if (done(this.last)) return this.last;
    await this.timeFrame(() => {}, done, timeoutMs);
    return this.last;
  }
}

interface Term {
  stdout: FakeStdout;
  stdin: FakeStdin;
  instance: Instance;
}

/** Ink's frame rate cap as src/tui/run.tsx sets it. */
const TUI_MAX_FPS = 60;
/**
 * Whole frames, as src/tui/run.tsx draws them: Ink 6.8's incrementalRendering moves the frame
 * down one line per update whenever the frame is shorter than the terminal (seen in tmux too),
 * leaving stale lines on screen, so neither the TUI nor the bench uses it.
 */
const INCREMENTAL = false;

function mount(node: React.ReactElement, rows: number, maxFps = 1000): Term {
  const stdout = new FakeStdout(WIDTH, rows);
  const stdin = new FakeStdin();
  const stderr = new FakeStdout(WIDTH, rows);
  // maxFps 1000 for timing: the TUI's 60 fps throttle would hold back a frame that follows
  // another within 17 ms (the page change draws "loading" then the page); we time the work.
  const instance = render(node, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    exitOnCtrlC: false,
    patchConsole: false,
    incrementalRendering: INCREMENTAL,
    maxFps,
  });
  return { stdout, stdin, instance };
}

// ------------------------------------------------------------------ what is rendered

const connection = { label: 'bench', host: '127.0.0.1', demo: false };
const noop = () => {};

function Screen({ client, app, height, refreshMs }: { client: DmsClient; app: string; height: number; refreshMs: number }) {
  return (
    <InputProvider>
      <ThemeProvider value={colourTheme}>
      <DeploymentsScreen
        client={client}
        appUuid={app}
        connection={connection}
        showSecrets={false}
        width={WIDTH}
        height={height}
        active
        refreshMs={refreshMs}
        onHelp={noop}
        onQuit={noop}
        onCreate={noop}
      />
      </ThemeProvider>
    </InputProvider>
  );
}

/** The floor: one <Text> whose content changes on a key. */
function Trivial() {
  const [n, setN] = useState(0);
  useInput((input) => {
    if (input === 'j') setN((x) => x + 1);
  });
  return <Text>count {n}</Text>;
}

/** A client answering from memory: pages without the network. */
function memoryClient(all: Deployment[]): DmsClient {
  return {
    listDeployments: async (_app, page = {}) => {
      const skip = page.skip ?? 0;
      const take = page.take ?? 10;
      return { deployments: all.slice(skip, skip + take), total: all.length };
    },
    listRecords: () => Promise.reject(new Error('not in the bench')),
    createPublicApplication: () => Promise.reject(new Error('not in the bench')),
    createDocstore: () => Promise.reject(new Error('not in the bench')),
    redact: (s) => s,
  };
}

async function loadRecords(): Promise<Deployment[]> {
  const body = opt('body');
  let raw: unknown;
  if (body) raw = JSON.parse(readFileSync(body, 'utf8'));
  else {
    const res = await fetch(`${opt('url')}/deployments/applications/${opt('app')}?take=1000`, {
      headers: { authorization: `Bearer ${opt('token')}`, accept: 'application/json' },
    });
    raw = await res.json();
  }
  const page = readDeploymentList(raw);
  if (!page) throw new Error('not a deployment list');
  return page.deployments;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** Index of the table row the cursor marker (›) is on, or -1. */
/** A data row of the table: a status mark in it (the heading has none). */
const ROW = /^.{0,3}│.*[✓✗●○⊘] /;
const cursorRow = (frame: string) => frame.split('\n').filter((l) => ROW.test(l)).findIndex((l) => l.startsWith('›'));
const rangeOf = (frame: string) => /([\d,]+)–([\d,]+) of ([\d,]+)/.exec(frame);

// ------------------------------------------------------------------ figure 3: render budget

/** The floor of the frame figures: a one-<Text> app, and a change of it timed key → frame. */
async function trivialFloor() {
  const floor = mount(<Trivial />, 40);
  await floor.stdout.until((f) => f.includes('count 0'));
  let count = 0;
  const floorChange = async () => {
    gc();
    await sleep(40);
    count++;
    return floor.stdout.timeFrame(() => floor.stdin.write('j'), (f) => f.includes(`count ${count}`));
  };
  return { floor, floorChange };
}

async function budget() {
  const all = await loadRecords();
  const client = memoryClient(all);
  const { floor, floorChange } = await trivialFloor();

  const figures = [];
  for (const rows of [10, 30, 100]) {
    if (all.length < 2 * rows) throw new Error(`the app has ${all.length} deployments; ${2 * rows} are needed for pages of ${rows}`);
    // Header + the history strip 1 + table frame 4 + message 1 + footer 1 + 1 spare lines around the rows.
    const height = rows + HEADER_LINES + 8;
    const t = mount(<Screen client={client} app="bench-app" height={height} refreshMs={1e9} />, height + 2);
    await t.stdout.until((f) => f.includes(`1–10 of ${all.length.toLocaleString('en-US')}`));
    // `+` steps the page size 10 → 15 → 20 → 30 → 50 → 75 → 100.
    while (!t.stdout.last || !t.stdout.last.includes(`1–${rows} of`)) {
      const before = rangeOf(t.stdout.last)?.[2];
      t.stdin.write('+');
      await t.stdout.until((f) => rangeOf(f)?.[2] !== before && !!rangeOf(f));
    }
    const shownRows = t.stdout.last.split('\n').filter((l) => ROW.test(l)).length;
    if (shownRows !== rows) throw new Error(`expected ${rows} table rows on screen, saw ${shownRows}; screen:\n${t.stdout.last}`);

    // The cursor goes 0 → 1 → 0 …; a frame counts when its marker is on the new row.
    let down = true;
    const cursor = async () => {
      gc();
      await sleep(40);
      const key = down ? 'j' : 'k';
      const want = down ? 1 : 0;
      down = !down;
      return t.stdout.timeFrame(() => t.stdin.write(key), (f) => cursorRow(f) === want);
    };
    let next = true;
    const page = async () => {
      gc();
      await sleep(40);
      const key = next ? 'n' : 'p';
      const want = next ? `${rows + 1}–${2 * rows} of` : `1–${rows} of`;
      next = !next;
      return t.stdout.timeFrame(() => t.stdin.write(key), (f) => f.includes(want));
    };

    for (const [kind, a] of [['cursor', cursor], ['page', page]] as const) {
      for (let i = 0; i < 2; i++) { await a(); await floorChange(); }
      const as: number[] = [];
      const bs: number[] = [];
      const ratios: number[] = [];
      for (let i = 0; i < PAIRS; i++) {
        const x = await a();
        const y = await floorChange();
        as.push(x);
        bs.push(y);
        ratios.push(x / y);
      }
      figures.push({ kind, rows, a_ms: median(as), b_ms: median(bs), ratio: median(ratios), ratios, as, bs, pairs: PAIRS });
    }
    t.instance.unmount();
    t.instance.cleanup();
  }
  floor.instance.unmount();
  return {
    figures,
    what: 'DeploymentsScreen (src/tui/screens/deployments/view.tsx), key → frame on screen, pages from memory, whole frames, maxFps 1000',
  };
}

// ------------------------------------------------------------------ figure 4: a 1000-row table

async function big() {
  const all = await loadRecords();
  const now = Date.now();
  const views = all.map(viewOf);
  const keys = keysOf(views);
  const cells = views.map((v) => cellsOf(v, now));
  const columns = fitColumns(pageColumns(cells).columns, cells, WIDTH - 2);
  const rows: TableRow[] = views.map((v, i) => ({ key: keys[i]!, cells: cells[i]!, status: v.status, flash: false }));
  const once = async (node: React.ReactElement, done: (f: string) => boolean) => {
    gc();
    await sleep(20);
    let term: Term | undefined;
    const stdout = new FakeStdout(WIDTH, rows.length + 20);
    const ms = await stdout.timeFrame(() => {
      term = { stdout, stdin: new FakeStdin(), instance: undefined as unknown as Instance };
      term.instance = render(node, {
        stdout: stdout as unknown as NodeJS.WriteStream, stdin: term.stdin as unknown as NodeJS.ReadStream,
        stderr: new FakeStdout(WIDTH, 10) as unknown as NodeJS.WriteStream, exitOnCtrlC: false, patchConsole: false, maxFps: 1000,
        incrementalRendering: INCREMENTAL,
      });
    }, done);
    term?.instance.unmount();
    term?.instance.cleanup();
    return ms;
  };
  const lastKey = String(all[all.length - 1]?.id ?? '');
  const a = () => once(<ThemeProvider value={colourTheme}><DeploymentTable rows={rows} columns={columns} /></ThemeProvider>, (f) => f.includes('└') && f.includes(lastKey));
  const b = () => once(<Text>count 0</Text>, (f) => f.includes('count 0'));
  await a(); await b();
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  const n = Math.max(3, Math.ceil(PAIRS / 3));
  for (let i = 0; i < n; i++) {
    const x = await a();
    const y = await b();
    as.push(x); bs.push(y); ratios.push(x / y);
  }
  return { rows: rows.length, a_ms: median(as), b_ms: median(bs), ratio: median(ratios), pairs: n };
}

// ------------------------------------------------------------------ figure 5: soak

function reading() {
  gc();
  gc();
  const m = process.memoryUsage();
  return {
    heapMiB: m.heapUsed / 2 ** 20, rssMiB: m.rss / 2 ** 20, externalMiB: m.external / 2 ** 20,
    heapTotalMiB: m.heapTotal / 2 ** 20, arrayBuffersMiB: m.arrayBuffers / 2 ** 20,
  };
}

async function soak() {
  const pages = Number(opt('pages') ?? 200);
  const refreshes = Number(opt('refreshes') ?? 100);
  const app = opt('app')!;
  const real = createClient({ baseUrl: opt('url')!, token: opt('token')! });
  let answered = 0;
  const client: DmsClient = {
    ...real,
    listDeployments: async (...a) => {
      const page = await real.listDeployments(...a);
      answered++;
      return page;
    },
  };
  const height = 36;
  const t0 = performance.now();
  const t = mount(<Screen client={client} app={app} height={height} refreshMs={1e9} />, height, TUI_MAX_FPS);
  await t.stdout.until((f) => !!rangeOf(f) && rangeOf(f)![1] === '1');
  const start = reading();
  let after20 = start;
  const series: { pages: number; heapMiB: number; rssMiB: number }[] = [];
  let range = rangeOf(t.stdout.last)!;
  let forward = true;
  for (let i = 1; i <= pages; i++) {
    const [, from, to, total] = range;
    // Back and forth through the whole list.
    if (Number(to) >= Number(total)) forward = false;
    else if (Number(from) === 1) forward = true;
    const key = forward ? 'n' : 'p';
    const before = `${from}–${to}`;
    t.stdin.write(key);
    await t.stdout.until((f) => !!rangeOf(f) && `${rangeOf(f)![1]}–${rangeOf(f)![2]}` !== before);
    range = rangeOf(t.stdout.last)!;
    if (i === 20) after20 = reading();
    if (i % 20 === 0) series.push({ pages: i, ...(i === 20 ? after20 : reading()) });
  }
  // Auto-refresh: back to the first page with a short period, and count the answers.
  t.stdin.write('g');
  await t.stdout.until((f) => rangeOf(f)?.[1] === '1');
  await sleep(50);
  const base = answered;
  t.instance.rerender(<Screen client={client} app={app} height={height} refreshMs={10} />);
  const deadline = Date.now() + 60_000;
  while (answered - base < refreshes) {
    if (Date.now() > deadline) throw new Error(`only ${answered - base} auto-refreshes in 60 s`);
    await sleep(20);
  }
  t.instance.rerender(<Screen client={client} app={app} height={height} refreshMs={1e9} />);
  await sleep(50);
  const end = reading();
  const ms = performance.now() - t0;
  t.instance.unmount();
  t.instance.cleanup();
  return {
    pages, refreshes: answered - base, frames: t.stdout.frames, start, after20, end, ms, series,
    what: 'DeploymentsScreen against the demo service (real client), 120×36, take 10',
  };
}

// ------------------------------------------------------------------ figure 6: a burst of keys

/**
 * 5,000 `n` read at once (a paste, a macro): from the write to the frame of the last page. Each
 * key moves the wanted page on; one request goes out, for the page wanted last.
 */
async function burst() {
  const all = await loadRecords();
  const client = memoryClient(all);
  const runs: number[] = [];
  const singles: number[] = [];
  const n = (x: number) => x.toLocaleString('en-US');
  const last = `${n(all.length - 9)}–${n(all.length)} of ${n(all.length)}`;
  for (let i = 0; i < PAIRS; i++) {
    const t = mount(<Screen client={client} app="bench-app" height={36} refreshMs={1e9} />, 38);
    await t.stdout.until((f) => f.includes(`1–10 of ${all.length.toLocaleString('en-US')}`));
    gc();
    await sleep(20);
    singles.push(await t.stdout.timeFrame(() => t.stdin.write('n'), (f) => f.includes(`11–20 of ${all.length.toLocaleString('en-US')}`)));
    await sleep(20);
    runs.push(await t.stdout.timeFrame(() => t.stdin.write('n'.repeat(5000)), (f) => f.includes(last)));
    t.instance.unmount();
    t.instance.cleanup();
  }
  return {
    a_ms: median(runs), b_ms: median(singles), ratio: median(runs) / median(singles), keys: 5000, pages: all.length / 10,
    what: `5,000 n read at once by DeploymentsScreen (${all.length} deployments, 10 a page), to the frame of the last page`,
  };
}

// ------------------------------------------------------------------ figure 7: the log viewer

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
async function logView() {
  const body: unknown = JSON.parse(readFileSync(opt('body')!, 'utf8'));
  const page = await readListBody(body);
  if (!page) throw new Error('not a deployment list');
  const all = page.deployments;
  const record = all[0]!;
  const logChars = typeof (record as { logs?: unknown }).logs === 'string' ? ((record as { logs: string }).logs).length : 0;
  if (logChars < 1_000_000) throw new Error(`the page's first row carries ${logChars} characters of log; a ~5 MB log is expected`);

  // What the viewer decodes, timed on its own (warm: after the first open), and the line it must show last.
  const parts = (): { decodeMs: number; linesMs: number; entries: number; lines: string[] } => {
    let t = performance.now();
    const read = readLog(record);
    const decodeMs = performance.now() - t;
    if (read.kind !== 'entries') throw new Error(`the log reads as ${read.kind}`);
    t = performance.now();
    const ls = logLines(read.entries, maskerFor(record, (x) => x));
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
  const firstOpenMs = await open((f) => { const r = logRangeOf(f); return !!r && r.to === r.total; });
  const parsesPerOpen = bigParses - parsesBeforeOpen;
  JSON.parse = realParse;
  const warmParts = [parts(), parts(), parts()];
  const shownLines = warmParts[0]!.lines.length;
  const lastText = [...warmParts[0]!.lines].reverse().find((x) => x.trim() !== '')!.trim().slice(0, 30);
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
    opens.as.push(x); opens.bs.push(y); opens.ratios.push(x / y);
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
    return t.stdout.timeFrame(() => t.stdin.write(key), (f) => { const r = logRangeOf(f); return !!r && r.from !== before; });
  };
  const moveN = Number(opt('moves') ?? 4 * PAIRS);
  for (let i = 0; i < 2; i++) { await move(); await floorChange(); }
  const moves = { as: [] as number[], bs: [] as number[], ratios: [] as number[] };
  for (let i = 0; i < moveN; i++) {
    const x = await move();
    const y = await floorChange();
    moves.as.push(x); moves.bs.push(y); moves.ratios.push(x / y);
  }
  const rows = logRangeOf(t.stdout.last)!;
  t.instance.unmount();
  t.instance.cleanup();
  floor.instance.unmount();
  const sum = (o: { as: number[]; bs: number[]; ratios: number[] }) => ({ a_ms: median(o.as), b_ms: median(o.bs), ratio: median(o.ratios), n: o.as.length, as: o.as, bs: o.bs, ratios: o.ratios });
  return {
    open: sum(opens), move: sum(moves), firstOpenMs, wholeMs: median(wholeMs),
    log: {
      chars: logChars, entries: warmParts[0]!.entries, shownLines, screenLines: rows.to - rows.from + 1,
      decodeWarmMs: median(warmParts.map((p) => p.decodeMs)), linesWarmMs: median(warmParts.map((p) => p.linesMs)),
    },
    bigParsesBeforeOpen: parsesBeforeOpen, bigParsesPerOpen: parsesPerOpen,
    what: 'DeploymentsScreen (pages from memory) → l on its first row → LogScreen (src/tui/screens/log.tsx) at the end of the log, 120×36, whole frames, maxFps 1000',
  };
}

/**
 * Auto-refresh on a page of rows with logs: the deployments screen against a local server that
 * counts what it answers (bench/demo-serve.ts), with the real client; refreshes every `period`
 * ms until `ticks` have been answered. Memory (after gc) at the start, every 20 ticks and at the
 * end, each read with refreshing paused and no request in flight.
 */
async function logSoak() {
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
      else if (take !== 1) { if (lastWasProbe) fallbacks++; else ticks++; }
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
    ticks: n, period, fallbacks, tickMs, ms, start, after20, end, series, rangeShown,
    firstLoad: loadStats.byTake, byTake: soakStats.byTake, clientCalls: Object.fromEntries(byTake),
    pageBytes: soakStats.pageBytes, bytesPerTick: bytes / n, requestsPerTick: requests / n,
    what: `DeploymentsScreen against a counting local server (real client), 120×36, take 10, auto-refresh every ${period} ms`,
  };
}

// ------------------------------------------------------------------ figure 8: `/` over the whole history

/**
 * What to search for: the start of the commit sha of the oldest deployment of monorepo-ci (the
 * end of its 50,000-deployment history) that has a sha, made by the demo's own generator
 * (src/demo/generated-history.ts: each deployment comes from its position alone, so the sha is the
 * same on every run). 12 hex digits: no other deployment's text holds them, so the one match is
 * the last thing the scan can find.
 */
function oldestCommit() {
  const plan = MONOREPO_CI_APP.generated!;
  const history = new GeneratedHistory(MONOREPO_CI, plan, Date.now(), '');
  for (let age = plan.count - 1; age >= 0; age--) {
    const d = history.at(age);
    if (/^[0-9a-f]{40}$/.test(d.commitSha)) return { text: d.commitSha.slice(0, 12), short: d.commitSha.slice(0, 7), id: d.id, index: age, count: plan.count };
  }
  throw new Error('no deployment of monorepo-ci has a commit sha');
}

const SEARCHING = '— Esc stops';
/** The message line once the search has read everything: `“…”: N found · searched all 50,000 · Enter opens …`. */
const searchDone = (frame: string) => /: ([\d,]+) found · searched all ([\d,]+)/.exec(frame);
const num = (x: string | undefined) => Number((x ?? '').replace(/,/g, ''));

/**
 * The deployments screen on monorepo-ci (50,000 deployments) against the bench's demo service,
 * with the real client: `/`, the needle, Enter; timed from Enter to the frame whose message line
 * says every deployment was searched with the one match in the results table. Memory after gc()
 * before the search (first page and strip loaded) and after it. Then, for the cursor: the same
 * search for a word that matches all along the history (`failed`), with j/k pressed in turn while
 * it reads, each timed from the key to the frame with the cursor on the next result; and the same
 * moves once it is done, for comparison.
 */
async function search() {
  const url = opt('url')!;
  const token = opt('token')!;
  const app = opt('app')!;
  const movesQuery = opt('moves-query') ?? 'failed';
  if (app !== MONOREPO_CI) throw new Error(`the search figure is made for monorepo-ci (${MONOREPO_CI}), not ${app}`);
  const needle = oldestCommit();
  // The search runs in the search worker, as in dms (built next to the binary): the requests are
  // counted by the demo's proxy (SCAN_URL), the screen's own (first page, strip) here.
  const searchWorker = pathToFileURL(opt('search-worker')!);
  const real = createLazyClient({ baseUrl: url, token, searchWorker });
  interface Req { skip: number; take: number; bytes: number; at: number; ms: number }
  const stats = async (): Promise<Req[]> => {
    const res = await fetch(`${url.replace(/\/api\/v1$/, '')}/__stats?reset=1`);
    return ((await res.json()) as { requests: Req[] }).requests;
  };
  let inFlight = 0;
  const client: DmsClient = {
    ...real,
    listDeployments: async (a, page = {}, o) => {
      inFlight++;
      try {
        return await real.listDeployments(a, page, o);
      } finally {
        inFlight--;
      }
    },
  };
  const quiet = async () => {
    for (let idle = 0; idle < 10;) { await sleep(20); idle = inFlight === 0 ? idle + 1 : 0; }
  };
  /** RSS sampled while the scan reads (no gc), the event loop's longest stall, and how busy it was. */
  const sampler = () => {
    let peak = 0;
    let worstLag = 0;
    let last = performance.now();
    const elu = performance.eventLoopUtilization();
    const timer = setInterval(() => {
      const now = performance.now();
      worstLag = Math.max(worstLag, now - last - 10);
      last = now;
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);
    return () => {
      clearInterval(timer);
      return { peakRssMiB: peak / 2 ** 20, worstLagMs: worstLag, busy: performance.eventLoopUtilization(elu).utilization };
    };
  };

  const height = 36;
  const t = mount(<Screen client={client} app={app} height={height} refreshMs={1e9} />, height);
  await t.stdout.until((f) => rangeOf(f)?.[1] === '1', 60_000);
  // The strip at a glance reads older rows after the first frame: let it finish first.
  await quiet();
  const before = reading();
  const screenRequests = (await stats()).length;

  const ask = async (text: string) => {
    t.stdin.write('/');
    await t.stdout.until((f) => f.includes('status, source, commit, subject'));
    t.stdin.write(text);
    await t.stdout.until((f) => f.split('\n').some((l) => l.startsWith(`/ ${text}`)));
    await sleep(50);
    await quiet(); // nothing else in flight when the search starts
  };

  // (a) the needle, found at the end; `--repeat` times (the time is their median, the memory and
  // requests those of the first; memory after the last, for the record).
  const repeat = Math.max(1, Number(opt('repeat') ?? 1));
  const found = (f: string) => {
    const m = searchDone(f);
    return !!m && m[1] === '1' && f.split('\n').some((l) => ROW.test(l) && (l.includes(needle.short) || l.includes(String(needle.id))));
  };
  const searchesMs: number[] = [];
  let scan: Req[] = [];
  let after = before;
  let afterLast = before;
  let during = { peakRssMiB: 0, worstLagMs: 0, busy: 0 };
  let searched = 0;
  for (let i = 0; i < repeat; i++) {
    if (i > 0) {
      t.stdin.write(KEY_ESCAPE);
      await t.stdout.until((f) => !searchDone(f) && !!rangeOf(f) && rangeOf(f)![1] === '1');
    }
    await ask(needle.text);
    gc();
    await stats();
    const sample = sampler();
    searchesMs.push(await t.stdout.timeFrame(() => t.stdin.write('\r'), found, 110_000));
    const d = sample();
    searched = num(searchDone(t.stdout.last)![2]);
    if (searched !== needle.count) throw new Error(`the search read ${searched} deployments of ${needle.count}`);
    await sleep(50);
    afterLast = reading();
    const asked = await stats();
    if (i === 0) { after = afterLast; scan = asked; during = d; }
  }
  const searchMs = median(searchesMs);
  const maxRssMiB = process.resourceUsage().maxRSS / 1024;

  // (b) j/k while a search reads, on a word found all along the history.
  t.stdin.write(KEY_ESCAPE);
  await t.stdout.until((f) => !searchDone(f) && !!rangeOf(f) && rangeOf(f)![1] === '1');
  await ask(movesQuery);
  await stats();
  const startAll = performance.now();
  const sampleMoves = sampler();
  t.stdin.write('\r');
  // Two results on the first page of results, the cursor on the first.
  await t.stdout.until((f) => f.includes(SEARCHING) && f.split('\n').filter((l) => ROW.test(l)).length >= 2 && cursorRow(f) === 0, 60_000);
  // A key is pressed at a moment of its own: each is due 10–40 ms after the last frame (spread so
  // they fall at every point of the scan's work), and timed from when it was due, so the time
  // includes waiting for what the main thread was doing then (a chunk being read, a frame), as a
  // user's key does; `fromWrite` is the same move timed from the write (the work after the key).
  const moving: number[] = [];
  const fromWrite: number[] = [];
  const moveAt: number[] = [];
  let down = true;
  let seed = 7;
  const pause = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return 10 + (seed % 31); };
  const move = async (wait: number) => {
    const key = down ? 'j' : 'k';
    const want = down ? 1 : 0;
    down = !down;
    const due = performance.now() + wait;
    await sleep(wait);
    let written = 0;
    let searching = false;
    const ms = await t.stdout.timeFrame(() => {
      written = performance.now();
      searching = t.stdout.last.includes(SEARCHING);
      t.stdin.write(key);
    }, (f) => cursorRow(f) === want, 30_000, due);
    return { ms, fromWrite: ms - (written - due), due, searching };
  };
  while (t.stdout.last.includes(SEARCHING)) {
    const m = await move(pause());
    // Only keys pressed while the search was still reading.
    if (!m.searching) break;
    moving.push(m.ms);
    fromWrite.push(m.fromWrite);
    moveAt.push(m.due - startAll);
  }
  await t.stdout.until((f) => !!searchDone(f), 110_000);
  const movesSearchMs = performance.now() - startAll;
  const movesDuring = sampleMoves();
  const movesScan = await stats();
  const movesDone = searchDone(t.stdout.last)!;
  // The same moves once the search is done (gc first, as figure 3), timed the same way.
  const idle: number[] = [];
  for (let i = 0; i < 2 + 20; i++) {
    gc();
    await sleep(20);
    const m = await move(pause());
    if (i >= 2) idle.push(m.ms);
  }
  t.instance.unmount();
  t.instance.cleanup();

  const byTake: Record<string, { requests: number; bytes: number }> = {};
  for (const r of scan) {
    const s = (byTake[r.take] ??= { requests: 0, bytes: 0 });
    s.requests += 1;
    s.bytes += r.bytes;
  }
  const sorted = [...moving].sort((x, y) => x - y);
  return {
    needle: needle.text, needleId: needle.id, needleIndex: needle.index, total: searched,
    searchMs, searchesMs, before, after, afterLast, maxRssMiB, during, screenRequests,
    requests: scan.length, byTake, bytes: scan.reduce((x, r) => x + r.bytes, 0),
    requestMs: median(scan.map((r) => r.ms)), movesRequests: movesScan.length,
    moves: {
      query: movesQuery, n: moving.length, median: median(moving), p90: sorted[Math.floor(0.9 * (sorted.length - 1))], max: sorted.at(-1),
      fromWriteMedian: median(fromWrite), during: movesDuring,
      spanMs: moveAt.at(-1), searchMs: movesSearchMs, found: num(movesDone[1]), idleMedian: median(idle), all: moving.map((x) => Number(x.toFixed(2))),
    },
    what: 'DeploymentsScreen on monorepo-ci against the bench demo service (lazy client with the search worker, token with logs), 120×36, whole frames, maxFps 1000',
  };
}

const run = { budget, big, soak, burst, logview: logView, logsoak: logSoak, search }[mode ?? ''];
if (!run) {
  process.stderr.write('usage: render.js budget|big|soak|burst|logview|logsoak|search …\n');
  process.exit(2);
}
const result = await run();
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
