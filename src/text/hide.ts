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
  '\\u001b\\[[0-?]*[ -/]*[@-~]?|\\u009b[0-?]*[ -/]*[@-~]?'
  + '|(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d\\u009e\\u009f])[^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?'
  + '|\\u001b[ -/]*[0-~]?'
  + `|${DROPPED.source}`
  + '|\\ud82f[\\udca0-\\udca3]|\\ud834[\\udd73-\\udd7a]|[\\udb40-\\udb43][\\udc00-\\udfff]',
  'y',
);
const SHORT: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** A text as read, and for each of its characters where it came from in the text it was read from (when asked). */
interface View {
  readonly text: string;
  /** Start and end (exclusive) in the source of each character. */
  readonly from?: Int32Array;
  readonly to?: Int32Array;
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

/** A stretch of a text read as something else: `width` characters at `at` stand for `as` ('' when dropped). */
interface Change { readonly at: number; readonly width: number; readonly as: string }

/** The text with its changes made, found one after another by `next` (from a place on). */
function rewritten(text: string, mapped: boolean, next: (from: number) => Change | undefined): View {
  const parts: string[] = [];
  const from = mapped ? new Int32Array(text.length) : undefined;
  const to = mapped ? new Int32Array(text.length) : undefined;
  let n = 0;
  let kept = 0;
  const keep = (end: number) => {
    if (kept >= end) return;
    parts.push(text.slice(kept, end));
    if (from) for (let i = kept; i < end; i++, n++) { from[n] = i; to![n] = i + 1; }
  };
  for (let c = next(0); c; c = next(kept)) {
    keep(c.at);
    if (c.as !== '') {
      parts.push(c.as);
      if (from) { from[n] = c.at; to![n] = c.at + c.width; n++; }
    }
    kept = c.at + c.width;
  }
  if (kept === 0) return mapped ? { text, from: identity(text.length), to: identity(text.length, 1) } : { text };
  keep(text.length);
  return { text: parts.join(''), from: from?.subarray(0, n), to: to?.subarray(0, n) };
}

/** The text as a screen shows it: escape sequences and dropped characters removed. */
function shown(text: string, mapped: boolean): View {
  return rewritten(text, mapped, (start) => {
    JUNK_START.lastIndex = start;
    for (let m = JUNK_START.exec(text); m; m = JUNK_START.exec(text)) {
      const width = junkAt(text, m.index);
      // An astral character that is not invisible: kept as text.
      if (width > 0) return { at: m.index, width, as: '' };
    }
    return undefined;
  });
}

const NO_ESCAPE: readonly [string, number] = ['', 0];

/** The JSON escape at `at` (a backslash) as the character it stands for and its width; width 0: not an escape. */
function escapeAt(text: string, at: number): readonly [string, number] {
  const next = text[at + 1];
  if (next === 'u') {
    let code = 0;
    for (let i = at + 2; i < at + 6; i++) {
      const d = hexDigit(text.charCodeAt(i));
      if (d < 0) return NO_ESCAPE;
      code = code * 16 + d;
    }
    return [String.fromCharCode(code), 6];
  }
  const short = next === undefined ? undefined : SHORT[next];
  return short === undefined ? NO_ESCAPE : [short, 2];
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** The text as a JSON reader decodes it, one level: `\\uXXXX` and the short escapes read. */
function decoded(text: string, mapped: boolean): View {
  return rewritten(text, mapped, (start) => {
    for (let at = text.indexOf('\\', start); at !== -1; at = text.indexOf('\\', at + 1)) {
      const [as, width] = escapeAt(text, at);
      if (width > 0) return { at, width, as };
    }
    return undefined;
  });
}

function identity(length: number, plus = 0): Int32Array {
  const out = new Int32Array(length);
  for (let i = 0; i < length; i++) out[i] = i + plus;
  return out;
}

/**
 * The views of a text: as written (a script reading the JSON dms prints gets the text itself) and
 * as shown; then each decoded as a JSON reader would, and that shown, three levels deep at most
 * (while there are escapes). Positions are in the text (when mapped).
 */
function viewsOf(text: string, mapped: boolean): View[] {
  let written: View = mapped ? { text, from: identity(text.length), to: identity(text.length, 1) } : { text };
  let seen = shown(text, mapped);
  const views = seen.text === text ? [written] : [written, seen];
  for (let level = 0; level < 3 && (written.text.includes('\\') || seen.text.includes('\\')); level++) {
    const next = step(written, mapped);
    // What shows of the decoded text; decoded from what showed when the screen dropped something.
    const nextSeen = seen.text === written.text ? next : step(seen, mapped);
    const shownNext = shown(nextSeen.text, mapped);
    const nextShown = mapped ? { text: shownNext.text, ...through({ from: shownNext.from!, to: shownNext.to! }, nextSeen) } : shownNext;
    if (next.text === written.text && nextShown.text === seen.text) break;
    written = next;
    seen = nextShown;
    views.push(written);
    if (seen.text !== written.text) views.push(seen);
  }
  return views;
}

/** A view decoded one level, its positions in the text. */
function step(view: View, mapped: boolean): View {
  const d = decoded(view.text, mapped);
  return mapped ? { text: d.text, ...through({ from: d.from!, to: d.to! }, view) } : d;
}

/** Positions in a view's source expressed in the source of that source. */
function through(inner: { from: Int32Array; to: Int32Array }, outer: View): { from: Int32Array; to: Int32Array } {
  const from = new Int32Array(inner.from.length);
  const to = new Int32Array(inner.to.length);
  for (let i = 0; i < from.length; i++) {
    from[i] = outer.from![inner.from[i]!]!;
    to[i] = outer.to![inner.to[i]! - 1]!;
  }
  return { from, to };
}

/** `text` as a screen shows it and a reader decodes it: the deepest view (what secrets are read from). */
export function seenText(text: string): string {
  if (!SUSPECT.test(text)) return text;
  const views = viewsOf(text, false);
  return views[views.length - 1]!.text;
}

export interface Hider {
  /** `text` with every occurrence of the values, and whatever was slipped between their letters, replaced by the mark. */
  (text: string): string;
  /** Whether `text` holds one of the values, in any view (raw JSON text too: escapes at any level are read). */
  test(text: string): boolean;
  readonly values: readonly string[];
}

const NONE: Hider = Object.assign((text: string) => text, { test: () => false, values: [] as string[] });

/**
 * A hider of `values` (empty ones ignored), longest first so a whole token goes before its secret
 * part. A value that itself holds what a screen drops is looked for as it is shown.
 */
export function hiderOf(values: readonly string[], mark: string): Hider {
  const distinct = [...new Set(values.map(seenText).filter((v) => v !== ''))].sort((a, b) => b.length - a.length);
  if (distinct.length === 0) return NONE;
  const holds = (text: string) => distinct.some((v) => text.includes(v));
  const test = (text: string) => (SUSPECT.test(text) ? viewsOf(text, false).some((view) => holds(view.text)) : holds(text));
  const hide = (text: string) => {
    if (!SUSPECT.test(text)) return holds(text) ? replacePlain(text, distinct, mark) : text;
    if (!viewsOf(text, false).some((view) => holds(view.text))) return text;
    return replaceSpans(text, spansOf(viewsOf(text, true), distinct), mark);
  };
  return Object.assign(hide, { test, values: distinct });
}

function replacePlain(text: string, values: readonly string[], mark: string): string {
  let out = text;
  for (const v of values) if (out.includes(v)) out = out.split(v).join(mark);
  return out;
}

/** Where each value is found in any view, as spans of the text (start, end), merged where they overlap. */
function spansOf(views: readonly View[], values: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const view of views) {
    for (const v of values) {
      for (let at = view.text.indexOf(v); at !== -1; at = view.text.indexOf(v, at + v.length)) {
        spans.push([view.from![at]!, view.to![at + v.length - 1]!]);
      }
    }
  }
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const merged: [number, number][] = [];
  for (const s of spans) {
    const last = merged[merged.length - 1];
    if (last && s[0] < last[1]) last[1] = Math.max(last[1], s[1]);
    else merged.push([s[0], s[1]]);
  }
  return merged;
}

function replaceSpans(text: string, spans: readonly [number, number][], mark: string): string {
  let out = '';
  let last = 0;
  for (const [start, end] of spans) {
    out += text.slice(last, start) + mark;
    last = end;
  }
  return out + text.slice(last);
}
