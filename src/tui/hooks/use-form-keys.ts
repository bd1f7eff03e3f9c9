// Keys of the create forms: a pure key → command mapping (from the key table) and the hook.
import { useInput, type Key } from 'ink';
import { matches } from '../keys.js';

export type FormKeyCommand =
  | 'submit' | 'back' | 'next' | 'prev' | 'enter' | 'nextStep' | 'prevStep'
  | 'addRow' | 'removeRow' | 'suggest' | 'edit';

export function formKeyCommand(input: string, key: Partial<Key>): FormKeyCommand {
  if (matches('formSubmit', input, key)) return 'submit';
  if (matches('formBack', input, key)) return 'back';
  if (matches('formPrevField', input, key)) return 'prev';
  if (matches('formNextField', input, key)) return 'next';
  if (matches('formEnter', input, key)) return 'enter';
  if (matches('formNextStep', input, key)) return 'nextStep';
  if (matches('formPrevStep', input, key)) return 'prevStep';
  if (matches('formAddRow', input, key)) return 'addRow';
  if (matches('formRemoveRow', input, key)) return 'removeRow';
  if (matches('formSuggest', input, key)) return 'suggest';
  return 'edit';
}

export interface FormKeyOptions {
  readonly isActive: boolean;
}

const NO_KEY: Key = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false, super: false, hyper: false, capsLock: false, numLock: false,
};

// Keys that are one control character. `\n` is left to the text (a pasted line break).
const CONTROL_KEY = /[\u0000-\u0009\u000b-\u001f\u007f]/;

function controlKey(c: string): { input: string; key: Key } {
  if (c === '\t') return { input: '', key: { ...NO_KEY, tab: true } };
  if (c === '\r') return { input: '', key: { ...NO_KEY, return: true } };
  if (c === '\u007f' || c === '\b') return { input: '', key: { ...NO_KEY, backspace: true } };
  const code = c.charCodeAt(0);
  if (code >= 1 && code <= 26) return { input: String.fromCharCode(code + 96), key: { ...NO_KEY, ctrl: true } };
  return { input: '', key: { ...NO_KEY } };
}

/**
 * Ink hands a chunk of plain characters to `useInput` as one event. Keys that arrive together
 * (held Tab, fast macros, tmux send-keys) must act as keys, not be typed: control characters
 * at the start and end of a chunk become key events of their own; the text between stays one
 * input (a paste), to be sanitised by the field.
 */
export function splitChunk(input: string, key: Key): { input: string; key: Key }[] {
  if (input.length <= 1 || key.ctrl || key.meta) return [{ input, key }];
  const chars = [...input];
  if (!chars.some((c) => CONTROL_KEY.test(c))) return [{ input, key }];
  let start = 0;
  let end = chars.length;
  while (start < end && CONTROL_KEY.test(chars[start]!)) start += 1;
  while (end > start && CONTROL_KEY.test(chars[end - 1]!)) end -= 1;
  const out = chars.slice(0, start).map(controlKey);
  if (end > start) out.push({ input: chars.slice(start, end).join(''), key: { ...NO_KEY } });
  out.push(...chars.slice(end).map(controlKey));
  return out;
}

/** Calls `onKey` with the command for each key while active. */
export function useFormKeys(onKey: (command: FormKeyCommand, input: string, key: Key) => void, { isActive }: FormKeyOptions): void {
  useInput((input, key) => {
    for (const k of splitChunk(input, key)) onKey(formKeyCommand(k.input, k.key), k.input, k.key);
  }, { isActive });
}
