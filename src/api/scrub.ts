// Server text enters dms here, once, for every answer read (lists, creations; on any thread):
// every string of the parsed answer, keys included, has the token replaced with `[token]`, and
// each object's secret values (webhook secrets, the basic-auth password, a connection URL's
// password) are replaced with `••••` in its other strings — a `logs` field, a commit message — so
// that no screen, output or saved file can show them where masking a field cannot reach. The
// secret fields keep their values (masked where shown; `--show-secrets` shows them).
// Values nested deeper than MAX_DEPTH are never shown (text/depth.ts) and are not walked. An
// answer whose raw text can hold neither the token nor a secret field is not walked at all.
import { MAX_DEPTH, putKey } from '../text/depth.js';
import { formsOf, hideIn, mayBeIn } from '../text/hide.js';
import { isSecretField, secretValuesOf } from '../text/secrets.js';
import type { Redactor } from './redact.js';

/** The secret fields' names as keys in raw JSON (the four webhook secrets by their common start). */
const SECRET_KEYS = ['"manual_webhook_secret_provider_', '"http_basic_auth_password"', '"internal_db_url"', '"external_db_url"'];

interface Holder {
  readonly value: Record<string, unknown> | unknown[];
  /** Secret values of the objects it sits in, as formsOf gives them. */
  readonly forms: readonly string[];
  readonly depth: number;
}

/** The parsed answer with the token and each object's secrets hidden (changed in place); `raw` is its text. */
export function scrubAnswer(answer: unknown, redactor: Redactor, raw?: string): unknown {
  const token = raw === undefined || redactor.mayBeIn(raw);
  if (!token && !mayBeIn(raw!, SECRET_KEYS)) return answer;
  const redact = token ? redactor : (s: string) => s;
  if (typeof answer === 'string') return redact(answer);
  if (answer === null || typeof answer !== 'object') return answer;
  const stack: Holder[] = [{ value: answer as Holder['value'], forms: [], depth: 0 }];
  const text = (s: string, forms: readonly string[]) => hideIn(redact(s), forms, '••••');
  for (let h = stack.pop(); h; h = stack.pop()) {
    const { value, depth } = h;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        const v = value[i];
        if (typeof v === 'string') value[i] = text(v, h.forms);
        else if (v !== null && typeof v === 'object' && depth < MAX_DEPTH) stack.push({ value: v as Holder['value'], forms: h.forms, depth: depth + 1 });
      }
      continue;
    }
    const own = secretValuesOf(value);
    const forms = own.length > 0 ? [...formsOf(own), ...h.forms].sort((a, b) => b.length - a.length) : h.forms;
    for (const key of Object.keys(value)) {
      const v = value[key];
      // A secret field keeps its own value (only the token is taken out of it).
      const shown = typeof v === 'string' ? (isSecretField(key) ? redact(v) : text(v, forms)) : v;
      if (v !== null && typeof v === 'object' && depth < MAX_DEPTH) stack.push({ value: v as Holder['value'], forms, depth: depth + 1 });
      const name = redact(key);
      if (name !== key) {
        delete value[key];
        putKey(value, name, shown);
      } else if (shown !== v) {
        putKey(value, key, shown);
      }
    }
  }
  return answer;
}
