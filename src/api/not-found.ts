// A 404, classified: the route (the base URL leads to no API) or something the request named that
// the server does not have, with a hint naming the field that was looked up.
import type { ErrorBody } from './error-body.js';
import { NotFoundError, RouteNotFoundError, type ApiError } from './errors.js';
import { clean } from '../text/sanitize.js';

/** What a request sent, for naming what a 404 looked up. */
export interface SentRequest {
  /** The path below the base URL, e.g. `deployments/applications/<uuid>`. */
  readonly path: string;
  /** The JSON body of a POST. */
  readonly json?: unknown;
}

/** A framework's answer for a path it has no route for (the message, with `docs` for the second). */
const ROUTE_MESSAGE = /^The route .* could not be found\.?$/is;

/**
 * A 404, classified by what it came from: the route (the framework's own messages, an HTML page:
 * the URL is wrong) or a resource the request named (the hint names the field that was looked up).
 * `message`: the server's message, already cleaned and redacted.
 */
export function notFoundError(o: { body: ErrorBody; message: string; bodyStart: string; sent: SentRequest; baseUrl: string }): ApiError {
  const { body, message } = o;
  const plainNotFound = /^not found\.?$/i.test(message.trim());
  if (!body.json) return new RouteNotFoundError(o.baseUrl, '', '');
  if (ROUTE_MESSAGE.test(message.trim()) || (plainNotFound && body.docs !== undefined)) {
    return new RouteNotFoundError(o.baseUrl, message.trim(), '');
  }
  return new NotFoundError(message, lookupHint(message, o.sent));
}

/** The things a creation looks up, by the start of the server's message, and the fields that name them. */
const LOOKUPS: readonly (readonly [RegExp, string, readonly string[]])[] = [
  [/^environment\b/i, 'environment', ['environment_name', 'environment_uuid']],
  [/^project\b/i, 'project', ['project_uuid']],
  [/^server\b/i, 'server', ['server_uuid']],
];
const LOOKUP_FIELDS = ['project_uuid', 'server_uuid', 'environment_name', 'environment_uuid'];

/** A value as a message repeats it: cleaned, cut, quoted. */
function shown(value: string): string {
  const text = clean(value);
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 63)}…` : text);
}

/**
 * What to check after a 404 for something the request named: `Check the application uuid "zzz".`,
 * `Check environment_name "nope": the server has no environment by that name.` — never "the
 * uuid" when the request named something else.
 */
export function lookupHint(serverMessage: string, sent: SentRequest): string {
  const appMatch = /^\/?deployments\/applications\/([^/?#]+)/.exec(sent.path)?.[1];
  let app: string | undefined;
  if (appMatch !== undefined) {
    try {
      app = decodeURIComponent(appMatch);
    } catch {
      app = appMatch;
    }
  }
  if (app !== undefined) return `Check the application uuid ${shown(app)}: the server has no application with it.`;
  const body =
    sent.json !== null && typeof sent.json === 'object' && !Array.isArray(sent.json) ? (sent.json as Record<string, unknown>) : {};
  const given = (names: readonly string[]) => names.filter((n) => typeof body[n] === 'string' && body[n] !== '');
  const lookup = LOOKUPS.find(([re]) => re.test(serverMessage.trim()));
  if (lookup) {
    const [, thing, names] = lookup;
    const fields = given(names);
    if (fields.length > 0) {
      const by = fields.every((f) => f.endsWith('_name'))
        ? 'by that name'
        : fields.every((f) => f.endsWith('_uuid'))
          ? 'with that uuid'
          : 'by that name or uuid';
      return `Check ${fields.map((f) => `${f} ${shown(body[f] as string)}`).join(' and ')}: the server has no ${thing} ${by}.`;
    }
  }
  const fields = given(LOOKUP_FIELDS);
  if (fields.length > 0) return `Check what the request names: ${fields.map((f) => `${f} ${shown(body[f] as string)}`).join(', ')}.`;
  return 'Check the uuid.';
}
