// Replaces the token (and its secret part after `|`) in any text with `[token]`: as it is, escaped
// at any level, or with characters a screen drops slipped between its letters (text/hide.ts).
import { hiderOf, type Hider } from '../text/hide.js';

export interface Redactor {
  (text: string): string;
  /** Whether a raw JSON answer may hold the token once parsed (when not, nothing in it needs redacting). */
  mayBeIn(rawJson: string): boolean;
  /** The hider behind it (to be combined with others: api/scrub.ts). */
  readonly hider: Hider;
}

export function redactor(token: string): Redactor {
  const hide = hiderOf(
    [token, token.split('|')[1] ?? ''].filter((s) => s.length >= 4),
    '[token]',
  );
  return Object.assign((text: string) => hide(text), { mayBeIn: (raw: string) => hide.test(raw), hider: hide });
}
