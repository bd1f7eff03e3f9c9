// The deployments list's figures: 3 (key → frame at 10, 30, 50 and 100 rows), 4 (the first frame of a
// 1000-row table), 5 (memory over 200 page changes and 100 refreshes) and 6 (5,000 keys at once).
import React from 'react';
import { performance } from 'node:perf_hooks';
import { Text } from 'ink';
import { createClient, type DmsClient } from '../../src/api/client.js';
import { DeploymentTable, type TableRow } from '../../src/tui/components/deployment-table.js';
import { HEADER_LINES } from '../../src/tui/components/header.js';
import { fittingTake } from '../../src/tui/take.js';
import { keysOf, viewOf } from '../../src/model/deployment.js';
import { cellsOf, fitColumns, pageColumns } from '../../src/model/columns.js';
import { colourTheme, ThemeProvider } from '../../src/tui/theme.js';
import {
  PAIRS,
  ROW,
  Screen,
  cursorRow,
  gc,
  loadRecords,
  median,
  memoryClient,
  opt,
  rangeOf,
  reading,
  sleep,
  trivialFloor,
} from './common.js';
import { mount, ScreenStdout, TUI_MAX_FPS, WIDTH, type Term } from './terminal.js';

export async function budget() {
  const all = await loadRecords();
  const client = memoryClient(all);
  const { floor, floorChange } = await trivialFloor();

  const figures = [];
  // `--rows 30,fit50`: pages of 30 set with + (as before), or the rows that fit a 50-line terminal (dms's own page size).
  const sizes = (opt('rows') ?? '10,30,50,100,fit50').split(',');
  for (const size of sizes) {
    const fitLines = /^fit(\d+)$/.exec(size)?.[1];
    // Header + the history strip 1 + table frame 4 + message 1 + footer 1 + 1 spare lines around the rows.
    const height = fitLines ? Number(fitLines) : Number(size) + HEADER_LINES + 8;
    const rows = fitLines ? fittingTake(height) : Number(size);
    if (all.length < 2 * rows) throw new Error(`the app has ${all.length} deployments; ${2 * rows} are needed for pages of ${rows}`);
    const t = mount(<Screen client={client} app="bench-app" height={height} refreshMs={1e9} pageRows={fitLines ? null : 10} />, height + 2);
    await t.stdout.until((f) => f.includes(`1–${fitLines ? rows : 10} of ${all.length.toLocaleString('en-US')}`));
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
      return t.stdout.timeFrame(
        () => t.stdin.write(key),
        (f) => cursorRow(f) === want,
      );
    };
    let next = true;
    const page = async () => {
      gc();
      await sleep(40);
      const key = next ? 'n' : 'p';
      const want = next ? `${rows + 1}–${2 * rows} of` : `1–${rows} of`;
      next = !next;
      return t.stdout.timeFrame(
        () => t.stdin.write(key),
        (f) => f.includes(want),
      );
    };

    for (const [kind, a] of [
      ['cursor', cursor],
      ['page', page],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        await a();
        await floorChange();
      }
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
      figures.push({
        kind,
        rows,
        ...(fitLines ? { terminal: height } : {}),
        a_ms: median(as),
        b_ms: median(bs),
        ratio: median(ratios),
        ratios,
        as,
        bs,
        pairs: PAIRS,
      });
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

export async function big() {
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
    const stdout = new ScreenStdout(WIDTH, rows.length + 20);
    const ms = await stdout.timeFrame(() => {
      term = mount(node, rows.length + 20, 1000, stdout);
    }, done);
    term?.instance.unmount();
    term?.instance.cleanup();
    return ms;
  };
  const lastKey = String(all[all.length - 1]?.id ?? '');
  const a = () =>
    once(
      <ThemeProvider value={colourTheme}>
        <DeploymentTable rows={rows} columns={columns} />
      </ThemeProvider>,
      (f) => f.includes('└') && f.includes(lastKey),
    );
  const b = () => once(<Text>count 0</Text>, (f) => f.includes('count 0'));
  await a();
  await b();
  const as: number[] = [];
  const bs: number[] = [];
  const ratios: number[] = [];
  const n = Math.max(3, Math.ceil(PAIRS / 3));
  for (let i = 0; i < n; i++) {
    const x = await a();
    const y = await b();
    as.push(x);
    bs.push(y);
    ratios.push(x / y);
  }
  return { rows: rows.length, a_ms: median(as), b_ms: median(bs), ratio: median(ratios), pairs: n };
}

// ------------------------------------------------------------------ figure 5: soak

export async function soak() {
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
    pages,
    refreshes: answered - base,
    frames: t.stdout.frames,
    start,
    after20,
    end,
    ms,
    series,
    what: 'DeploymentsScreen against the demo service (real client), 120×36, take 10',
  };
}

// ------------------------------------------------------------------ figure 6: a burst of keys

/**
 * 5,000 `n` read at once (a paste, a macro): from the write to the frame of the last page. Each
 * key moves the wanted page on; one request goes out, for the page wanted last.
 */
export async function burst() {
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
    singles.push(
      await t.stdout.timeFrame(
        () => t.stdin.write('n'),
        (f) => f.includes(`11–20 of ${all.length.toLocaleString('en-US')}`),
      ),
    );
    await sleep(20);
    runs.push(
      await t.stdout.timeFrame(
        () => t.stdin.write('n'.repeat(5000)),
        (f) => f.includes(last),
      ),
    );
    t.instance.unmount();
    t.instance.cleanup();
  }
  return {
    a_ms: median(runs),
    b_ms: median(singles),
    ratio: median(runs) / median(singles),
    keys: 5000,
    pages: all.length / 10,
    what: `5,000 n read at once by DeploymentsScreen (${all.length} deployments, 10 a page), to the frame of the last page`,
  };
}
