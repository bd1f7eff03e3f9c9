// Answers as deployed servers write them: JSON the way PHP encodes it (`\/` and `\uXXXX`),
// and, for a request without `Accept: application/json`, a redirect instead of a
// validation error and an HTML page instead of a framework error. JSON over 1 KB goes compressed
// when the request allows it (compress.ts).
import type { ServerResponse } from 'node:http';
import { COMPRESSION, writeBody, type Offer } from './compress.js';

export interface Reply {
  readonly status: number;
  /** The JSON body. */
  readonly body: unknown;
  /** The JSON body already written out (PHP-style), sent instead of encoding `body`. */
  readonly raw?: Buffer;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * What a request without the JSON Accept header gets instead: `redirect` back (validation
   * failures) or an HTML error `page` (errors the framework raises). Unset: always JSON.
   */
  readonly plain?: 'redirect' | 'page';
}

export const reply = (status: number, body: unknown, extra: Partial<Reply> = {}): Reply => ({ status, body, ...extra });

/** The framework's own errors (unknown route, wrong method, rate limit, crash, too large). */
export const frameworkError = (status: number, message: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { message },
  headers,
  plain: 'page',
});

/** Whether the client asked for JSON (`application/json` or any `+json` type). */
export function wantsJson(accept: string | undefined): boolean {
  return /\/json|\+json/i.test(accept ?? '');
}

/** JSON as PHP's json_encode writes it by default: slashes and non-ASCII escaped. */
export function phpJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Server Error',
};

export function errorPage(status: number): string {
  const title = TITLES[status] ?? 'Error';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body>
<div class="flex-center position-ref full-height">
<div class="code">${status}</div>
<div class="message">${title}</div>
</div>
</body>
</html>
`;
}

/**
 * Writes the reply. `origin` (`http://host:port`) is where a redirect points; `offered`: the
 * encodings a JSON body may be compressed with (compress.ts; none: always as it is).
 */
export function send(res: ServerResponse, r: Reply, json: boolean, origin: string, offered: readonly Offer[] = COMPRESSION): void {
  const headers: Record<string, string> = { 'cache-control': 'no-cache, private', ...r.headers };
  if (!json && r.plain === 'redirect') {
    const to = `${origin}/`;
    res.writeHead(302, { ...headers, location: to, 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!DOCTYPE html>\n<html><head><meta http-equiv="refresh" content="0;url='${to}'"><title>Redirecting to ${to}</title></head><body>Redirecting to <a href="${to}">${to}</a>.</body></html>\n`,
    );
    return;
  }
  if (!json && r.plain === 'page') {
    res.writeHead(r.status, { ...headers, 'content-type': 'text/html; charset=utf-8' });
    res.end(errorPage(r.status));
    return;
  }
  writeBody(res, r.status, { ...headers, 'content-type': 'application/json' }, r.raw ?? phpJson(r.body), offered);
}
