// `dms diff`'s arguments, checked before anything is sent.
import { isAppUuid } from '../api/uuid.js';
import { refOf, type DeploymentRef } from '../model/follow.js';
import { PLAIN_ID_WORDS, isPlainId } from '../text/plain-id.js';
import { DIFF_OUTPUTS, type Parsed } from './args.js';
import { UsageError } from './exit-codes.js';

export { DIFF_OUTPUTS } from './args.js';
export type DiffOutput = (typeof DIFF_OUTPUTS)[number];

export interface DiffArgs {
  readonly app: string;
  readonly a: DeploymentRef;
  /** Undefined: the last finished deployment before A. */
  readonly b: DeploymentRef | undefined;
  readonly output: DiffOutput;
  /** --logs: the two logs compared step by step (diff-logs.ts), not the settings. */
  readonly logs: boolean;
}

const HELP = 'Run dms diff --help.';

/** Checks the arguments before anything is sent; values are never repeated (one may be a pasted token). */
export function diffArgs(parsed: Parsed): DiffArgs {
  const [app, a, b, extra] = parsed.positionals;
  if (!app || !a) throw new UsageError(`give the application and a deployment: dms diff APP_UUID A [B]. ${HELP}`);
  if (!isAppUuid(app)) throw new UsageError(`APP_UUID must be an application uuid (${PLAIN_ID_WORDS}). ${HELP}`);
  if (extra !== undefined) throw new UsageError(`one argument too many: dms diff compares two deployments. ${HELP}`);
  for (const [name, value] of [
    ['A', a],
    ['B', b],
  ] as const) {
    if (value !== undefined && !isPlainId(value))
      throw new UsageError(`${name} must be a deployment id (a number) or uuid (${PLAIN_ID_WORDS}). ${HELP}`);
  }
  if (b !== undefined && a.toLowerCase() === b.toLowerCase())
    throw new UsageError(
      `A and B are the same deployment: name two, or leave B out to compare A with the last finished one before it. ${HELP}`,
    );
  const raw = parsed.values.output ?? (parsed.values.json === true ? 'json' : 'table');
  if (typeof raw !== 'string' || !(DIFF_OUTPUTS as readonly string[]).includes(raw)) {
    throw new UsageError(`-o must be ${DIFF_OUTPUTS.join(' or ')}. ${HELP}`);
  }
  return { app, a: refOf(a), b: b === undefined ? undefined : refOf(b), output: raw as DiffOutput, logs: parsed.values.logs === true };
}
