// Characters that show nothing yet change what text is: Unicode's default-ignorable code points
// (zero-width joiners and spaces, the soft hyphen, invisible operators, bidi marks and overrides,
// variation selectors, Hangul fillers, tag characters, the byte order mark). A server string can
// hide a token or disguise a name with them: every screen drops them (sanitize.ts, ansi.ts), every
// JSON output escapes them, and the token is looked for with them removed (api/redact.ts).
// Regex sources, for classes built without the `u` flag (astral ones as surrogate pairs).
/* eslint-disable no-misleading-character-class -- these classes list joiners and variation selectors one by one, on purpose: they are what is looked for, not parts of a character. */

/**
 * The ones in the Basic Multilingual Plane that are always dropped, as the inside of a character
 * class (the joiners below are not among them).
 */
export const INVISIBLE_BMP =
  '\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b\\u200e\\u200f\\u202a-\\u202e' +
  '\\u2060-\\u206f\\u3164\\ufeff\\uffa0\\ufff0-\\ufff8';

/**
 * The zero-width (non-)joiners and variation selectors build emoji (👩‍💻, ❤️, ❤️‍🔥) and join
 * letters of other scripts; next to ASCII they only hide something (`7|s3cr\u200d3t`). In text
 * with the other invisible characters already removed, a variation selector is kept only right
 * after a visible character that is not ASCII, a joiner only between two (a selector counts before
 * it); the others are dropped.
 */
export const JOINERS = '\\u200c\\u200d\\ufe00-\\ufe0f';
const STRAY_JOINER =
  '(?<![^\\u0000-\\u007f\\u200c\\u200d\\ufe00-\\ufe0f])[\\ufe00-\\ufe0f]' +
  '|(?<![^\\u0000-\\u007f\\u200c\\u200d])[\\u200c\\u200d]|[\\u200c\\u200d](?![^\\u0000-\\u007f\\u200c\\u200d\\ufe00-\\ufe0f])';

const HAS_JOINER = new RegExp(`[${JOINERS}]`);
const STRAY = new RegExp(STRAY_JOINER, 'g');

/** Text (with no other invisible character left) without the joiners that join nothing. */
export function withoutStrayJoiners(text: string): string {
  return HAS_JOINER.test(text) ? text.replace(STRAY, '') : text;
}

/** The astral ones (U+1BCA0–3, U+1D173–A, U+E0000–E0FFF: tags and variation selectors), as alternatives. */
export const INVISIBLE_ASTRAL = '\\ud82f[\\udca0-\\udca3]|\\ud834[\\udd73-\\udd7a]|[\\udb40-\\udb43][\\udc00-\\udfff]';

/** High surrogates that may start an astral invisible character. */
export const INVISIBLE_HIGH = '\\ud82f\\ud834\\udb40-\\udb43';

/** One invisible character, wherever it stands (joiners included). */
export const INVISIBLE_SOURCE = `[${INVISIBLE_BMP}${JOINERS}]|${INVISIBLE_ASTRAL}`;

const ALL = new RegExp(INVISIBLE_SOURCE, 'g');
const ANY = new RegExp(`[${INVISIBLE_BMP}${JOINERS}${INVISIBLE_HIGH}]`);

/** Whether `text` may hold an invisible character (a fast test; a false positive costs only a scan). */
export function mayHoldInvisible(text: string): boolean {
  return ANY.test(text);
}

/** `text` without any invisible character (joiners too): what a value is looked for in. */
export function withoutInvisible(text: string): string {
  return mayHoldInvisible(text) ? text.replace(ALL, '') : text;
}
