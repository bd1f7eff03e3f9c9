// What the cache writes holds no secret: a copy of the value where every secret field (by its
// name, at any depth: webhook secrets, passwords, tokens, connection URLs) is `••••` (a connection
// URL keeps all but its password: `docstore://root:••••@db:27017`), and every other string (keys
// too) has the passwords of URLs in it and the secret values found anywhere in the value
// (text/secrets-in.ts, as the client's scrub finds them) replaced with `••••`. The client has
// already replaced the token with `[token]`; the cache masks again what it writes, so a caller that
// hands it a value the client did not scrub still writes nothing secret. Never recurses deeper
// than text/depth.ts's MAX_DEPTH (deeper values are `[nested too deep]`).
import { MAX_DEPTH, TOO_DEEP, putKey } from '../text/depth.js';
import { hiderOf } from '../text/hide.js';
import { isSecretField, maskSecretUrl, maskUrlPasswords } from '../text/secrets.js';
import { secretsIn, type Holder } from '../text/secrets-in.js';

/** What a secret value is written as. */
export const SECRET_MARK = '••••';

/** A secret field's value as the cache keeps it: empty stays empty, a URL keeps all but its password, anything else `••••`. */
export function maskedSecret(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  if (typeof value === 'string') {
    const url = maskSecretUrl(value);
    if (url !== value && url.includes(`:${SECRET_MARK}@`)) return url;
  }
  return SECRET_MARK;
}

/** Hides in a string what must not be written: URL passwords, then the secret values `hide` knows. */
type Hide = (text: string) => string;

/** The hider of the secret values `values` hold anywhere (their secret fields, secret keys inside their text). */
export function secretsHider(values: readonly unknown[]): Hide {
  const hider = hiderOf(secretsIn(values as Holder), SECRET_MARK);
  return (text) => hider(maskUrlPasswords(text));
}

/** A masked copy of `value` (see the file's comment); `hide` from secretsHider over everything written with it. */
export function maskedCopy(value: unknown, hide: Hide, depth = 0): unknown {
  if (typeof value === 'string') return hide(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((v) => maskedCopy(v, hide, depth + 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key];
    putKey(out, hide(key), isSecretField(key) ? maskedSecret(v) : maskedCopy(v, hide, depth + 1));
  }
  return out;
}
