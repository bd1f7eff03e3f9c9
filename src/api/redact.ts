// Replaces the token (and its secret part after `|`) in any text with `[token]`: as it is,
// JSON-escaped, or with invisible characters between its letters (text/hide.ts).
import { formsOf, hideIn } from '../text/hide.js';

export function redactor(token: string): (text: string) => string {
  const forms = formsOf([token, token.split('|')[1] ?? ''].filter((s) => s.length >= 4));
  return (text) => hideIn(text, forms, '[token]');
}
