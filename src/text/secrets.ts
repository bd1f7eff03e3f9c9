// Which values are secrets, and how they are shown when they are not to be seen.
import { MAX_DEPTH, TOO_DEEP, putKey } from './depth.js';
import { seenText } from './hide.js';
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'manual_webhook_secret_provider_a',
  'manual_webhook_secret_provider_b',
  'manual_webhook_secret_provider_c',
  'manual_webhook_secret_provider_d',
  'http_basic_auth_password',
  'internal_db_url',
  'external_db_url',
]);

/**
 * Secret fields that hold a connection URL: only the password in it is hidden, so host, port, user
 * and database stay readable (`docstore://root:••••@host:27017/db`), on screen and in JSON alike.
 */
export const SECRET_URL_FIELDS: ReadonlySet<string> = new Set(['internal_db_url', 'external_db_url']);

export const MASK_SET = '•••• (set)';
export const MASK_EMPTY = '(empty)';

// scheme://user:password@host — the password part is what must not show. Generated passwords are
// often not URL-encoded (`/`, `+`, `@` from base64), so the password runs from `user:` to the
// last `@` before a space or a `"` (which ends a URL in JSON text). A run of digits then `/` or
// the end is a port (`host:8080/path/@x`), not a password. The scheme is at most 32 characters
// and each stretch of text is scanned once: masking stays linear in the length of any value
// (an unbounded pattern froze the detail view for ~40 s on a 200 kB description).
const URL_USER = /[a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@"]*:/gi;
const URL_END = /[\s"]/g;
const PORT = /^\d{1,5}(?:\/|$)/;

/** Where the password of each URL in `text` starts and ends (the `@` after it). */
function urlPasswords(text: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  if (!text.includes('://') || !text.includes('@')) return found;
  let stretchEnd = -1; // the next space or `"` (found once per stretch)
  let nextUrl = -1; // the next `://` (found once per URL)
  URL_USER.lastIndex = 0;
  for (let m = URL_USER.exec(text); m; m = URL_USER.exec(text)) {
    const start = m.index + m[0].length;
    if (start > stretchEnd) {
      URL_END.lastIndex = start;
      stretchEnd = URL_END.exec(text)?.index ?? text.length;
    }
    if (nextUrl !== text.length && nextUrl < start) {
      const at = text.indexOf('://', start);
      nextUrl = at === -1 ? text.length : at;
    }
    // The password ends at the last `@` before the stretch ends or the next URL begins.
    const bound = Math.min(stretchEnd, nextUrl);
    const at = text.slice(start, bound).lastIndexOf('@');
    if (at === -1) continue;
    const lastAt = start + at;
    const password = text.slice(start, lastAt);
    if (password === '' || PORT.test(password)) continue;
    found.push({ start, end: lastAt });
    URL_USER.lastIndex = lastAt + 1;
  }
  URL_USER.lastIndex = 0;
  return found;
}

// Names that hold a secret beyond the contract's own (`root_password`, `db_password`, `apiToken`,
// `manual_webhook_secret_provider_a` nested in an `application` object), and names that only
// speak of one (`private_key_id`, `token_type`, `is_http_basic_auth_enabled`).
const SECRET_NAME = /pass(?:word|wd|phrase)|secret|token|api_?key|private_?key|access_?key|credential/i;
const NOT_SECRET =
  /(?:^|_)(?:ids?|uuids?|at|count|enabled|type|name|username|user|length|expires?|expiry|path|file)$|[a-z](?:Ids?|Uuid|At|Count|Enabled|Type|Name|Path)$|^(?:is|has)_/i;

/** Whether a field's value is a secret, by its name as a screen would show it (keys can hold escapes and invisible characters too). */
export function isSecretField(name: string): boolean {
  if (SECRET_FIELDS.has(name)) return true;
  let secret = named.get(name);
  if (secret === undefined) {
    const seen = seenText(name);
    secret = SECRET_FIELDS.has(seen) || (SECRET_NAME.test(seen) && !NOT_SECRET.test(seen));
    // Every key of every record asks: the answers are kept (a bounded number: a server can send any keys).
    if (named.size >= 10_000) named.clear();
    named.set(name, secret);
  }
  return secret;
}
const named = new Map<string, boolean>();

/** The passwords of the URLs in a text (as given: the caller reads it as shown first). */
export function urlPasswordsIn(text: string): string[] {
  return urlPasswords(text).map(({ start, end }) => text.slice(start, end));
}

export function maskValue(value: unknown): string {
  return value === null || value === undefined || value === '' ? MASK_EMPTY : MASK_SET;
}

// The whole value is one URL (or several hosts of one): the password runs from `user:` to the
// last `@`, whatever it holds (`/`, `@`, spaces). A value of another shape shows as set/empty.
const WHOLE_URL = /^(\s*[a-z][a-z0-9+.-]{0,31}:\/\/[^:/@\s]*:)([\s\S]*)@([^@]*)$/i;

/**
 * A connection URL with its password hidden: `docstore://root:••••@host:27017/db`. A URL without
 * credentials is shown as it is; anything that is not a URL, or a URL with an `@` that does not
 * read as `user:password@`, shows as `•••• (set)` (never a guess that could leak it).
 */
export function maskSecretUrl(value: string): string {
  if (value === '') return MASK_EMPTY;
  const m = WHOLE_URL.exec(value);
  if (m) return m[2] === '' ? value : `${m[1]}••••@${m[3]}`;
  if (/^\s*[a-z][a-z0-9+.-]{0,31}:\/\//i.test(value) && !value.includes('@')) return value;
  return MASK_SET;
}

/**
 * The secret values a record carries, as they could appear in its other text: each secret
 * field's value (numbers too), and for connection URLs their password (4 characters or more:
 * shorter ones would hide ordinary words).
 */
export function secretValuesOf(record: Record<string, unknown>): string[] {
  const values: string[] = [];
  for (const field of Object.keys(record)) {
    if (!isSecretField(field)) continue;
    const secret = secretPart(record[field]);
    if (secret !== undefined && secret.trim().length >= 4) values.push(secret);
  }
  return values;
}

/** What of a secret field's value must not show: a URL's password, else the whole value. */
function secretPart(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value !== 'string') return undefined;
  const url = WHOLE_URL.exec(value);
  if (url) return url[2];
  // A URL shown whole (no credentials in it) has nothing to hide.
  return maskSecretUrl(value) === value ? '' : value;
}

/** A secret field's value as shown when it is not to be seen (the field's own way of masking). */
export function maskSecret(field: string, value: unknown): string {
  const url = typeof value === 'string' && (SECRET_URL_FIELDS.has(field) || WHOLE_URL.test(value));
  return url ? maskSecretUrl(value) : maskValue(value);
}

/** Hides passwords inside any URLs in a string. */
export function maskUrlPasswords(text: string): string {
  // No URL with a password without both (most values of a record: checked without a regex).
  if (!text.includes('@') || !text.includes('://')) return text;
  let out = '';
  let last = 0;
  for (const { start, end } of urlPasswords(text)) {
    out += `${text.slice(last, start)}••••`;
    last = end;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * The record with secrets masked: secret fields become `•••• (set)` / `(empty)` (connection URLs
 * keep all but their password: maskSecretUrl), passwords in URLs
 * anywhere (nested too) become `••••`. Objects and arrays with nothing to mask are returned as they
 * are (not copied: a page of 1000 records masks in a few ms); the others are copied, own enumerable
 * string keys only. Arrays and objects nested deeper than MAX_DEPTH become `[nested too deep]`
 * (text/depth.ts): the walk never recurses further, and what it returns can be stringified.
 */
export function maskRecord<T>(value: T): T {
  return maskDeep(value, '', 0) as T;
}

function maskDeep(value: unknown, key: string, depth: number): unknown {
  if (isSecretField(key)) return maskSecret(key, value);
  if (typeof value === 'string') return maskUrlPasswords(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const masked = maskDeep(value[i], '', depth + 1);
      if (masked !== value[i]) (out ??= value.slice())[i] = masked;
    }
    return out ?? value;
  }
  const record = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(record)) {
    const masked = maskDeep(record[k], k, depth + 1);
    if (masked === record[k]) continue;
    // A spread copies `__proto__` as data too.
    out ??= { ...record };
    putKey(out, k, masked);
  }
  return out ?? value;
}

/**
 * maskRecord for a record that nobody else holds (just parsed, printed, dropped): its own fields
 * are masked where they stand instead of in a copy; nested values are copied as maskRecord does.
 * Saves a copy of every record of a large page (`dms deployments --json`).
 */
export function maskOwnRecord(record: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(record)) {
    const value = record[key];
    const masked = maskDeep(value, key, 1);
    if (masked !== value) putKey(record, key, masked);
  }
  return record;
}
