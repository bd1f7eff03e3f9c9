// Which values are secrets, and how they are shown when they are not to be seen.
export const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'manual_webhook_secret_provider_a', 'manual_webhook_secret_provider_b',
  'manual_webhook_secret_provider_c', 'manual_webhook_secret_provider_d',
  'http_basic_auth_password', 'internal_db_url', 'external_db_url',
]);

export const MASK_SET = '•••• (set)';
export const MASK_EMPTY = '(empty)';

// scheme://user:password@host — the password part is what must not show. Generated passwords are
// often not URL-encoded, so the password runs to the last `@` before a `/`, a space or a `"`.
// The scheme is at most 32 characters: an unbounded one made masking quadratic in the length of
// any long run of letters (a 200 kB description froze the detail view and --json for ~40 s).
const URL_WITH_PASSWORD = /([a-z][a-z0-9+.-]{0,31}:\/\/[^\s:/@]*:)([^\s/"]+)(@)/gi;

export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name);
}

export function maskValue(value: unknown): string {
  return value === null || value === undefined || value === '' ? MASK_EMPTY : MASK_SET;
}

/** Hides passwords inside any URLs in a string. */
export function maskUrlPasswords(text: string): string {
  return text.replace(URL_WITH_PASSWORD, '$1••••$3');
}

export function hasUrlPassword(text: string): boolean {
  URL_WITH_PASSWORD.lastIndex = 0;
  const found = URL_WITH_PASSWORD.test(text);
  URL_WITH_PASSWORD.lastIndex = 0;
  return found;
}

/**
 * A copy of a record with secrets masked: secret fields become `•••• (set)` / `(empty)`,
 * passwords in URLs anywhere (nested too) become `••••`. Non-enumerable/symbol keys are dropped.
 */
export function maskRecord<T>(value: T): T {
  return maskDeep(value, '') as T;
}

function maskDeep(value: unknown, key: string): unknown {
  if (isSecretField(key)) return maskValue(value);
  if (typeof value === 'string') return maskUrlPasswords(value);
  if (Array.isArray(value)) return value.map((v) => maskDeep(v, ''));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskDeep(v, k)]));
  }
  return value;
}
