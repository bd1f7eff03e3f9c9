// The three operations of the service, typed by the zod schemas.
import { createTransport, snippet, type RawResponse, type TransportOptions } from './http.js';
import { InvalidResponseError, LocalValidationError, ResponseTooLargeError, UnreadableCreationError } from './errors.js';
import { formatBytes } from './limits.js';
import { pageProblems } from './uuid.js';
import { scrubAnswer } from './scrub.js';
import { maskRecord } from '../text/secrets.js';
import type { Redactor } from './redact.js';
import { listBodyOf, type ListBody } from './schemas/deployment-fields.js';
import { readDeploymentListFast } from './schemas/deployment-page.js';
import type { DeploymentPage } from './schemas/deployment.js';
import type { CreateAppRequest, CreateAppResponse, CreateDocstoreRequest, CreateDocstoreResponse } from './schemas/index.js';

// zod (~35 ms to load) comes in only when needed: for a list whose records do not all fit the
// contract, and for the two creations. A page that fits is read without it (same result).
const schemas = () => import('./schemas/index.js');

/** A list body as the client reads it: without zod when every record fits, with it otherwise. */
export async function readListBody(body: unknown): Promise<DeploymentPage | undefined> {
  return readDeploymentListFast(body) ?? (await schemas()).readDeploymentList(body);
}

export type ClientOptions = TransportOptions;

export interface CallOptions {
  /** Cancels the request (e.g. when the screen that asked is left). */
  readonly signal?: AbortSignal;
  /** Told before a read waits to be tried again because the server asked (a 429): why, how long. */
  readonly onWait?: (why: string, ms: number) => void;
  /** Told once a read's request has been written out to the server. */
  readonly onSent?: () => void;
  /** Told as a read's answer arrives: the bytes read so far. */
  readonly onProgress?: (bytes: number) => void;
  /**
   * A creation's 2xx body as it arrived, before it is read: what the server made is in it (a
   * database's root password, sent once) whatever its shape, even when dms cannot read it.
   */
  readonly onAnswer?: (body: string) => void;
}

export interface PageRequest {
  readonly skip?: number;
  readonly take?: number;
}

export interface DmsClient {
  listDeployments(appUuid: string, page?: PageRequest, options?: CallOptions): Promise<DeploymentPage>;
  /** The same list, its records as the server sent them (unread): what `--json` prints. */
  listRecords(appUuid: string, page?: PageRequest, options?: CallOptions): Promise<ListBody>;
  createPublicApplication(body: CreateAppRequest, options?: CallOptions): Promise<CreateAppResponse>;
  /** An empty "Database updated" answer resolves to `{}`. */
  createDocstore(body: CreateDocstoreRequest, options?: CallOptions): Promise<CreateDocstoreResponse>;
  /** Replaces the token in any text with `[token]`. */
  redact(text: string): string;
}

export { isAppUuid, pageProblems } from './uuid.js';

/** What a body that is not JSON is, for a message. */
const notJson = (body: string) => (/^\s*</.test(body) ? 'an HTML page instead of JSON' : 'not JSON');

/** An answer's body parsed, with the token and each record's secrets taken out of its text (scrub.ts). */
function parseJson(status: number, body: string, redact: Redactor): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new InvalidResponseError(status, notJson(body), snippet(body, redact));
  }
  return scrubAnswer(parsed, redact, body);
}

/**
 * A creation's answer, read by `read` (undefined: it is not the answer `what` says). Any 2xx means
 * the server made it: an answer that cannot be read is an UnreadableCreationError, never an
 * "unexpected answer" that invites sending again.
 */
function createdAnswer<T>(
  res: RawResponse,
  creates: string,
  read: (data: unknown) => T | undefined,
  what: (data: unknown) => string,
  redact: Redactor,
): T {
  let data: unknown;
  try {
    data = scrubAnswer(JSON.parse(res.body), redact, res.body);
  } catch {
    throw new UnreadableCreationError(
      res.status,
      res.body.trim() === '' ? 'an empty body' : notJson(res.body),
      creates,
      snippet(res.body, redact),
    );
  }
  const answer = read(data);
  if (answer === undefined) throw new UnreadableCreationError(res.status, what(data), creates, snippetOf(res.body, data, redact), data);
  return answer;
}

/**
 * The start of an answer for an error, from what was read of it: the parsed answer scrubbed and
 * with its secret fields masked (a creation's answer holds webhook secrets and passwords), else
 * the raw body (it was not JSON: there are no fields to mask).
 */
function snippetOf(body: string, data: unknown, redact: Redactor): string {
  if (data === undefined) return snippet(body, redact);
  let text: string | undefined;
  try {
    text = JSON.stringify(maskRecord(data));
  } catch {
    text = undefined;
  }
  return snippet(text ?? '', redact);
}

/** Whether a JSON answer holds a uuid (a non-empty text). */
const hasUuid = (data: unknown) => typeof (data as { uuid?: unknown } | null)?.uuid === 'string' && (data as { uuid: string }).uuid !== '';

export function createClient(options: ClientOptions): DmsClient {
  const transport = createTransport(options);
  const { redact } = transport;
  const shape = (status: number, body: string, data: unknown, what: string) =>
    new InvalidResponseError(status, what, snippetOf(body, data, redact));

  function getList(appUuid: string, page: PageRequest, callOptions: CallOptions) {
    const problems = pageProblems(appUuid, page);
    if (problems.length > 0) throw new LocalValidationError(problems);
    const searchParams: Record<string, number> = {};
    if (page.skip !== undefined) searchParams.skip = page.skip;
    if (page.take !== undefined) searchParams.take = page.take;
    return transport
      .request('GET', `deployments/applications/${encodeURIComponent(appUuid)}`, {
        signal: callOptions.signal,
        onWait: callOptions.onWait,
        onSent: callOptions.onSent,
        onProgress: callOptions.onProgress,
        searchParams,
      })
      .catch((error: unknown) => {
        // One deployment over the limit: fewer rows cannot help.
        if (error instanceof ResponseTooLargeError && page.take === 1) {
          const { limit, size } = error;
          throw new ResponseTooLargeError({
            limit,
            size,
            detail:
              size !== undefined
                ? `One deployment is too big: ${formatBytes(size)}, and dms reads at most ${formatBytes(limit)}.`
                : `One deployment is too big: more than ${formatBytes(limit)}, the most dms reads.`,
            single: true,
          });
        }
        throw error;
      });
  }

  return {
    redact,

    async listDeployments(appUuid, page = {}, callOptions = {}) {
      const res = await getList(appUuid, page, callOptions);
      const data = parseJson(res.status, res.body, redact);
      const result = await readListBody(data);
      if (!result) throw shape(res.status, res.body, data, 'not a list of deployments');
      return { ...result, chars: res.body.length, rateRemaining: res.rateRemaining };
    },

    async listRecords(appUuid, page = {}, callOptions = {}) {
      const res = await getList(appUuid, page, callOptions);
      const data = parseJson(res.status, res.body, redact);
      const result = listBodyOf(data);
      if (!result) throw shape(res.status, res.body, data, 'not a list of deployments');
      return result;
    },

    async createPublicApplication(body, callOptions = {}) {
      const { CreateAppResponseSchema, validateCreateApp } = await schemas();
      const checked = validateCreateApp(body);
      if (!checked.success) throw new LocalValidationError(checked.problems);
      const res = await transport.request('POST', 'applications/public', {
        json: body,
        signal: callOptions.signal,
        creates: 'application',
      });
      callOptions.onAnswer?.(res.body);
      return createdAnswer(
        res,
        'application',
        (data) => {
          const parsed = CreateAppResponseSchema.safeParse(data);
          return parsed.success ? parsed.data : undefined;
        },
        (data) => (hasUuid(data) ? 'JSON that is not an application answer' : "JSON without the new application's uuid"),
        redact,
      );
    },

    async createDocstore(body, callOptions = {}) {
      const { CreateDocstoreResponseSchema, validateCreateDocstore } = await schemas();
      const checked = validateCreateDocstore(body);
      if (!checked.success) throw new LocalValidationError(checked.problems);
      const res = await transport.request('POST', 'databases/docstore', { json: body, signal: callOptions.signal, creates: 'database' });
      callOptions.onAnswer?.(res.body);
      if (res.body.trim() === '') return {};
      return createdAnswer(
        res,
        'database',
        (data) => {
          const parsed = CreateDocstoreResponseSchema.safeParse(data);
          return parsed.success ? parsed.data : undefined;
        },
        () => 'JSON that is not a database answer',
        redact,
      );
    },
  };
}
