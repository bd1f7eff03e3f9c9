// `dms diff`'s two deployments, found in one read of the history newest first (the whole-history
// scan: rate budget, 429s, faults retried) that stops once both are: what the settings' and the
// logs' comparisons share. Says on stderr why it found none, and with what code to exit.
import type { DmsClient } from '../api/client.js';
import { sameDeployment } from '../model/deployment.js';
import { readPair, type Found, type PairWalk } from '../model/compare-find.js';
import { sideName } from '../model/compare-rows.js';
import { SCAN_TAKE, type DeploymentRef } from '../model/follow.js';
import { scanHistory, scanListOf, ScanStopped } from '../search/scan.js';
import type { DiffArgs } from './diff-args.js';
import { EXIT } from './exit-codes.js';
import type { CommandIO } from './io.js';
import { sayWait } from './output.js';

export const refText = (ref: DeploymentRef) => (ref.id !== null ? String(ref.id) : ref.uuid);

/** Both found (`a` the one named first), or the exit code, the reason said. */
export type PairFound = { readonly a: Found; readonly b: Found } | { readonly code: number };

export interface FindPairOptions {
  /** Where SIGINT comes from. */
  readonly signals?: NodeJS.EventEmitter;
  /** What to say when B was not named and none fits: the sentence after "dms: ". */
  readonly noneBefore: (a: Found) => string;
}

export async function findPair(
  args: DiffArgs,
  walk: PairWalk,
  client: DmsClient,
  io: CommandIO,
  options: FindPairOptions,
): Promise<PairFound> {
  const say = (line: string) => {
    io.stderr.write(`${client.redact(line)}\n`);
  };
  const stop = new AbortController();
  const onSigint = () => stop.abort();
  const signals = options.signals ?? process;
  signals.on('SIGINT', onSigint);
  let end;
  try {
    const chunks = scanHistory(scanListOf(client, args.app, stop.signal), {
      take: SCAN_TAKE,
      targetChars: 1_000_000,
      signal: stop.signal,
      onPause: sayWait(io.stderr),
    });
    end = await readPair(chunks, walk, { a: args.a.id, b: args.b?.id ?? null });
  } catch (error) {
    throw error instanceof ScanStopped ? error.reason : error;
  } finally {
    signals.off('SIGINT', onSigint);
  }
  if (stop.signal.aborted) {
    say('dms: stopped before both deployments were found.');
    return { code: EXIT.interrupted };
  }
  const missing = (ref: DeploymentRef) =>
    `dms: no deployment ${refText(ref)} among the deployments of application ${args.app}. dms deployments ${args.app} lists them.`;
  if (end === 'noA') {
    say(missing(args.a));
    return { code: EXIT.notFound };
  }
  if (end === 'noB') {
    say(args.b ? missing(args.b) : `dms: ${options.noneBefore(walk.a!)}`);
    return { code: EXIT.notFound };
  }
  const a = walk.a!;
  const b = walk.b!;
  if (a.index === b.index || sameDeployment(a.view, b.view)) {
    say(`dms: ${refText(args.a)} and ${refText(args.b!)} are the same deployment (${sideName(a.view)}): name two.`);
    return { code: EXIT.usage };
  }
  return { a, b };
}
