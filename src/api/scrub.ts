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
import { hiderOf } from '../text/hide.js';
import { INVISIBLE_BMP, INVISIBLE_HIGH, JOINERS } from '../text/invisible.js';
import { isSecretField } from '../text/secrets.js';
import { SECRET_KEY, secretsIn, walk, type Holder } from '../text/secrets-in.js';
import type { Redactor } from './redact.js';

/** What could hide a key or a value in raw JSON: a `\u` escape, or a character a screen drops. */
// Two classes, not one: with the surrogates in it, V8 scans the class ~9x slower (an 8 MB page).
const HIDING = new RegExp(`\\\\u|[\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_BMP}${JOINERS}]|[${INVISIBLE_HIGH}]`);

/** The parsed answer with the token and its secrets hidden (changed in place); `raw` is its text. */
export function scrubAnswer(answer: unknown, redactor: Redactor, raw?: string): unknown {
  // Where something could hide the token, every string is read for it (reading the raw text for it
  // first would cost as much again); else only when the raw text holds it.
  const token = raw === undefined || HIDING.test(raw) || redactor.mayBeIn(raw);
  if (!token && !SECRET_KEY.test(raw!)) return answer;
  const redact = token ? redactor : (s: string) => s;
  if (typeof answer === 'string') return redact(answer);
  if (answer === null || typeof answer !== 'object') return answer;
  const secrets = hiderOf(secretsIn(answer as Holder), '••••');
  const text = (s: string) => secrets(redact(s));
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
      // A secret field keeps its own value (only the token is taken out of it).
      const shown = typeof v === 'string' ? (isSecretField(key) ? redact(v) : text(v)) : v;
      const name = redact(key);
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
