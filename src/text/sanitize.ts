// Server strings are untrusted: strip escape sequences and control characters before display.
import { safeStringify } from './depth.js';
import { INVISIBLE_ASTRAL, INVISIBLE_BMP, INVISIBLE_HIGH, JOINERS, withoutStrayJoiners } from './invisible.js';

// ESC-introduced sequences: CSI (incl. private params), OSC/DCS/SOS/PM/APC strings (ended by BEL or ST),
// and two-byte escapes. Also their 8-bit C1 forms.
const ESCAPES =
  /\u001b\[[0-?]*[ -/]*[@-~]?|\u009b[0-?]*[ -/]*[@-~]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]?/g;
// C0 and C1 controls, DEL, and what can disguise text without showing (text/invisible.ts: bidi
// controls, zero-width and other default-ignorable characters; text/ansi.ts drops the same). The
// line and paragraph separators (U+2028/9) break lines in some terminals: they become what a line
// break becomes.
const C0_C1 = '\\u0000-\\u001f\\u007f-\\u009f';
const CONTROLS = new RegExp(`[${C0_C1}\\u2028\\u2029${INVISIBLE_BMP}]|${INVISIBLE_ASTRAL}`, 'g');
const CONTROLS_KEEP_NEWLINES = new RegExp(
  `[\\u0000-\\u0009\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_BMP}]|${INVISIBLE_ASTRAL}`,
  'g',
);
const HAS_SUSPECT = new RegExp(`[${C0_C1}\\u2028\\u2029${INVISIBLE_BMP}${JOINERS}${INVISIBLE_HIGH}]`);

// JSON.stringify escapes C0 controls but leaves these as they are: a terminal showing the JSON must
// not receive them raw (C1 controls start escape sequences; the others disguise text; joiners too,
// wherever they stand: the value stays the same). Astral ones are written as their two surrogates.
const JSON_UNSAFE = new RegExp(`[\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_BMP}${JOINERS}]|${INVISIBLE_ASTRAL}`, 'g');
const HAS_JSON_UNSAFE = new RegExp(`[\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_BMP}${JOINERS}${INVISIBLE_HIGH}]`);

/** A character as JSON escapes, one `\uXXXX` per UTF-16 unit. */
function escapeUnits(c: string): string {
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** JSON text with DEL, C1 controls, bidi controls, invisible and separator characters written as `\uXXXX` (the same JSON value). */
export function jsonSafe(text: string): string {
  return HAS_JSON_UNSAFE.test(text) ? text.replace(JSON_UNSAFE, escapeUnits) : text;
}

/** One display line: escape sequences removed, tabs and line breaks (U+2028/9 too) become spaces, other controls dropped. */
export function clean(value: string): string {
  if (!HAS_SUSPECT.test(value)) return value;
  return withoutStrayJoiners(
    value
      .replace(ESCAPES, '')
      .replace(/[\t\n\r\u2028\u2029]+/g, ' ')
      .replace(CONTROLS, ''),
  );
}

/** Multi-line text (compose files, commands): keeps newlines (U+2028/9 become one), expands tabs, drops everything else. */
export function cleanBlock(value: string): string {
  if (!HAS_SUSPECT.test(value)) return value;
  return withoutStrayJoiners(
    value
      .replace(ESCAPES, '')
      .replace(/\r\n?|[\u2028\u2029]/g, '\n')
      .replace(/\t/g, '  ')
      .replace(CONTROLS_KEEP_NEWLINES, ''),
  );
}

/** Any value as a display line; objects as compact JSON (nested parts deeper than text/depth.ts's MAX_DEPTH as `[nested too deep]`). */
export function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return clean(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return clean(safeStringify(value) ?? '');
  } catch {
    return '';
  }
}

/** Typed or pasted text for a field: one line (newlines at the edges dropped, inside one space), or a block. */
export function sanitiseInput(text: string, multiline: boolean): string {
  if (multiline) return cleanBlock(text);
  return clean(text.replace(/^[\r\n]+|[\r\n]+$/g, ''));
}
