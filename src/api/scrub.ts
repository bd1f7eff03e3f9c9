// Server text enters dms here, once, for every answer read (lists, creations; on any thread):
// every string of the parsed answer, keys included, has the token replaced with `[token]`, and the
// answer's secret values (webhook secrets, passwords, a connection URL's password: of any object
// at any depth, and of secret-named keys inside JSON text such as a `logs` field) are replaced with
// `••••` in its other strings, so that no screen, output or saved file can show them where masking
// a field cannot reach. Values are found in the text as it will be shown or read (text/hide.ts):
// with control characters, escape sequences or `\u` escapes slipped between their letters. The
// secret fields keep their values (masked where shown; `--show-secrets` shows them).
// Values nested deeper than MAX_DEPTH are never shown (text/depth.ts) and are not walked. An
// answer whose raw text can hold neither the token nor a secret is not walked at all.
import { putKey } from '../text/depth.js';
import { combined, hiderOf } from '../text/hide.js';
import { INVISIBLE_BMP, INVISIBLE_HIGH, JOINERS } from '../text/invisible.js';
import { isSecretField } from '../text/secrets.js';
import { SECRET_KEY, secretsIn, walk, type Holder } from '../text/secrets-in.js';
import type { Redactor } from './redact.js';

/** What could hide a key or a value in raw JSON: a `\u` escape, or a character a screen drops. */
// Two classes, not one: with the surrogates in it, V8 scans the class ~9x slower (an 8 MB page).
const HIDING = new RegExp(`\\\\u|[\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_BMP}${JOINERS}]|[${INVISIBLE_HIGH}]`);

/** Above this, a raw answer is not read for the token (see scrubAnswer). */
const RAW_READ_MAX = 64 * 1024;

/** The parsed answer with the token and its secrets hidden (changed in place); `raw` is its text. */
export function scrubAnswer(answer: unknown, redactor: Redactor, raw?: string): unknown {
  // Where something could hide the token, every string is read for it (reading the raw text for it
  // first would cost as much again); else only when the raw text holds it. A long raw text is not
  // read for it either: the reader reads all of its views (~40 ms a MB), while the strings are read
  // for it the same way, its long ones (logs) only when first read.
  const token = raw === undefined || raw.length > RAW_READ_MAX || HIDING.test(raw) || redactor.mayBeIn(raw);
  if (!token && !SECRET_KEY.test(raw!)) return answer;
  const redact = token ? redactor : (s: string) => s;
  if (typeof answer === 'string') return redact(answer);
  if (answer === null || typeof answer !== 'object') return answer;
  // The token and the secrets in one hider: a log's views are read once for both.
  const secrets = hiderOf(secretsIn(answer as Holder), '••••');
  const text = token ? combined(redactor.hider, secrets) : secrets;
  walk(answer as Holder, (holder) => {
    if (Array.isArray(holder)) {
      for (let i = 0; i < holder.length; i++) {
        const v = holder[i];
        if (typeof v === 'string') holder[i] = text(v);
      }
      return;
    }
    for (const key of Object.keys(holder)) {
      const v = holder[key];
      const name = redact(key);
      if (typeof v === 'string' && v.length >= LAZY_CHARS && !isSecretField(key)) {
        if (name !== key) delete holder[key];
        hiddenWhenRead(holder, name, v, text);
        continue;
      }
      // A secret field keeps its own value (only the token is taken out of it).
      const shown = typeof v === 'string' ? (isSecretField(key) ? redact(v) : text(v)) : v;
      if (name !== key) {
        delete holder[key];
        putKey(holder, name, shown);
      } else if (shown !== v) {
        putKey(holder, key, shown);
      }
    }
  });
  return answer;
}

/**
 * A text this long (a log: up to megabytes, re-sent with every row) is hidden when it is first read,
 * not when the answer arrives: read at once, the logs of figure 1's heavy page (a 5 MB log in the
 * newest row) made its first frame 1.56x as slow as before issue 31, for logs nobody had opened;
 * hidden when read, 1.04x. Whatever reads the field (a screen, JSON output, a copy, a spread,
 * structuredClone) goes through the getter, so it only ever sees the hidden text.
 */
const LAZY_CHARS = 16 * 1024;

/** The sent lengths of the texts hidden when read, by holder and key. */
const sentLengths = new WeakMap<object, Map<string, number>>();

/**
 * A text field's length as the server sent it, without reading it: a long one (a log) is then not
 * hidden just to be weighed (a row's memo key, a page's size). Undefined when it is not a string.
 */
export function textLength(holder: object, key: string): number | undefined {
  const sent = sentLengths.get(holder)?.get(key);
  if (sent !== undefined) return sent;
  const value = (holder as Record<string, unknown>)[key];
  return typeof value === 'string' ? value.length : undefined;
}

function hiddenWhenRead(holder: Record<string, unknown>, key: string, raw: string, hide: (s: string) => string): void {
  let source: string | undefined = raw;
  let hidden: string | undefined;
  let lengths = sentLengths.get(holder);
  if (!lengths) sentLengths.set(holder, (lengths = new Map()));
  lengths.set(key, raw.length);
  Object.defineProperty(holder, key, {
    enumerable: true,
    configurable: true,
    get() {
      if (hidden === undefined) {
        hidden = hide(source!);
        source = undefined;
      }
      return hidden;
    },
    set(value: unknown) {
      sentLengths.get(holder)?.delete(key);
      Object.defineProperty(holder, key, { value, writable: true, enumerable: true, configurable: true });
    },
  });
}
