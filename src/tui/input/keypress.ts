// From what Ink reports for a read from the terminal to single keys. Ink hands characters that
// arrive together (a held key, `nn` typed fast, a paste, tmux send-keys) to its input handler as
// one string: control characters in it become keys of their own, and printable characters stay
// one run, which a text field takes at once (a paste) and a list takes one key at a time.
import type { Key } from 'ink';

export interface KeyEvent {
  /** One character, a run of printable characters (`isText`), or '' for a named key. */
  readonly input: string;
  readonly key: Key;
}

export const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

const NAMED: readonly (keyof Key)[] = [
  'upArrow',
  'downArrow',
  'leftArrow',
  'rightArrow',
  'pageDown',
  'pageUp',
  'home',
  'end',
  'return',
  'escape',
  'ctrl',
  'meta',
  'tab',
  'backspace',
  'delete',
];

// Keys that are one control character. `\n` is left to the text (a pasted line break).
const CONTROL_KEY = /[\u0000-\u0009\u000b-\u001f\u007f]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function controlKey(c: string): KeyEvent {
  if (c === '\t') return { input: '', key: { ...NO_KEY, tab: true } };
  if (c === '\r') return { input: '', key: { ...NO_KEY, return: true } };
  if (c === '\u007f' || c === '\b') return { input: '', key: { ...NO_KEY, backspace: true } };
  if (c === '\u001b') return { input: '', key: { ...NO_KEY, escape: true } };
  const code = c.charCodeAt(0);
  if (code >= 1 && code <= 26) return { input: String.fromCharCode(code + 96), key: { ...NO_KEY, ctrl: true } };
  return { input: '', key: { ...NO_KEY } };
}

// Inside a run, the controls that only typing makes (Backspace, Ctrl+U/A/E/K…: `abc` Ctrl+U `def`
// typed fast over ssh arrives as one read) are keys too; Tab, line breaks and Esc stay in the
// text, where a paste puts them and where acting on them (Enter) would be wrong.
const TYPED_KEY = /[\u0000-\u0008\u000b\u000c\u000e-\u001a\u001c-\u001f\u007f]/;

/**
 * The keys in one report of Ink's: control characters at the start and end of a chunk become
 * keys of their own, and the typed-only ones inside it (TYPED_KEY); the printable text between
 * stays runs (a line break inside it is part of a paste). A named or modified key is one key as
 * it came.
 */
export function splitChunk(input: string, key: Key): KeyEvent[] {
  if (input.length <= 1 || key.ctrl || key.meta) return [{ input, key }];
  const chars = [...input];
  if (!chars.some((c) => CONTROL_KEY.test(c))) return [{ input, key }];
  let start = 0;
  let end = chars.length;
  while (start < end && CONTROL_KEY.test(chars[start]!)) start += 1;
  while (end > start && CONTROL_KEY.test(chars[end - 1]!)) end -= 1;
  const out = chars.slice(0, start).map(controlKey);
  let run = start;
  for (let i = start; i < end; i++) {
    if (!TYPED_KEY.test(chars[i]!)) continue;
    if (i > run) out.push({ input: chars.slice(run, i).join(''), key: { ...NO_KEY } });
    out.push(controlKey(chars[i]!));
    run = i + 1;
  }
  if (end > run) out.push({ input: chars.slice(run, end).join(''), key: { ...NO_KEY } });
  // A loop, not push(...): a paste can be longer than a call takes arguments.
  for (let i = end; i < chars.length; i++) out.push(controlKey(chars[i]!));
  return out;
}

/**
 * Text a field may take whole: a printable character, or a run of characters read together
 * (typing fast, a paste; what it holds besides printable text is for the field to clean).
 */
export function isText(event: KeyEvent): boolean {
  if (event.input === '' || NAMED.some((k) => event.key[k])) return false;
  return [...event.input].length > 1 || !CONTROL.test(event.input);
}

/** The first character of a run (a whole code point), and the rest. */
export function firstKey(run: string): [string, string] {
  const c = String.fromCodePoint(run.codePointAt(0)!);
  return [c, run.slice(c.length)];
}
