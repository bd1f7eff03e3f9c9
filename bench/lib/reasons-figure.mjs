// Figure 12: `dms reasons` over the whole 50,000-deployment history (monorepo-ci, --since far
// enough back to read it all): every failed row's reason read from the end of its log and folded
// into its cluster, against `dms deployments --all -o ndjson` of the same history, side by side
// (the same scan; the ratio is the cost of the reasons and clusters), plus its peak RSS.
import { fmt, pairs } from './stats.mjs';
import { timed } from './proc.mjs';
import { ratioRecord, rssRecord } from './records.mjs';

/** Before every deployment of the demo's history: the window is all of it. */
const ALL_TIME = '2000-01-01';

export async function reasonsFigure({ node, bin, app, env, pairs: n, record }) {
  const reasonsCmd = [node, bin, 'reasons', app, '--since', ALL_TIME, '-o', 'json'];
  const allCmd = [node, bin, 'deployments', app, '--all', '-o', 'ndjson'];
  // Once through a pipe: the clusters must count the whole history's failures.
  const check = await timed(reasonsCmd, { env, timeoutS: 300 });
  if (check.out_bytes < 200) throw new Error(`dms reasons printed only ${check.out_bytes} bytes`);
  const rss = [];
  const r = await pairs({
    pairs: n,
    a: async () => {
      const run = await timed(reasonsCmd, { env, nullStdout: true, timeoutS: 300 });
      rss.push(run.maxrss_kib);
      return run.ms;
    },
    b: async () => (await timed(allCmd, { env, nullStdout: true, timeoutS: 300 })).ms,
  });
  ratioRecord(record, {
    figure: 'reasons: dms reasons / --all -o ndjson',
    key: 'reasonsTime',
    r,
    detail:
      `dms reasons monorepo-ci --since ${ALL_TIME} -o json ${fmt(r.a / 1000, 2)} s vs dms deployments monorepo-ci --all -o ndjson > /dev/null ${fmt(r.b / 1000, 2)} s;` +
      ` 50,000 deployments with their short logs (token with logs), the same scan; ${r.n} pairs`,
  });
  rssRecord(record, { figure: 'reasons: peak RSS', key: 'reasonsRss', rss, what: 'dms reasons over the whole history' });
}
