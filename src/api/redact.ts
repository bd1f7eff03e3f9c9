// Replaces the token (and its secret part after `|`) in any text with `[token]`: as it is,
// JSON-escaped, or with invisible characters between its letters (text/hide.ts).
import { formsOf, hideIn, mayBeIn } from '../text/hide.js';

export interface Redactor {
  (text: string): string;
  /** Whether a raw JSON answer may hold the token once parsed (when not, nothing in it needs redacting). */
  mayBeIn(rawJson: string): boolean;
}

export function redactor(token: string): Redactor {
  const forms = formsOf([token, token.split('|')[1] ?? ''].filter((s) => s.length >= 4));
  return Object.assign((text: string) => hideIn(text, forms, '[token]'), { mayBeIn: (raw: string) => mayBeIn(raw, forms) });
}
