// `dms create app … --wait`: after the 201, finds the new application's deployment (the answer
// does not name it: the list is polled until it shows one) and follows it to its end the way
// `dms logs --follow` does (model/follow.ts), exiting by its outcome with the same codes.
// Only reads are repeated; the creation itself was sent once, before this starts.
import { RateLimitedError, isApiError } from '../api/errors.js';
import type { DeploymentView } from '../model/deployment.js';
import { durationOf, formatDuration } from '../model/duration.js';
import { newestDeployment, relocate, type ListPage, type Located } from '../model/follow.js';
import { jsonSafe } from '../text/sanitize.js';
import { quotedArg, type Parsed } from './args.js';
import { EXIT, UsageError, exitCodeFor } from './exit-codes.js';
import type { CommandIO } from './io.js';
import { deploymentName as nameOf, isFinal, outcomeCode, sleep } from './logs.js';
import { errorLines } from './output.js';
import { sentRecord } from './row-output.js';
import type { Session } from './connect.js';

export interface WaitArgs {
  /** --wait-timeout in ms. */
  readonly ms: number;
  /** --wait-timeout as given (seconds), for messages. */
  readonly seconds: string;
}

export interface WaitOptions {
  /** Time between polls once the deployment is found (default 2 s; DMS_FOLLOW_INTERVAL_MS for tests). */
  readonly intervalMs?: number;
  /** Where SIGINT comes from. */
  readonly signals?: NodeJS.EventEmitter;
}

export const DEFAULT_WAIT_SECONDS = 1800;
const INTERVAL_MS = 2000;
/** The first look for the deployment comes soon; then less often, up to the interval. */
const FIRST_LOOK_MS = 250;
/** The longest pause between tries while the server does not answer. */
const MAX_BACKOFF_MS = 30_000;
// setTimeout's longest delay (~24.8 days): a longer --wait-timeout waits that long.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** --wait and --wait-timeout, checked before anything is sent; undefined without --wait. */
export function waitArgs(kind: string, parsed: Parsed, headless: boolean): WaitArgs | undefined {
  const v = parsed.values;
  const raw = v['wait-timeout'];
  if (v.wait !== true) {
    if (raw !== undefined) throw new UsageError('--wait-timeout bounds --wait; add --wait, or leave it out.');
    return undefined;
  }
  if (kind !== 'app') throw new UsageError('--wait goes with dms create app: a docstore has no deployment to wait for.');
  if (!headless) {
    throw new UsageError('--wait goes with --file or field flags (the form follows the deployment itself: Enter on its success screen).');
  }
  if (raw === undefined) return { ms: DEFAULT_WAIT_SECONDS * 1000, seconds: String(DEFAULT_WAIT_SECONDS) };
  if (typeof raw !== 'string' || !/^\d+(\.\d+)?$/.test(raw) || Number(raw) <= 0) {
    const shown = typeof raw === 'string' ? quotedArg(raw) : undefined;
    throw new UsageError(`--wait-timeout must be a number of seconds greater than 0${shown ? `, not ${shown}` : ''}.`);
  }
  return { ms: Math.round(Number(raw) * 1000), seconds: raw };
}

/** --wait waits for the deployment instant_deploy starts: without it there is none (checked before sending). */
export function requireInstantDeploy(body: Record<string, unknown>): void {
  if (body.instant_deploy === true) return;
  throw new UsageError(
    '--wait waits for the deployment that instant_deploy starts, and this request does not set it: add --instant-deploy (or "instant_deploy": true in the file), or leave --wait out. Nothing was sent.',
  );
}

/** Whether a failed read is worth trying again: the server or the way to it, not the request. */
function passing(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.kind === 'network' || error.kind === 'server' || error.kind === 'rate_limited' || error.kind === 'invalid_response')
  );
}

/** `dms: [12s] deployment 248 in progress (9s)`, `dms: [20s] deployment 248 finished after 17s`: the time since the 201 first. */
function statusLine(view: DeploymentView, elapsedMs: number): string {
  const { text } = durationOf(view, Date.now());
  const head = `dms: [${formatDuration(elapsedMs)}] ${nameOf(view)} ${view.statusText}`;
  if (view.phase === 'queued' || text === '') return head;
  return isFinal(view) ? `${head} after ${text}` : `${head} (${text})`;
}

/**
 * Follows the deployment of the application just created until it is final, --wait-timeout passes
 * or Ctrl+C; the exit code says which. `app` is a plain uuid (create.ts checks it before calling).
 */
export async function waitForDeployment(
  app: string,
  wait: WaitArgs,
  io: CommandIO,
  session: Session,
  output: { readonly json: boolean; readonly show: boolean },
  options: WaitOptions = {},
): Promise<number> {
  const { client } = session;
  const say = (line: string) => {
    io.stderr.write(`${client.redact(line)}\n`);
  };
  const begun = Date.now();
  const resume = `dms logs ${app} --follow`;
  const interval = options.intervalMs ?? (Number(io.env.DMS_FOLLOW_INTERVAL_MS) || INTERVAL_MS);

  const stop = new AbortController();
  let why: 'timeout' | 'interrupt' | undefined;
  const onSigint = () => {
    why = 'interrupt';
    stop.abort();
  };
  const signals = options.signals ?? process;
  signals.on('SIGINT', onSigint);
  const deadline = setTimeout(
    () => {
      why = 'timeout';
      stop.abort();
    },
    Math.min(wait.ms, MAX_TIMER_MS),
  );
  const list: ListPage = (skip, take) => client.listDeployments(app, { skip, take }, { signal: stop.signal });

  say(
    `dms: waiting for the deployment of application ${app} (at most ${formatDuration(wait.ms)}; Ctrl+C stops waiting, not the deployment).`,
  );
  let at: Located | undefined;
  let delay = Math.min(FIRST_LOOK_MS, interval);
  let failing = false;
  try {
    for (;;) {
      try {
        // Until it is listed: the newest row (a new application has no other); then that one, where it went.
        const next = at ? await relocate(list, at) : await newestDeployment(list);
        if (failing) say('dms: the server answers again.');
        failing = false;
        if (at && !next) {
          say(`dms: ${nameOf(at.view)} is no longer in the history of application ${app}; stopped waiting.`);
          return EXIT.failure;
        }
        if (next && (!at || next.view.status !== at.view.status)) say(statusLine(next.view, Date.now() - begun));
        if (next) at = next;
        if (at && isFinal(at.view)) break;
        delay = at ? interval : Math.min(delay * 2, interval);
      } catch (error) {
        if (stop.signal.aborted) break;
        // A new application may not be listed at once (404 for a moment): not there yet.
        if (!at && isApiError(error) && error.kind === 'not_found') {
          delay = Math.min(delay * 2, interval);
        } else if (passing(error)) {
          // Said once while it lasts; tried again, less and less often, until --wait-timeout.
          if (!failing) say(`${errorLines(error, client.redact)[0]} Trying again until the deployment is final or --wait-timeout passes.`);
          failing = true;
          // A 429's Retry-After, as far as dms honours it (10 s): never an hour, never a timer that overflows.
          const asked = error instanceof RateLimitedError ? (error.waitMs ?? 0) : 0;
          delay = Math.max(Math.min(Math.max(delay, interval) * 2, MAX_BACKOFF_MS), asked);
        } else {
          throw error;
        }
      }
      await sleep(delay, stop.signal);
      if (stop.signal.aborted) break;
    }
  } catch (error) {
    // The creation succeeded; only watching it failed (a 401, a 403…): say so, and how to go on.
    for (const line of errorLines(error, client.redact)) io.stderr.write(`${line}\n`);
    say(`dms: the application was created and its deployment goes on; watch it with: ${resume}`);
    return exitCodeFor(error);
  } finally {
    signals.off('SIGINT', onSigint);
    clearTimeout(deadline);
  }

  if (output.json && at) io.stdout.write(`${jsonSafe(JSON.stringify(sentRecord(at.view.record, output.show), null, 2))}\n`);
  if (at && isFinal(at.view)) return outcomeCode(at.view);
  if (why === 'interrupt') {
    say(`dms: stopped waiting; ${at ? nameOf(at.view) : 'the deployment'} goes on (Ctrl+C does not cancel it). Resume with: ${resume}`);
    return EXIT.interrupted;
  }
  say(
    at
      ? `dms: stopped waiting after ${wait.seconds}s (--wait-timeout); ${nameOf(at.view)} is still ${at.view.statusText}. Resume with: ${resume}`
      : `dms: stopped waiting after ${wait.seconds}s (--wait-timeout): the server never listed a deployment of application ${app}. Check with: dms deployments ${app}`,
  );
  return EXIT.timedOut;
}
