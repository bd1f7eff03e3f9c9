// Figure 1 of the bench (bench/run.mjs): the TUI's first frame. `dms browse APP` in a
// pseudo-terminal until its header shows "1–N of" (N: the rows that fit), against the stock Ink
// hello world in the same rounds (dms, hello world, dms, …); on the pages with logs also against
// fetch + JSON.parse of the same page, and held to the slower of the two floors round by round.
// Shapes: shapes.mjs; docs/bench.md, figure 1, and docs/decisions/2026-11-26-issue-26-three-page-shapes.md.
import { loadavg } from 'node:os';
import { timed } from './proc.mjs';
import { deployedRequests, pageShape } from './shapes.mjs';
import { fmt, median, rounds } from './stats.mjs';

const RANGE = '1–[0-9]+ of';
const HELLO = 'Hello from Ink';
const loadNow = () => Number(loadavg()[0].toFixed(2));

/** The first page as dms asks it (skip 0, `take` rows), fetched once: its size and rows. */
async function firstPage(shape, take) {
  const res = await fetch(`${shape.url}/deployments/applications/${shape.app}?skip=0&take=${take}`, {
    headers: { authorization: `Bearer ${shape.env.DMS_TOKEN}`, accept: 'application/json' },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`the first page of ${shape.name} answered ${res.status}: ${text.slice(0, 200)}`);
  const body = JSON.parse(text);
  const logs = body.deployments.map((r) => (typeof r.logs === 'string' ? r.logs.length : 0));
  return {
    bytes: Buffer.byteLength(text),
    rows: body.deployments.length,
    count: body.count,
    newestLogChars: logs[0] ?? 0,
    logChars: logs.reduce((a, b) => a + b, 0),
  };
}

/**
 * Figure 1 on one page shape: the record of dms's first frame against its floors. `run`: what the
 * bench set up (the demo, its config folder, node and dms, the floors, the pairs, the terminal's size).
 */
export async function firstFrameFigure(run, shapeName, figureName, key, goal, max) {
  const { demo, configDir, node: NODE, bin: BIN, hello, helloDms, fetchParseFloor, pairs: PAIRS, termSize: TERM_SIZE } = run;
  const shape = pageShape(demo, shapeName, configDir);
  const heavy = shapeName === 'heavy' || shapeName === 'logs';
  const deployed = shapeName === 'queue' || shapeName === 'heavy';
  const take = shape.take ?? demo.deployedTake;
  if (take === undefined) throw new Error('the demo service named no DEPLOYED_TAKE (the rows that fit)');
  const page = await firstPage(shape, take);
  if (deployed) await deployedRequests(demo); // forget firstPage's request
  const load = [loadNow()];
  const firstOutput = [];
  const runs = {
    dms: async () => {
      const run = await timed([NODE, BIN, 'browse', shape.app], { env: shape.env, pty: TERM_SIZE, until: RANGE });
      firstOutput.push(run.first_ms);
      return run.ms;
    },
    hello: async () => (await timed([NODE, hello], { env: shape.env, pty: TERM_SIZE, until: HELLO })).ms,
  };
  // Heavy pages: the same request dms makes (skip 0, the rows that fit), parsed, "1–N of" printed.
  if (heavy)
    runs.fetchParse = async () =>
      (await timed([NODE, fetchParseFloor, shape.app, String(take)], { env: shape.env, pty: TERM_SIZE, until: RANGE })).ms;
  // For the record, not a floor: the hello world bundled with dms's string-width.
  if (shapeName === 'light')
    runs.helloDms = async () => (await timed([NODE, helloDms], { env: shape.env, pty: TERM_SIZE, until: HELLO })).ms;
  const r = await rounds({ runs, rounds: PAIRS });
  load.push(loadNow());

  // On the deployed shapes, each dms run must have asked for the page the demo wrote out at start
  // (and the floor fetched): skip 0, `take` rows. Later requests (after the first frame) are counted.
  let later = 0;
  if (deployed) {
    const seen = await deployedRequests(demo);
    const firsts = seen.filter((q) => q.skip === 0 && q.take === take);
    const expected = (PAIRS + 1) * (heavy ? 2 : 1);
    if (firsts.length < expected) {
      throw new Error(
        `the demo answered ${firsts.length} first pages of ${take} rows for ${expected} runs; requests seen: ${seen
          .slice(0, 8)
          .map((q) => `skip=${q.skip}&take=${q.take}`)
          .join(', ')}`,
      );
    }
    if (firsts.some((q) => !q.prebuilt)) throw new Error('a first page was built on request, not written out at start');
    later = seen.length - firsts.length;
  }

  const m = r.medians;
  const vsHello = r.ratio('dms', 'hello');
  const first = median(firstOutput.slice(1)); // without the warm-up round
  const pageText =
    `${page.rows} rows of ${page.count}, ${page.bytes >= 2 ** 20 ? `${fmt(page.bytes / 2 ** 20, 1)} MiB` : `${fmt(page.bytes / 1024, 0)} KiB`}` +
    `${heavy ? `, the newest row's log ${fmt(page.newestLogChars / 2 ** 20, 1)} MiB (the ${page.rows - 1} others' ${fmt((page.logChars - page.newestLogChars) / 2 ** 20, 1)} MiB)` : ''}` +
    `${deployed ? ', answered from memory' : ', built by the demo on each request'}`;
  const common = {
    figure: figureName,
    key,
    status: 'measured',
    goal,
    max,
    pairs: r.n,
    a_ms: m.dms,
    hello_ms: m.hello,
    first_output_ms: first,
    ratio_hello: vsHello.ratio,
    ratios_hello: vsHello.ratios,
    runs_ms: r.values,
    load,
    shape: shapeName,
    app: shape.app,
    take,
    page_bytes: page.bytes,
    page_rows: page.rows,
    page_count: page.count,
    later_requests: deployed ? later : undefined,
  };
  const tail = `; page: ${pageText}${deployed && later ? `; ${later} later requests (after the first frame) in ${PAIRS + 1} runs` : ''}; load ${load.join(' → ')}`;
  if (!heavy) {
    const dmsBuilt = m.helloDms;
    return {
      ...common,
      value: vsHello.ratio,
      b_ms: m.hello,
      ratios: vsHello.ratios,
      hello_dms_ms: dmsBuilt,
      detail:
        `dms browse ${shape.label} → "1–${page.rows} of" ${fmt(m.dms, 0)} ms (first output at ${fmt(first, 0)} ms) vs the Ink hello world ${fmt(m.hello, 0)} ms` +
        `${dmsBuilt ? `; the hello world bundled with dms's string-width ${fmt(dmsBuilt, 0)} ms (dms ${fmt(r.ratio('dms', 'helloDms').ratio, 2)}× it)` : ''}${tail}`,
    };
  }
  const vsFetch = r.ratio('dms', 'fetchParse');
  const vsSlower = r.ratio('dms', (v) => Math.max(v.hello, v.fetchParse));
  const helloSlower = r.values.hello.filter((h, i) => h >= r.values.fetchParse[i]).length;
  const slower = r.values.hello.map((h, i) => Math.max(h, r.values.fetchParse[i]));
  return {
    ...common,
    value: vsSlower.ratio,
    b_ms: median(slower),
    ratios: vsSlower.ratios,
    fetch_parse_ms: m.fetchParse,
    ratio_fetch_parse: vsFetch.ratio,
    ratios_fetch_parse: vsFetch.ratios,
    hello_slower_rounds: helloSlower,
    log_chars: page.newestLogChars,
    detail:
      `dms browse ${shape.label} → "1–${page.rows} of" ${fmt(m.dms, 0)} ms (first output at ${fmt(first, 0)} ms); floors in the same rounds:` +
      ` the Ink hello world ${fmt(m.hello, 0)} ms (dms ${fmt(vsHello.ratio, 2)}× it), fetch+JSON.parse of the same page ${fmt(m.fetchParse, 0)} ms (dms ${fmt(vsFetch.ratio, 2)}× it);` +
      ` the slower of the two, round by round (the hello world in ${helloSlower} of ${r.n} rounds), ${fmt(median(slower), 0)} ms: dms ${fmt(vsSlower.ratio, 2)}×${tail}`,
  };
}
