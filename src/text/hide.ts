// Hiding known values (the token, a record's secrets) in a text as it will be shown or read: a
// screen drops escape sequences, control and invisible characters, and a JSON reader decodes
// escapes (a deployment's `logs` field is JSON text inside a string, a second level deep). A value
// with any of those slipped between its letters, or its letters written as `\uXXXX`, shows whole:
// `s3cr\u0000et`, `s3cr\u001b[0met`, `s3cr\\u0000et`, `s\u0033cret` all read as `s3cret`. So a
// text is read as a screen shows it (its view), then as a JSON reader decodes it, up to three
// levels deep, and a value found in any view is replaced in the text, with whatever was slipped
// between its letters. One pass a view, and static patterns only: no value's own regex to compile.
import { INVISIBLE_BMP, JOINERS } from './invisible.js';

/** Characters a screen drops, one at a time (controls, separators, invisible ones). */
const DROPPED = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_BMP}${JOINERS}]`);
/** Anything a view would change: a character it drops, an astral invisible one's first half, a backslash. */
const SUSPECT = new RegExp(`[\\\\\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_BMP}${JOINERS}]|[\\ud82f\\ud834\\udb40-\\udb43]`);
/** One thing a screen drops, at a place: an escape sequence (as text/ansi.ts reads them), or one character. */
const JUNK = new RegExp(
  '\\u001b\\[[0-?]*[ -/]*[@-~]?|\\u009b[0-?]*[ -/]*[@-~]?' +
    '|(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d\\u009e\\u009f])[^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?' +
    '|\\u001b[ -/]*[0-~]?' +
    `|${DROPPED.source}` +
    '|\\ud82f[\\udca0-\\udca3]|\\ud834[\\udd73-\\udd7a]|[\\udb40-\\udb43][\\udc00-\\udfff]',
  'y',
);

/**
 * A text as read from another (its source: the text, or another view), and where each of its
 * characters came from, kept as the changes made (few) rather than a position per character (an 8 MB
 * log): a character at `i` maps back through the changes before it.
 */
interface View {
  readonly text: string;
  readonly source?: View;
  /**
   * Four numbers a change, in order: where its output starts in this text, the stretch it replaced
   * in the source (start, end), and how many characters it wrote (0: dropped, 1: an escape read).
   */
  readonly changes?: Int32Array;
}

/** Where the character at `i` of a view starts (`end`: ends) in the text all views are read from. */
function origin(view: View, i: number, end: boolean): number {
  for (let v: View | undefined = view; v?.source; v = v.source) {
    const ch = v.changes!;
    // The last change whose output starts at or before i.
    let lo = 0;
    let hi = ch.length / 4 - 1;
    let c = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ch[mid * 4]! <= i) {
        c = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (c >= 0 && i < ch[c * 4]! + ch[c * 4 + 3]!) i = end ? ch[c * 4 + 2]! - 1 : ch[c * 4 + 1]!;
    else i = c >= 0 ? ch[c * 4 + 2]! + (i - ch[c * 4]! - ch[c * 4 + 3]!) : i;
  }
  return end ? i + 1 : i;
}

/** Where something a screen may drop can start: ESC, a C1 string's start, a dropped character, an astral invisible's first half. */
// Two classes, not one: with the surrogates in it, V8 scans the class ~9x slower.
const JUNK_START = new RegExp(`${DROPPED.source}|[\\ud82f\\ud834\\udb40-\\udb43]`, 'g');

/** The length of what a screen drops at `at` (0: nothing). A colour code, by far the most common, is read without a regex. */
function junkAt(text: string, at: number): number {
  if (text.charCodeAt(at) === 0x1b && text.charCodeAt(at + 1) === 0x5b) {
    let i = at + 2;
    while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x3f) i++;
    while (i < text.length && text.charCodeAt(i) >= 0x20 && text.charCodeAt(i) <= 0x2f) i++;
    const c = text.charCodeAt(i);
    return (c >= 0x40 && c <= 0x7e ? i + 1 : i) - at;
  }
  JUNK.lastIndex = at;
  return JUNK.exec(text)?.[0].length ?? 0;
}

/** Builds a view of a source: its text kept but for changes, made one after another. */
class Rewrite {
  private out = '';
  private length = 0;
  // Four numbers a change, grown by doubling: an array of numbers pushed to cost three times as much on a log.
  private changes = new Int32Array(64);
  private n = 0;
  private kept = 0;

  constructor(private readonly source: View) {}

  /** `width` characters at `at` (at or after the last change) stand for `as` ('' when dropped). */
  change(at: number, width: number, as: string): void {
    const text = this.source.text;
    if (this.kept < at) {
      this.out += text.slice(this.kept, at);
      this.length += at - this.kept;
    }
    if (this.n + 4 > this.changes.length) {
      const grown = new Int32Array(this.changes.length * 2);
      grown.set(this.changes);
      this.changes = grown;
    }
    const ch = this.changes;
    ch[this.n++] = this.length;
    ch[this.n++] = at;
    ch[this.n++] = at + width;
    ch[this.n++] = as.length;
    this.out += as;
    this.length += as.length;
    this.kept = at + width;
  }

  /** Where the next change may start. */
  get next(): number {
    return this.kept;
  }

  view(): View {
    if (this.n === 0) return this.source;
    return { text: this.out + this.source.text.slice(this.kept), source: this.source, changes: this.changes.subarray(0, this.n) };
  }
}

/** The text as a screen shows it: escape sequences and dropped characters removed. */
function shown(source: View): View {
  const text = source.text;
  const r = new Rewrite(source);
  JUNK_START.lastIndex = 0;
  for (let m = JUNK_START.exec(text); m; m = JUNK_START.exec(text)) {
    const width = junkAt(text, m.index);
    // An astral character that is not invisible: kept as text.
    if (width === 0) continue;
    r.change(m.index, width, '');
    JUNK_START.lastIndex = r.next;
  }
  return r.view();
}

/** The JSON escape at `at` (a backslash) made a change of `r`; false when it is not one. */
function readEscape(r: Rewrite, text: string, at: number): boolean {
  const next = text.charCodeAt(at + 1);
  if (next === 0x75) {
    // u
    let code = 0;
    for (let i = at + 2; i < at + 6; i++) {
      const d = hexDigit(text.charCodeAt(i));
      if (d < 0) return false;
      code = code * 16 + d;
    }
    r.change(at, 6, String.fromCharCode(code));
    return true;
  }
  const short = shortEscape(next);
  if (short === '') return false;
  r.change(at, 2, short);
  return true;
}

/** What JSON's short escape `\X` stands for, by X's code; '' for none. */
function shortEscape(c: number): string {
  switch (c) {
    case 0x22:
      return '"';
    case 0x5c:
      return '\\';
    case 0x2f:
      return '/';
    case 0x62:
      return '\b';
    case 0x66:
      return '\f';
    case 0x6e:
      return '\n';
    case 0x72:
      return '\r';
    case 0x74:
      return '\t';
    default:
      return '';
  }
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** The text as a JSON reader decodes it, one level: `\\uXXXX` and the short escapes read. */
function decoded(source: View): View {
  const text = source.text;
  const r = new Rewrite(source);
  for (let at = text.indexOf('\\'); at !== -1; at = text.indexOf('\\', Math.max(at + 1, r.next))) readEscape(r, text, at);
  return r.view();
}

/**
 * The views of a text: as written (a script reading the JSON dms prints gets the text itself) and
 * as shown; then each decoded as a JSON reader would, and that shown, three levels deep at most
 * (while there are escapes).
 */
function viewsOf(text: string): View[] {
  let written: View = { text };
  let seen = shown(written);
  const views = seen === written ? [written] : [written, seen];
  for (let level = 0; level < 3 && (written.text.includes('\\') || seen.text.includes('\\')); level++) {
    const next = decoded(written);
    // What shows of the decoded text; decoded from what showed when the screen dropped something.
    const nextShown = shown(seen === written ? next : decoded(seen));
    if (next === written && nextShown.text === seen.text) break;
    // And what shows of the decoded text itself: a reader may decode first and show after (a
    // terminal after jq), and a sequence the screen read before decoding (`\u009b\` of
    // `\u009b\u0000c`) may then be another (`\u009b`, NUL, then `c`, which shows).
    const shownNext = seen === written ? nextShown : shown(next);
    written = next;
    seen = nextShown;
    views.push(written);
    if (seen.text !== written.text) views.push(seen);
    if (shownNext !== seen && shownNext.text !== seen.text && shownNext.text !== written.text) views.push(shownNext);
  }
  return views;
}

/** `text` as a screen shows it and a reader decodes it: the deepest view (what secrets are read from). */
export function seenText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  const views = viewsOf(text);
  return views[views.length - 1]!.text;
}

export interface Hider {
  /** `text` with every occurrence of the values, and whatever was slipped between their letters, replaced by its mark. */
  (text: string): string;
  /** Whether `text` holds one of the values, in any view (raw JSON text too: escapes at any level are read). */
  test(text: string): boolean;
  /** The values looked for (as shown), longest first, each with its mark. */
  readonly values: readonly (readonly [string, string])[];
}

const NONE: Hider = Object.assign((text: string) => text, { test: () => false, values: [] });

/**
 * A hider of `values` (empty ones ignored), longest first so a whole token goes before its secret
 * part. A value that itself holds what a screen drops is looked for as it is shown.
 */
export function hiderOf(values: readonly string[], mark: string): Hider {
  return markedHider(values.map((v) => [v, mark] as const));
}

/** One hider for values of several marks (the token's `[token]`, secrets' `••••`): a text's views are read once for all. */
export function combined(...hiders: readonly Hider[]): Hider {
  return markedHider(hiders.flatMap((h) => h.values));
}

function markedHider(pairs: readonly (readonly [string, string])[]): Hider {
  const marks = new Map<string, string>();
  for (const [v, mark] of pairs) {
    const seen = seenText(v);
    if (seen !== '' && !marks.has(seen)) marks.set(seen, mark);
  }
  if (marks.size === 0) return NONE;
  const values = [...marks.entries()].sort((a, b) => b[0].length - a[0].length);
  // A value inside another (a token's secret part) is the only one looked for first: the longer cannot be there without it.
  const least = values.map(([v]) => v).filter((v, _i, all) => !all.some((w) => w !== v && v.includes(w)));
  const holds = (text: string) => least.some((v) => text.includes(v));
  const test = (text: string) => (SUSPECT.test(text) ? viewsOf(text).some((view) => holds(view.text)) : holds(text));
  const hide = (text: string) => {
    if (!SUSPECT.test(text)) return holds(text) ? replacePlain(text, values) : text;
    const views = viewsOf(text);
    if (!views.some((view) => holds(view.text))) return text;
    return replaceSpans(text, spansOf(views, values));
  };
  return Object.assign(hide, { test, values });
}

function replacePlain(text: string, values: readonly (readonly [string, string])[]): string {
  let out = text;
  for (const [v, mark] of values) if (out.includes(v)) out = out.split(v).join(mark);
  return out;
}

/** Where each value is found in any view, as spans of the text (start, end, mark), merged where they overlap (the longer's mark). */
function spansOf(views: readonly View[], values: readonly (readonly [string, string])[]): [number, number, string][] {
  const spans: [number, number, string][] = [];
  for (const view of views) {
    for (const [v, mark] of values) {
      for (let at = view.text.indexOf(v); at !== -1; at = view.text.indexOf(v, at + v.length)) {
        spans.push([origin(view, at, false), origin(view, at + v.length - 1, true), mark]);
      }
    }
  }
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number, string][] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] < last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([s[0], s[1], s[2]]);
  }
  return merged;
}

function replaceSpans(text: string, spans: readonly [number, number, string][]): string {
  let out = '';
  let last = 0;
  for (const [start, end, mark] of spans) {
    out += text.slice(last, start) + mark;
    last = end;
  }
  return out + text.slice(last);
}
