// Hiding known values (the token, a record's secrets) in a text as it will be shown or read: a
// screen drops escape sequences, control and invisible characters, and a JSON reader decodes
// escapes (a deployment's `logs` field is JSON text inside a string, a second level deep). A value
// with any of those slipped between its letters, or its letters written as `\uXXXX`, shows whole,
// so each value is looked for with them allowed between its letters, in one pass of one regex:
// `s3cr\u0000et`, `s3cr\u001b[0met`, `s3cr\\u0000et`, `s\u0033cret` all read as `s3cret`.
import { INVISIBLE_ASTRAL, INVISIBLE_BMP, JOINERS } from './invisible.js';

// A run of backslashes is taken from its start only (one way to read it, never a quadratic search).
const BS = '(?<!\\\\)\\\\+';
const ESC = `(?:\\u001b|${BS}u001[bB])`;
const BEL_ST = `(?:\\u0007|\\u009c|\\u001b\\\\|${BS}u(?:0007|009[cC]|001[bB]\\\\+))`;
/**
 * What the display drops or a JSON reader turns into a dropped character: escape sequences (CSI,
 * OSC/DCS/… strings, two-byte escapes; raw or `\u001b`-escaped), control, separator and invisible
 * characters, and their escapes (`\n`, `\t`, `\u0000`, any `\u` escape of a character that is not
 * printable ASCII: a few too many, never too few).
 */
const JUNK = [
  `${ESC}\\[[0-?]*[ -/]*[@-~]?`,
  `(?:\\u009b|${BS}u009[bB])[0-?]*[ -/]*[@-~]?`,
  `(?:${ESC}[\\]PX^_]|[\\u0090\\u0098\\u009d\\u009e\\u009f]|${BS}u009[08dDeEfF])(?:[^\\u0007\\u001b\\u009c\\\\]|\\\\(?!\\\\*u(?:0007|009[cC]|001[bB])))*${BEL_ST}?`,
  `${ESC}[ -/]*[0-~]?`,
  `[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_BMP}${JOINERS}]`,
  INVISIBLE_ASTRAL,
  `${BS}u(?!00[2-7][0-9a-fA-F])[0-9a-fA-F]{4}`,
  `${BS}[bfnrt]`,
].join('|');

const hex = (n: number) => n.toString(16).padStart(4, '0').replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`);
const literal = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/** One character of a value: as it is, `\u`-escaped (any level), or JSON's short escape of it. */
function letter(c: string): string {
  const forms = [literal(c)];
  let units = '';
  for (let i = 0; i < c.length; i++) units += `${BS}u${hex(c.charCodeAt(i))}`;
  forms.push(units);
  if (c === '"' || c === '/') forms.push(`${BS}${literal(c)}`);
  if (c === '\\') forms.push('\\\\+');
  return forms.length === 1 ? forms[0]! : `(?:${forms.join('|')})`;
}

/** The regex source that finds `value` with junk between its letters. */
export function tolerant(value: string): string {
  return [...value].map(letter).join(`(?:${JUNK})*`);
}

export interface Hider {
  /** `text` with every occurrence of the values, and whatever was slipped between their letters, replaced by the mark. */
  (text: string): string;
  /** Whether `text` holds one of the values (raw JSON text too: escapes at any level are read). */
  test(text: string): boolean;
  readonly values: readonly string[];
}

const NONE: Hider = Object.assign((text: string) => text, { test: () => false, values: [] as string[] });

/**
 * A hider of `values` (empty ones ignored), longest first so a whole token goes before its secret
 * part. A value that itself holds junk is looked for as it is shown too.
 */
export function hiderOf(values: readonly string[], mark: string): Hider {
  const distinct = [...new Set(values.flatMap((v) => [v, seenText(v)]).filter((v, i) => v !== '' && (i % 2 === 0 || v.length >= 4)))]
    .sort((a, b) => b.length - a.length);
  if (distinct.length === 0) return NONE;
  // One regex per value finds it in a few ms a megabyte; an alternation of several is ~40x slower
  // (V8 cannot pick where a match may start). So each value is tested alone first, and only a
  // text that holds one is replaced with all of them. A value inside another (a token's secret
  // part) is the only one tested: the longer cannot be there without it.
  const tests = distinct.filter((v) => !distinct.some((w) => w !== v && v.includes(w))).map((v) => new RegExp(tolerant(v)));
  const all = new RegExp(distinct.map(tolerant).join('|'), 'g');
  const test = (text: string) => tests.some((t) => t.test(text));
  return Object.assign((text: string) => (test(text) ? replaceAll(text, all, mark) : text), { test, values: distinct });
}

/**
 * Each match replaced by the mark. A match whose first letter is the end of an escape (`\n` before
 * a value starting with `n`) takes the escape's backslash too: JSON text stays JSON.
 */
function replaceAll(text: string, all: RegExp, mark: string): string {
  all.lastIndex = 0;
  let out = '';
  let last = 0;
  for (let m = all.exec(text); m; m = all.exec(text)) {
    if (m[0] === '') { all.lastIndex++; continue; }
    let start = m.index;
    let slashes = 0;
    while (start - slashes - 1 >= last && text.charCodeAt(start - slashes - 1) === 92) slashes++;
    if (slashes % 2 === 1) start--;
    out += text.slice(last, start) + mark;
    last = m.index + m[0].length;
  }
  all.lastIndex = 0;
  return last === 0 ? text : out + text.slice(last);
}

/** `text` with junk (as JUNK says) removed and one level of `\u` escapes and `\"`, `\/` read: the text as a screen or JSON reader would see it. */
export function seenText(text: string): string {
  let out = text.replace(JUNK_ALL, '');
  for (let level = 0; level < 3 && out.includes('\\'); level++) {
    const next = out.replace(ESCAPED, (m, hexCode: string | undefined, c: string | undefined) => (hexCode ? String.fromCharCode(parseInt(hexCode, 16)) : c ?? m)).replace(JUNK_ALL, '');
    if (next === out) break;
    out = next;
  }
  return out;
}
const JUNK_ALL = new RegExp(JUNK, 'g');
const ESCAPED = /\\u([0-9a-fA-F]{4})|\\(["/\\])/g;
