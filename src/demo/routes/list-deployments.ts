// GET /deployments/applications/{uuid}?skip&take (interface.md §4.1).
import { randomBytes } from 'node:crypto';
import type { DemoApp, DemoDeployment } from '../model.js';
import type { DemoStore } from '../store.js';
import { deploymentRecord } from '../records.js';
import { phpJson, reply, type Reply } from '../reply.js';

export type ListShape = 'object' | 'array';

/** Reads one paging parameter like the framework's `integer|min:N` rule does. */
function pageParam(name: string, raw: string | null, min: number, fallback: number): number | string {
  if (raw === null) return fallback;
  const value = raw.trim();
  if (!/^[+-]?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) return `The ${name} field must be an integer.`;
  const n = Number(value);
  return n < min ? `The ${name} field must be at least ${min}.` : n;
}

/** A 422 the way the framework writes it: the first message, plus how many more. */
export function validationFailure(errors: Record<string, string[]>): Reply {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  const message = `${messages[0] ?? 'The given data was invalid.'}${more > 0 ? ` (and ${more} more error${more > 1 ? 's' : ''})` : ''}`;
  return reply(422, { message, errors }, { plain: 'redirect' });
}

/** The `logs` of a deployment's record as it stands in the body (logs.ts); undefined when the caller may not read logs. */
export type LogsOf = ((app: DemoApp, d: DemoDeployment) => Buffer) | undefined;

/** Stands where a record's log goes until it is spliced in; no one can guess it to put in a name. */
const MARK = `@@logs-${randomBytes(8).toString('hex')}-`;
const MARKS = new RegExp(`"${MARK}(\\d+)@@"`);

/** `shown`: told which deployments the answer holds (the deployer's holdUntilSeen). */
export function listDeployments(
  store: DemoStore,
  appUuid: string,
  query: URLSearchParams,
  shape: ListShape,
  logsOf?: LogsOf,
  shown?: (rows: readonly DemoDeployment[]) => void,
): Reply {
  // A repeated parameter: the last one counts, as in PHP.
  const skip = pageParam('skip', query.getAll('skip').at(-1) ?? null, 0, 0);
  const take = pageParam('take', query.getAll('take').at(-1) ?? null, 1, 10);
  const errors: Record<string, string[]> = {};
  if (typeof skip === 'string') errors.skip = [skip];
  if (typeof take === 'string') errors.take = [take];
  if (typeof skip === 'string' || typeof take === 'string') return validationFailure(errors);

  const app = store.app(appUuid);
  if (!app) return reply(404, { message: 'Application not found' });
  const all = store.deploymentsOf(appUuid);
  const rows = all.slice(skip, skip + take);
  const body = (page: unknown[]) => (shape === 'array' ? page : { count: all.length, deployments: page });
  shown?.(rows);
  if (!logsOf) return reply(200, body(rows.map((d) => deploymentRecord(app, d))));
  // Logs are megabytes: each is written out once (logs.ts keeps it) and spliced in here.
  const skeleton = body(rows.map((d, i) => deploymentRecord(app, d, `${MARK}${i}@@`)));
  // split() with a capture group: text, index, text, index, ..., text.
  const parts = phpJson(skeleton).split(MARKS);
  const raw = parts.map((part, i) => (i % 2 === 0 ? Buffer.from(part) : logsOf(app, rows[Number(part)]!)));
  return reply(200, skeleton, { raw: Buffer.concat(raw) });
}
