// Server strings are untrusted: strip escape sequences and control characters before display.

// ESC-introduced sequences: CSI (incl. private params), OSC/DCS/SOS/PM/APC strings (ended by BEL or ST),
// and two-byte escapes. Also their 8-bit C1 forms.
const ESCAPES =
  /\u001b\[[0-?]*[ -/]*[@-~]?|\u009b[0-?]*[ -/]*[@-~]?|(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[ -/]*[0-~]?/g;
// C0 and C1 controls, DEL, and bidi overrides/isolates that can disguise text.
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_KEEP_NEWLINES = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const HAS_SUSPECT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** One display line: escape sequences removed, tabs and newlines become spaces, other controls dropped. */
export function clean(value: string): string {
  if (!HAS_SUSPECT.test(value)) return value;
  return value.replace(ESCAPES, '').replace(/[\t\n\r]+/g, ' ').replace(CONTROLS, '');
}

/** Multi-line text (compose files, commands): keeps newlines, expands tabs, drops everything else. */
export function cleanBlock(value: string): string {
  if (!HAS_SUSPECT.test(value)) return value;
  return value.replace(ESCAPES, '').replace(/\r\n?/g, '\n').replace(/\t/g, '  ').replace(CONTROLS_KEEP_NEWLINES, '');
}

/** Any value as a display line; objects as compact JSON. */
export function display(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return clean(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return clean(JSON.stringify(value));
  } catch {
    return '';
  }
}

/** Typed or pasted text for a field: one line (newlines at the edges dropped, inside one space), or a block. */
export function sanitiseInput(text: string, multiline: boolean): string {
  if (multiline) return cleanBlock(text);
  return clean(text.replace(/^[\r\n]+|[\r\n]+$/g, ''));
}
