// Hiding known values (the token, a record's secrets) wherever they occur in a text: as they are,
// JSON-escaped (a deployment's `logs` field is JSON text inside a string, a second level deep),
// and with invisible characters slipped between their letters, which would show like the value
// and escape a plain search.
import { INVISIBLE_BMP, INVISIBLE_HIGH, JOINERS, mayHoldInvisible, withoutInvisible } from './invisible.js';

/** A value's text inside a JSON string: `"` and `\` escaped. */
const escaped = (value: string) => JSON.stringify(value).slice(1, -1);

/**
 * The forms `values` take in text, longest first (a whole token before its secret part): as they
 * are, JSON-escaped up to three times (a log is JSON inside a record's string, and the raw answer
 * escapes it again), and with `/` written `\/` as some servers write it.
 */
export function formsOf(values: readonly string[]): string[] {
  let forms = new Set<string>(values);
  for (let level = 0; level < 3; level++) {
    forms = new Set([...forms].flatMap((f) => [f, escaped(f), f.replaceAll('/', '\\/')]));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

// What could hide a value in raw JSON text without it showing: an invisible character, or a `\u`
// escape of anything but a control character (it could spell a value's letters). One pass.
const HIDING = new RegExp(`[${INVISIBLE_BMP}${JOINERS}${INVISIBLE_HIGH}]|\\\\u(?!00[01][0-9a-fA-F]|007[fF]|00[89][0-9a-fA-F])`);

/**
 * Whether a raw JSON answer may hold one of the values once parsed: one of their forms is in it,
 * or something that could hide one. When not, nothing of it needs hiding: most answers are read
 * without a walk through every string.
 */
export function mayBeIn(rawJson: string, forms: readonly string[]): boolean {
  return forms.some((f) => rawJson.includes(f)) || HIDING.test(rawJson);
}

function replaced(text: string, forms: readonly string[], mark: string): string {
  let out = text;
  for (const f of forms) if (out.includes(f)) out = out.split(f).join(mark);
  return out;
}

/**
 * `text` with every one of `forms` replaced by `mark`. When a form is found only once the
 * invisible characters are removed, the text is returned without them (and the form replaced).
 */
export function hideIn(text: string, forms: readonly string[], mark: string): string {
  if (forms.length === 0) return text;
  const out = replaced(text, forms, mark);
  if (!mayHoldInvisible(out)) return out;
  const bare = withoutInvisible(out);
  const hidden = replaced(bare, forms, mark);
  return hidden === bare ? out : hidden;
}
