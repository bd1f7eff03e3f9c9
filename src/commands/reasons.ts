// `dms reasons APP_UUID [--since T] [-o table|json|ndjson|csv]`: the failed deployments of a
// window grouped by why they failed (model/clusters.ts), the cluster seen last first. Read with the
// whole-history scan as `--all` reads it (rate budget, 429s, the progress line, Ctrl+C), newest
// first, stopping at the first deployment older than --since (default 30 days); each failed row's
// reason is read from the end of its log and only the cluster's numbers and ids are kept. A reading
// that stops (a fault, Ctrl+C) prints the clusters of what was read, says so, and exits by its cause.
import { LocalValidationError } from '../api/errors.js';
import { pageProblems } from '../api/uuid.js';
import { agesText, createClusters, type Cluster } from '../model/clusters.js';
import { reasonOf } from '../model/reason.js';
import { clean, jsonSafe } from '../text/sanitize.js';
import { thousands } from '../text/thousands.js';
import { truncate } from '../text/cells.js';
import type { Parsed } from './args.js';
import { oneApp, outputFlag } from './args.js';
import { OUTPUTS, parseTime } from './deployments-args.js';
import { EXIT } from './exit-codes.js';
import type { CommandIO } from './io.js';
import { keepHeapTight } from './progress.js';
import { MOVED_WARNING, readHistoryWindow, sayStoppedShort, type HistoryRead } from './history-window.js';
import { csvLine } from './row-output.js';
import type { Session } from './connect.js';
import { paint, type Style } from './table.js';

/** The window when --since is not given. */
export const DEFAULT_SINCE = '30d';

/** A deployment in a cluster: its id, else its uuid. */
type Member = number | string;

export interface ReasonsArgs {
  readonly app: string;
  /** Deployments created at or after (ms). */
  readonly since: number;
  readonly output: (typeof OUTPUTS)[number];
}

/** Checks every argument; nothing has been sent yet. `now`: what relative times (`7d`) count back from. */
export function reasonsArgs(parsed: Parsed, now = Date.now()): ReasonsArgs {
  const app = oneApp(parsed, 'reasons');
  const v = parsed.values;
  const output = outputFlag(v, OUTPUTS) ?? 'table';
  const since = parseTime('since', typeof v.since === 'string' ? v.since : DEFAULT_SINCE, now);
  return { app, output, since };
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** A cluster as JSON, NDJSON and CSV give it. */
export function clusterJson(c: Cluster<Member>) {
  return {
    reason: c.reason,
    count: c.count,
    first: iso(c.first),
    last: iso(c.last),
    deployments: c.members,
    kind: c.kind,
    example: c.example,
  };
}

/** `Module not found: Can't resolve '@/lib/analytics' ×7 (last 1d, first 12d)`, the reason cut to fit `width`. */
export function clusterLine(c: Cluster<unknown>, now: number, width = Infinity): string {
  const tail = ` ×${thousands(c.count)} ${agesText(c, now)}`;
  return `${truncate(c.reason, Math.max(10, width - tail.length))}${tail}`;
}

export async function runReasons(args: ReasonsArgs, io: CommandIO, session: Session, style: Style): Promise<number> {
  keepHeapTight();
  const problems = pageProblems(args.app, {});
  if (problems.length > 0) throw new LocalValidationError(problems);
  const acc = createClusters<Member>();
  const { redact } = session.client;
  const r = await readHistoryWindow(
    args.app,
    args.since,
    io,
    session,
    (view, record) => {
      if (view.phase === 'failed') acc.add(view, reasonOf(record, { redact }), view.id ?? view.uuid);
    },
    () => [acc.failed, 'failed'],
  );
  if (r.stopped && r.stopped.read === 0) throw r.stopped.reason;
  const clusters = acc.clusters();
  const now = Date.now();
  // Every string of a cluster comes from the server: cleaned before it reaches the terminal or a file.
  const shown = clusters.map((c) => ({ ...c, reason: clean(c.reason), example: clean(c.example) }));
  if (args.output === 'json') io.stdout.write(`${jsonSafe(JSON.stringify(shown.map(clusterJson), null, 2))}\n`);
  else if (args.output === 'ndjson') io.stdout.write(shown.map((c) => `${jsonSafe(JSON.stringify(clusterJson(c)))}\n`).join(''));
  else if (args.output === 'csv') {
    const head = csvLine(['reason', 'count', 'first', 'last', 'deployments', 'kind', 'example']);
    const rows = shown.map((c) => {
      const j = clusterJson(c);
      return csvLine([j.reason, String(j.count), j.first ?? '', j.last ?? '', j.deployments.join(' '), j.kind, j.example]);
    });
    io.stdout.write(head + rows.join(''));
  } else {
    const out = io.stdout as NodeJS.WriteStream;
    const width = out.isTTY && out.columns ? Math.max(40, out.columns) : Infinity;
    const failed = `${thousands(acc.failed)} failed deployment${acc.failed === 1 ? '' : 's'}`;
    const head = `${r.name ? `${clean(r.name)} · ` : ''}${failed} since ${new Date(args.since).toISOString().slice(0, 10)}${
      acc.failed > 0 ? ` in ${thousands(clusters.length)} cluster${clusters.length === 1 ? '' : 's'}` : ''
    }`;
    const lines = shown.map((c) => clusterLine(c, now, width));
    io.stdout.write(`${[paint(style, 'bold', head), ...lines].join('\n')}\n`);
  }
  return sayEnd(r, io, session);
}

/** Warnings and why the reading stopped short, on stderr: the exit code. */
function sayEnd(r: HistoryRead, io: CommandIO, session: Session): number {
  if (r.gaps) io.stderr.write(MOVED_WARNING);
  return sayStoppedShort({ ...r, interrupted: r.interrupted && !r.done }, io, session.client.redact) ?? EXIT.ok;
}
