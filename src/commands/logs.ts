// `dms logs APP_UUID [DEPLOYMENT] [--follow [--wait-timeout S]] [--debug] [--timestamps] [--json]`
// Prints a deployment's log (service-behaviour.md, "Deployment logs"); with --follow, polls that
// one deployment until it is final and exits by its outcome. With --reason, only the line that
// explains how it ended (model/reason.ts). With --steps, its steps' timings (logs-steps.ts).
import type { AppAddress } from '../api/app-address.js';
import { isAppUuid } from '../api/uuid.js';
import { durationOf } from '../model/duration.js';
import { findDeployment, newestDeployment, refOf, relocate, type DeploymentRef, type ListPage, type Located } from '../model/follow.js';
import { NO_LOGS, logLines, maskerFor, plainLine, readLog, type LogEntry, type LogLine, type Masker } from '../model/log.js';
import type { DeploymentView } from '../model/deployment.js';
import { noReasonText, reasonOf } from '../model/reason.js';
import { spansToAnsi } from '../text/ansi.js';
import { PLAIN_ID_WORDS, idText, isPlainId } from '../text/plain-id.js';
import { clean, jsonSafe } from '../text/sanitize.js';
import { quotedArg, type Parsed } from './args.js';
import { EXIT, UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';
import type { Session } from './connect.js';
import { appArg, checkAddressHost } from './app-arg.js';
import { nameOfRecords, rememberApp } from './remember.js';
import { printSteps, stepsArgs, type StepsOutput } from './logs-steps.js';

export interface LogsArgs {
  readonly app: string;
  /** APP was the address of the application's or a deployment's page: its host must be the connection's. */
  readonly address?: AppAddress;
  /** The deployment asked for; undefined: the newest. */
  readonly ref: DeploymentRef | undefined;
  readonly follow: boolean;
  /** --wait-timeout in ms. */
  readonly waitMs: number | undefined;
  readonly debug: boolean;
  readonly timestamps: boolean;
  readonly json: boolean;
  /** Print only the reason of the failure. */
  readonly reason: boolean;
  /** --steps: the steps' timings, as a table or JSON (logs-steps.ts). */
  readonly steps: StepsOutput | undefined;
}

export interface LogsOptions {
  /** Time between polls with --follow (default 2 s; DMS_FOLLOW_INTERVAL_MS for tests). */
  readonly intervalMs?: number;
  /** Where SIGINT comes from. */
  readonly signals?: NodeJS.EventEmitter;
}

const INTERVAL_MS = 2000;
const DEPLOYMENT_REF = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
// setTimeout's longest delay (~24.8 days): a longer --wait-timeout waits that long.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Checks the arguments before anything is sent. */
export function logsArgs(parsed: Parsed): LogsArgs {
  const [appText, given, extra] = parsed.positionals;
  const v = parsed.values;
  if (!appText) throw new UsageError("give the application uuid (or its page's address): dms logs APP_UUID [DEPLOYMENT].");
  const { app, address } = appArg(appText);
  if (!isAppUuid(app))
    throw new UsageError("APP_UUID must be an application uuid (letters, digits and -) or its page's address. Run dms logs --help.");
  // A deployment's address names the deployment: a second one would be a contradiction.
  if (address?.deployment !== undefined && given !== undefined) {
    throw new UsageError(
      "the address is a deployment's page, which names the deployment: leave out DEPLOYMENT, or give the application's address.",
    );
  }
  const deployment = given ?? address?.deployment;
  // Not echoed: a pasted token must not end up on the screen.
  if (extra !== undefined) throw new UsageError('unexpected extra argument. Run dms logs --help.');
  if (deployment !== undefined && !DEPLOYMENT_REF.test(deployment)) {
    throw new UsageError('DEPLOYMENT must be a deployment id (a number) or uuid. Run dms logs --help.');
  }
  let waitMs: number | undefined;
  const raw = v['wait-timeout'];
  if (raw !== undefined) {
    if (v.follow !== true) throw new UsageError('--wait-timeout bounds --follow; add --follow, or leave it out.');
    if (typeof raw !== 'string' || !/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0) {
      const shown = typeof raw === 'string' ? quotedArg(raw) : undefined;
      throw new UsageError(`--wait-timeout must be a number of seconds greater than 0${shown ? `, not ${shown}` : ''}.`);
    }
    waitMs = Math.round(Number(raw) * 1000);
  }
  if (v.reason === true) {
    const other = (['follow', 'json', 'timestamps', 'debug'] as const).find((f) => v[f] === true);
    if (other) throw new UsageError(`--reason prints one line and takes no --${other}; leave one of them out.`);
  }
  const steps = stepsArgs(v);
  return {
    app,
    ...(address ? { address } : {}),
    ref: deployment === undefined ? undefined : refOf(deployment),
    follow: v.follow === true,
    waitMs,
    debug: v.debug === true,
    timestamps: v.timestamps === true,
    json: v.json === true,
    reason: v.reason === true,
    steps,
  };
}

const BOLD = '\u001b[1m';
const RED = '\u001b[31m';
const RESET = '\u001b[0m';

/** One line for stdout: plain, or with colours when the terminal shows them. */
function render(line: LogLine, args: LogsArgs, color: boolean): string {
  if (!color) return plainLine(line, { timestamps: args.timestamps });
  const stamp = args.timestamps && line.timestamp !== '' ? `${line.timestamp} ` : '';
  if (line.kind === 'cmd') return `${stamp}${BOLD}$ ${line.text}${RESET}`;
  if (line.spans) return stamp + spansToAnsi(line.spans);
  return line.kind === 'err' && line.text !== '' ? `${stamp}${RED}${line.text}${RESET}` : stamp + line.text;
}

/** Entries `from` on as JSON lines: command and output cleaned (as the lines show them) and masked. */
function jsonLines(entries: readonly LogEntry[], lines: readonly LogLine[], mask: Masker, from: number, debug: boolean): string[] {
  const command = new Map<number, string>();
  const output = new Map<number, string[]>();
  // The timestamp as the lines show it: cleaned and masked (any text a server sends may hold a secret).
  const stamp = new Map<number, string>();
  for (const l of lines) {
    stamp.set(l.entry, l.timestamp);
    if (l.kind === 'cmd') command.set(l.entry, l.text);
    else output.set(l.entry, [...(output.get(l.entry) ?? []), l.text]);
  }
  const out: string[] = [];
  for (let i = from; i < entries.length; i++) {
    const e = entries[i]!;
    if (e.hidden && !debug) continue;
    const text = JSON.stringify({
      command: command.get(i) ?? null,
      output: (output.get(i) ?? []).join('\n'),
      type: e.stderr ? 'stderr' : 'stdout',
      timestamp: stamp.get(i) ?? mask(clean(e.timestamp)),
      hidden: e.hidden,
      batch: e.batch,
      order: e.order,
    });
    // JSON.stringify leaves C1 controls, bidi and invisible characters as they are: escaped here.
    out.push(jsonSafe(text));
  }
  return out;
}

/** Final: finished, failed, cancelled, or a status dms does not know that has a finish time. */
export function isFinal(view: DeploymentView): boolean {
  return (
    view.phase === 'finished' ||
    view.phase === 'failed' ||
    view.phase === 'cancelled' ||
    (view.phase === 'unknown' && view.finishedAt !== null)
  );
}

export function outcomeCode(view: DeploymentView): number {
  switch (view.phase) {
    case 'finished':
      return EXIT.ok;
    case 'failed':
      return EXIT.failed;
    case 'cancelled':
      return EXIT.cancelled;
    default:
      return EXIT.failure;
  }
}

/** `deployment 248`; by uuid when the server gives no id (quoted when it is not a plain id); else `the deployment`. */
export function deploymentName(view: DeploymentView): string {
  if (view.id !== null) return `deployment ${view.id}`;
  return view.uuid === '' ? 'the deployment' : `deployment ${idText(view.uuid)}`;
}

/** `Resume with: dms logs APP 248 --follow`; no command when the server names the deployment by no plain id. */
export function resumeLine(app: string, view: DeploymentView): string {
  const ref = view.id !== null ? String(view.id) : view.uuid;
  if (isPlainId(ref)) return `Resume with: dms logs ${app} ${ref} --follow`;
  const why =
    ref === '' ? 'the server gives it no id or uuid' : `its ${view.id !== null ? 'id' : 'uuid'} is not a plain id (${PLAIN_ID_WORDS})`;
  return `No command to resume is suggested: ${why}.`;
}

/** `deployment 248 in progress (1m 12s)`, `deployment 248 finished after 3m 12s`. */
function statusLine(name: string, view: DeploymentView): string {
  const { text } = durationOf(view, Date.now());
  if (view.phase === 'queued' || text === '') return `dms: ${name} ${view.statusText}`;
  return isFinal(view) ? `dms: ${name} ${view.statusText} after ${text}` : `dms: ${name} ${view.statusText} (${text})`;
}

export async function runLogs(
  parsed: Parsed,
  io: CommandIO,
  session: Session,
  style: { readonly color: boolean },
  options: LogsOptions = {},
): Promise<number> {
  const args = logsArgs(parsed);
  checkAddressHost(args.address, session.connection);
  const { client } = session;
  const say = (line: string) => {
    io.stderr.write(`${client.redact(line)}\n`);
  };

  const stop = new AbortController();
  // A reader that went away (`dms logs … | head`, EPIPE): stop quietly.
  let closed = false;
  io.stdout.on('error', () => {
    closed = true;
    stop.abort();
  });
  const write = async (lines: readonly string[]) => {
    if (closed || lines.length === 0) return;
    if (io.stdout.write(`${lines.join('\n')}\n`)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        io.stdout.off('drain', done);
        io.stdout.off('close', done);
        io.stdout.off('error', done);
        resolve();
      };
      io.stdout.on('drain', done).on('close', done).on('error', done);
    });
  };

  const list: ListPage = (skip, take) => client.listDeployments(args.app, { skip, take }, { signal: stop.signal });
  const at: Located | undefined = args.ref ? await findDeployment(list, args.ref) : await newestDeployment(list);
  if (!at) {
    say(
      args.ref
        ? `dms: no deployment ${args.ref.id ?? args.ref.uuid} among the deployments of application ${args.app}. dms deployments ${args.app} lists them.`
        : `dms: application ${args.app} has no deployments.`,
    );
    return EXIT.notFound;
  }

  const name = deploymentName(at.view);
  if (args.reason) return printReason(at.view, name, io, client.redact, say);
  if (args.steps) {
    const code = await printSteps({ app: args.app, view: at.view, name, output: args.steps, client, io, style, signals: options.signals });
    rememberApp(session, io, args.app, nameOfRecords([at.view.record]));
    return code;
  }
  let printed = 0;
  let noted = false;

  /** Prints the entries not printed yet; a number when the command must end with it. */
  const show = async (view: DeploymentView, first: boolean): Promise<number | undefined> => {
    const log = readLog(view.record);
    if (log.kind === 'absent') {
      if (!noted) say(NO_LOGS);
      noted = true;
      return undefined;
    }
    if (log.kind === 'unreadable') {
      say(`dms: the log of ${name} could not be read: ${log.reason}`);
      return EXIT.failure;
    }
    const { entries } = log;
    if (entries.length <= printed) {
      if (first && entries.length === 0 && (io.stderr as NodeJS.WriteStream).isTTY && !(args.follow && view.active)) {
        say(`dms: the log of ${name} is empty.`);
      }
      return undefined;
    }
    const mask = maskerFor(view.record, client.redact);
    const lines = logLines(entries, mask, printed);
    const from = printed;
    printed = entries.length;
    if (args.json) await write(jsonLines(entries, lines, mask, from, args.debug));
    else await write(lines.filter((l) => args.debug || !l.hidden).map((l) => render(l, args, style.color)));
    return undefined;
  };

  const failed = await show(at.view, true);
  rememberApp(session, io, args.app, nameOfRecords([at.view.record]));
  if (failed !== undefined) return failed;
  if (!args.follow || closed) return EXIT.ok;

  return follow({ at, name, stop, list, say, show }, args, String(parsed.values['wait-timeout']), io, options);
}

/** What following a deployment's log needs of the run. */
interface Following {
  readonly at: Located;
  readonly name: string;
  /** Aborted by Ctrl+C, --wait-timeout, or a reader that went away. */
  readonly stop: AbortController;
  readonly list: ListPage;
  readonly say: (line: string) => void;
  /** Prints the entries not printed yet; a number when the command must end with it. */
  readonly show: (view: DeploymentView, first: boolean) => Promise<number | undefined>;
}

/** Following: until the deployment is final, --wait-timeout passes, Ctrl+C, or stdout closes. */
async function follow(
  f: Following,
  args: ReturnType<typeof logsArgs>,
  waitTimeout: string,
  io: CommandIO,
  options: LogsOptions,
): Promise<number> {
  const { name, stop, list, say, show } = f;
  let at = f.at;
  let why: 'timeout' | 'interrupt' | undefined;
  const onSigint = () => {
    why = 'interrupt';
    stop.abort();
  };
  const signals = options.signals ?? process;
  signals.on('SIGINT', onSigint);
  const deadline =
    args.waitMs === undefined
      ? undefined
      : setTimeout(
          () => {
            why = 'timeout';
            stop.abort();
          },
          Math.min(args.waitMs, MAX_TIMER_MS),
        );
  const interval = options.intervalMs ?? (Number(io.env.DMS_FOLLOW_INTERVAL_MS) || INTERVAL_MS);
  try {
    say(statusLine(name, at.view));
    for (;;) {
      if (isFinal(at.view)) return outcomeCode(at.view);
      await sleep(interval, stop.signal);
      if (stop.signal.aborted) break;
      const next: Located | undefined = await relocate(list, at);
      if (!next) {
        say(`dms: ${name} is no longer where it was in the history of application ${args.app}; stopped following.`);
        return EXIT.failure;
      }
      const before = at.view.status;
      at = next;
      const failedNow = await show(at.view, false);
      if (failedNow !== undefined) return failedNow;
      if (at.view.status !== before) say(statusLine(name, at.view));
    }
  } catch (error) {
    if (!stop.signal.aborted) throw error;
  } finally {
    signals.off('SIGINT', onSigint);
    clearTimeout(deadline);
  }
  if (why === 'timeout') {
    say(`dms: stopped waiting after ${waitTimeout}s; ${name} is still ${at.view.statusText}. ${resumeLine(args.app, at.view)}`);
    return EXIT.timedOut;
  }
  if (why === 'interrupt') {
    say(`dms: stopped following; ${name} goes on (Ctrl+C does not cancel it). ${resumeLine(args.app, at.view)}`);
    return EXIT.interrupted;
  }
  return EXIT.ok; // stdout closed
}

/** `--reason`: the line on stdout (exit 0), or why there is none on stderr (exit 11; 1 when the log cannot be read). */
function printReason(
  view: DeploymentView,
  name: string,
  io: CommandIO,
  redact: (s: string) => string,
  say: (line: string) => void,
): number {
  const reason = reasonOf(view.record, { redact });
  if (reason.kind === 'reason') {
    io.stdout.write(`${reason.text}\n`);
    return EXIT.ok;
  }
  if (reason.why === 'unreadable') {
    say(`dms: the log of ${name} could not be read: ${reason.detail ?? 'it is not JSON'}`);
    return EXIT.failure;
  }
  const status = reason.why === 'not ended badly' ? ` (${view.statusText})` : '';
  say(`dms: no reason for ${name}${status}: ${noReasonText(reason.why)}.`);
  return EXIT.noReason;
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
