// Figure 8: `/` over the whole history of monorepo-ci (50,000 deployments) on the deployments
// screen, with the real client and its search worker: time to the one match at the end, memory,
// requests, and cursor moves while the search reads.
import React from 'react';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { DmsClient } from '../../src/api/client.js';
import { createLazyClient } from '../../src/api/lazy-client.js';
import { createHistorySearch } from '../../src/search/history-search.js';
import { GeneratedHistory } from '../../src/demo/generated-history.js';
import { MONOREPO_CI, MONOREPO_CI_APP } from '../../src/demo/seed-apps-big.js';
import { ROW, Screen, cursorRow, gc, median, opt, rangeOf, reading, sleep } from './common.js';
import { mount } from './terminal.js';

const KEY_ESCAPE = '\u001b';

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
    if (/^[0-9a-f]{40}$/.test(d.commitSha))
      return { text: d.commitSha.slice(0, 12), short: d.commitSha.slice(0, 7), id: d.id, index: age, count: plan.count };
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
export async function search() {
  const url = opt('url')!;
  const token = opt('token')!;
  const app = opt('app')!;
  const movesQuery = opt('moves-query') ?? 'failed';
  if (app !== MONOREPO_CI) throw new Error(`the search figure is made for monorepo-ci (${MONOREPO_CI}), not ${app}`);
  const needle = oldestCommit();
  // The search runs in the search worker, as in dms (built next to the binary): the requests are
  // counted by the demo's proxy (SCAN_URL), the screen's own (first page, strip) here.
  const searchWorker = pathToFileURL(opt('search-worker')!);
  const real = createLazyClient({ baseUrl: url, token });
  const historySearch = createHistorySearch({ client: real, worker: { file: searchWorker, options: { baseUrl: url, token } } });
  interface Req {
    skip: number;
    take: number;
    bytes: number;
    at: number;
    ms: number;
  }
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
    for (let idle = 0; idle < 10;) {
      await sleep(20);
      idle = inFlight === 0 ? idle + 1 : 0;
    }
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
  const t = mount(<Screen client={client} search={historySearch} app={app} height={height} refreshMs={1e9} />, height);
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
    if (i === 0) {
      after = afterLast;
      scan = asked;
      during = d;
    }
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
  const pause = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return 10 + (seed % 31);
  };
  const move = async (wait: number) => {
    const key = down ? 'j' : 'k';
    const want = down ? 1 : 0;
    down = !down;
    const due = performance.now() + wait;
    await sleep(wait);
    let written = 0;
    let searching = false;
    const ms = await t.stdout.timeFrame(
      () => {
        written = performance.now();
        searching = t.stdout.last.includes(SEARCHING);
        t.stdin.write(key);
      },
      (f) => cursorRow(f) === want,
      30_000,
      due,
    );
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
  // What it found, from the frame that said so (a later frame may say something else: a row's reason).
  const movesDone = searchDone(await t.stdout.until((f) => !!searchDone(f), 110_000))!;
  const movesSearchMs = performance.now() - startAll;
  const movesDuring = sampleMoves();
  const movesScan = await stats();
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
    needle: needle.text,
    needleId: needle.id,
    needleIndex: needle.index,
    total: searched,
    searchMs,
    searchesMs,
    before,
    after,
    afterLast,
    maxRssMiB,
    during,
    screenRequests,
    requests: scan.length,
    byTake,
    bytes: scan.reduce((x, r) => x + r.bytes, 0),
    requestMs: median(scan.map((r) => r.ms)),
    movesRequests: movesScan.length,
    moves: {
      query: movesQuery,
      n: moving.length,
      median: median(moving),
      p90: sorted[Math.floor(0.9 * (sorted.length - 1))],
      max: sorted.at(-1),
      fromWriteMedian: median(fromWrite),
      during: movesDuring,
      spanMs: moveAt.at(-1),
      searchMs: movesSearchMs,
      found: num(movesDone[1]),
      idleMedian: median(idle),
      all: moving.map((x) => Number(x.toFixed(2))),
    },
    what: 'DeploymentsScreen on monorepo-ci against the bench demo service (lazy client; the search in the search worker; token with logs), 120×36, whole frames, maxFps 1000',
  };
}
