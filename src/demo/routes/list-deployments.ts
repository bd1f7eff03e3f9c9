// GET /deployments/applications/{uuid}?skip&take (interface.md §4.1).
import type { DemoStore } from '../store.js';
import { deploymentRecord } from '../records.js';
import { reply, type Reply } from '../reply.js';

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

export function listDeployments(store: DemoStore, appUuid: string, query: URLSearchParams, shape: ListShape): Reply {
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
  const page = all.slice(skip, skip + take).map((d) => deploymentRecord(app, d));
  return reply(200, shape === 'array' ? page : { count: all.length, deployments: page });
}
