// Figure 15 (query): a query typed key by key in the deployments list's `/` over a loaded page,
// as the screen's state does it on each key: the reducer (the filter line, the cursor kept inside
// the rows shown), the rows the query leaves (parse, match, sort), and the line's check of the
// query. Bundled at bench time; usage: node query.js BODY.json ROWS REPEATS. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { readListBody } from '../src/api/client.js';
import { initialPaging, pagingReducer, visibleRows } from '../src/tui/browse/paging.js';
import { filterProblem } from '../src/tui/browse/paging-state.js';
import { browseReducer, initialBrowse, type BrowseState } from '../src/tui/browse/state.js';

const [file, rowsArg = '100', repeatsArg = '20'] = process.argv.slice(2);
if (!file) throw new Error('usage: query.js BODY.json ROWS REPEATS');
const page = await readListBody(JSON.parse(readFileSync(file, 'utf8')));
if (!page) throw new Error('not a deployment list');
const rows = Number(rowsArg);
const deployments = page.deployments.slice(0, rows);
const start = initialPaging();
const loaded = pagingReducer(start, {
  type: 'loaded',
  seq: start.want.seq,
  page: { deployments, total: deployments.length },
  at: Date.now(),
});
const base = initialBrowse(loaded);

/** What is typed: fields, a comparison, a negation, a phrase, a regex and a word, one key at a time. */
const QUERY = 'status:failed,finished -source:rollback dur>1m since:30d "fix" /bump|add/i deps';

function typeAll(sorted: boolean): number[] {
  let s: BrowseState = browseReducer(base, { type: 'filterStart' });
  if (sorted) s = browseReducer(s, { type: 'sort', order: { field: 'duration', desc: true } });
  const perKey: number[] = [];
  for (const ch of QUERY) {
    const t = performance.now();
    s = browseReducer(s, { type: 'filterText', text: ch });
    visibleRows(s.paging);
    filterProblem(s.paging.filter);
    perKey.push(performance.now() - t);
  }
  return perKey;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

const first = typeAll(false);
const all: number[] = [];
const sortedAll: number[] = [];
for (let i = 0; i < Number(repeatsArg); i++) {
  all.push(...typeAll(false));
  sortedAll.push(...typeAll(true));
}
process.stdout.write(
  `${JSON.stringify({
    rows: deployments.length,
    keys: QUERY.length,
    firstMaxMs: Math.max(...first),
    medianMs: median(all),
    p95Ms: p95(all),
    maxMs: Math.max(...all),
    sortedMedianMs: median(sortedAll),
    sortedP95Ms: p95(sortedAll),
  })}\n`,
);
