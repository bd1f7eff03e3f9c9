// A reader's view of an output, written apart from src/ (an oracle, not the code it checks): what
// a person sees on a terminal (escape sequences, controls, invisible characters dropped) or a
// script reads after decoding JSON escapes, up to three levels deep (a log inside a record).
import stripAnsi from 'strip-ansi';

const OSC = /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?/g;
const CSI8 = /\u009b[0-?]*[ -/]*[@-~]?/g;
const DROPPED =
  // eslint-disable-next-line no-misleading-character-class -- joiners and variation selectors listed one by one, on purpose
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8]|\udb40[\udc00-\udfff]|\ud82f[\udca0-\udca3]|\ud834[\udd73-\udd7a]/g;
const ESCAPE = /\\u([0-9a-fA-F]{4})|\\(["\\/bfnrt])/g;
const SHORT: Record<string, string> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

const drop = (text: string) =>
  stripAnsi(text.replace(OSC, '').replace(CSI8, ''))
    .replace(/\u001b[ -/]*[0-~]?/g, '')
    .replace(DROPPED, '');

/** Every way `text` can be read: as written, as shown, and with 1–3 levels of JSON escapes decoded (each shown). */
export function readings(text: string): string[] {
  const out = [text, drop(text)];
  let level = text;
  for (let i = 0; i < 3 && level.includes('\\'); i++) {
    level = level.replace(ESCAPE, (_m, hex: string | undefined, c: string) =>
      hex ? String.fromCharCode(parseInt(hex, 16)) : (SHORT[c] ?? c),
    );
    out.push(level, drop(level));
  }
  return out;
}
