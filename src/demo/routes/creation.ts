// What both creation endpoints share: reading the JSON body, answering validation
// problems, and finding the project, environment and server named in the body.
import type { FieldProblem } from '../../api/schemas/issues.js';
import { filled } from '../../api/schemas/validate.js';
import type { DemoEnvironment, DemoProject, DemoServer } from '../model.js';
import { reply, type Reply } from '../reply.js';
import type { DemoStore } from '../store.js';

export type Body = Record<string, unknown>;

/** A value, or the reply that ends the request instead. */
export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reply: Reply };

const fail = (r: Reply): Outcome<never> => ({ ok: false, reply: r });

const INVALID_JSON = reply(400, { message: 'Invalid request.', error: 'Invalid JSON.' });

/** The body as a non-empty JSON object, or the 400 servers answer otherwise. */
export function readJsonObject(text: string): Outcome<Body> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(INVALID_JSON);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value) || Object.keys(value).length === 0) {
    return fail(INVALID_JSON);
  }
  return { ok: true, value: value as Body };
}

/**
 * A 422 for the problems found. `fields`: `{field: [messages]}`; `names`: a plain array of
 * field names (how the docstore endpoint answers). A missing environment alone gets the
 * message-only body servers send for it.
 */
export function problemsReply(body: Body, problems: readonly FieldProblem[], known: readonly string[], shape: 'fields' | 'names'): Reply {
  const noEnvironment = !filled(body.environment_name) && !filled(body.environment_uuid);
  if (noEnvironment && problems.length === 1 && problems[0]?.field === 'environment_name') {
    return reply(422, { message: 'You need to provide at least one of environment_name or environment_uuid.' }, { plain: 'redirect' });
  }
  const grouped = new Map<string, string[]>();
  for (const p of problems) {
    const unknown = !p.field.includes('.') && !known.includes(p.field) && Object.hasOwn(body, p.field);
    const messages = grouped.get(p.field) ?? [];
    const message = unknown ? 'This field is not allowed.' : p.message;
    if (!messages.includes(message)) messages.push(message);
    grouped.set(p.field, messages);
  }
  const errors = shape === 'fields' ? Object.fromEntries(grouped) : [...grouped.keys()];
  return reply(422, { message: 'Validation failed.', errors }, { plain: 'redirect' });
}

export interface Place {
  readonly project: DemoProject;
  readonly environment: DemoEnvironment;
  readonly server: DemoServer;
}

/** The project, environment and server of a valid body, or the 404 for the first one missing. */
export function findPlace(store: DemoStore, body: Body): Outcome<Place> {
  const project = store.project(String(body.project_uuid));
  if (!project) return fail(reply(404, { message: 'Project not found.' }));
  const environment = store.environment(
    project.uuid,
    filled(body.environment_uuid) ? { uuid: body.environment_uuid } : { name: String(body.environment_name) },
  );
  if (!environment) return fail(reply(404, { message: 'Environment not found.' }));
  const server = store.server(String(body.server_uuid));
  if (!server) return fail(reply(404, { message: 'Server not found.' }));
  return { ok: true, value: { project, environment, server } };
}
