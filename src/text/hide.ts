// Hiding known values (the token, a record's secrets) wherever they occur in a text: as they are,
// JSON-escaped (a deployment's `logs` field is JSON text inside a string, a second level deep),
// and with invisible characters slipped between their letters, which would show like the value
// and escape a plain search.
import { mayHoldInvisible, withoutInvisible } from './invisible.js';

/** A value's text once and twice inside a JSON string: `"` and `\` escaped. */
const escaped = (value: string) => JSON.stringify(value).slice(1, -1);

/** The forms `values` take in text, longest first (a whole token before its secret part). */
export function formsOf(values: readonly string[]): string[] {
  const forms = new Set<string>();
  for (const v of values) for (const f of [v, escaped(v), escaped(escaped(v))]) forms.add(f);
  return [...forms].sort((a, b) => b.length - a.length);
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
