// `dms stats APP_UUID [--since T] [--until T] [-o table|json]`: the history in numbers and
// pictures (model/stats.ts, model/stats-report.ts), read with the whole-history scan as `--all`
// reads it — rate budget, 429s, the progress line, Ctrl+C — keeping a few numbers per deployment,
// never the records. A reading that stops (a fault, Ctrl+C) prints the stats of what was read,
// says so, and exits by its cause.
import { LocalValidationError } from '../api/errors.js';
import { pageProblems } from '../api/uuid.js';
import { createStats, statsOf, type StatsWindow } from '../model/stats.js';
import { reportLines, statsJson, windowText } from '../model/stats-report.js';
import { jsonSafe } from '../text/sanitize.js';
import { thousands } from '../text/thousands.js';
import type { Parsed } from './args.js';
import { oneApp, outputFlag } from './args.js';
import { parseTime } from './deployments-args.js';
import { EXIT, UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';
import { keepHeapTight } from './progress.js';
import { MOVED_WARNING, readHistoryWindow, sayStoppedShort } from './history-window.js';
import type { Session } from './connect.js';
import { paint, type Style } from './table.js';

export const STATS_OUTPUTS = ['table', 'json'] as const;

export interface StatsArgs {
  readonly app: string;
  readonly window: StatsWindow;
  readonly output: (typeof STATS_OUTPUTS)[number];
}

/** Checks every argument; nothing has been sent yet. `now`: what relative times (`7d`) count back from. */
export function statsArgs(parsed: Parsed, now = Date.now()): StatsArgs {
  const app = oneApp(parsed, 'stats');
  const v = parsed.values;
  const output = outputFlag(v, STATS_OUTPUTS, ' or ') ?? 'table';
  const since = typeof v.since === 'string' ? parseTime('since', v.since, now) : undefined;
  const until = typeof v.until === 'string' ? parseTime('until', v.until, now) : undefined;
  if (since !== undefined && until !== undefined && until <= since) {
    throw new UsageError(
      `--until (${new Date(until).toISOString()}) is not after --since (${new Date(since).toISOString()}): the window is empty.`,
    );
  }
  return { app, output, window: { ...(since !== undefined ? { since } : {}), ...(until !== undefined ? { until } : {}) } };
}

/** Cells the table takes: the terminal's width, else 80. */
function widthOf(stdout: NodeJS.WritableStream): number {
  const out = stdout as NodeJS.WriteStream;
  return out.isTTY && out.columns ? Math.max(40, out.columns) : 80;
}

export async function runStats(args: StatsArgs, io: CommandIO, session: Session, style: Style): Promise<number> {
  keepHeapTight();
  const problems = pageProblems(args.app, {});
  if (problems.length > 0) throw new LocalValidationError(problems);
  const acc = createStats();
  const r = await readHistoryWindow(args.app, args.window.since, io, session, (view) => acc.add(view));
  const { name, stopped } = r;
  if (stopped && stopped.read === 0) throw stopped.reason;
  const interrupted = r.interrupted && !r.done;
  const complete = stopped === undefined && !interrupted;
  const stats = statsOf(acc, args.window, Date.now());

  if (args.output === 'json') {
    io.stdout.write(
      `${jsonSafe(JSON.stringify({ application: { uuid: args.app, name: name ?? null }, ...statsJson(stats, args.window, complete) }, null, 2))}\n`,
    );
  } else {
    const width = widthOf(io.stdout);
    const head = `${name ? `${name} · ` : ''}${thousands(stats.deployments)} deployment${stats.deployments === 1 ? '' : 's'} · ${windowText(stats)}${complete ? '' : ` · the newest ${thousands(acc.count)} read (stopped)`}`;
    const lines = [
      { text: head.slice(0, width), tone: 'title' as const },
      ...reportLines(stats, { width, durationRows: 5, failureRows: 3, branches: 20 }),
    ];
    io.stdout.write(`${lines.map((l) => (l.tone === 'title' ? paint(style, 'bold', l.text) : l.text)).join('\n')}\n`);
  }

  if (r.gaps) io.stderr.write(MOVED_WARNING);
  return sayStoppedShort({ ...r, interrupted }, io, session.client.redact) ?? EXIT.ok;
}
