// The secret values anything read from a server holds, wherever they sit: secret fields at any
// depth, secret-named keys inside JSON text (a `logs` field), and the passwords of URLs that show
// only once the characters between their letters are dropped. What text/hide.ts then looks for
// in all the other text.
import { MAX_DEPTH } from './depth.js';
import { INVISIBLE_BMP, INVISIBLE_HIGH, JOINERS } from './invisible.js';
import { seenText } from './hide.js';
import { isSecretField, secretValuesOf, urlPasswordsIn } from './secrets.js';

export type Holder = Record<string, unknown> | unknown[];

/** Words of a secret's key in JSON text, at any level of escaping (`"root_password":`, `\\"api_token\\":`). */
export const SECRET_KEY = /(?:pass(?:word|wd|phrase)|secret|token|api_?key|private_?key|access_?key|credential)[^"]{0,64}"\s*:/i;
/** A secret-named key in JSON text and the start of its string value: 1 the key, 2 the backslashes of its level of escaping. */
const KEY_AT = /([\w.-]*(?:pass(?:word|wd|phrase)|secret|token|api_?key|private_?key|access_?key|credential)[\w.-]*)(\\*)"\s*:\s*\2"/gi;

/** The string values of secret-named keys in JSON text (a log), at any level of escaping, as a reader would decode them. */
function embeddedSecrets(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(KEY_AT)) {
    if (!isSecretField(m[1]!)) continue;
    const level = m[2]!.length;
    const start = m.index + m[0].length;
    // The value ends at a quote escaped exactly as its opening one (a quote inside it has more backslashes).
    for (let i = start; i < text.length && i - start <= 4096; i++) {
      if (text.charCodeAt(i) !== 34) continue;
      let slashes = 0;
      while (text.charCodeAt(i - slashes - 1) === 92) slashes++;
      if (slashes !== level) continue;
      found.push(seenText(text.slice(start, i - level)));
      break;
    }
  }
  return found;
}

/** What can hide a URL's parts from a plain search: an escape, a control or invisible character. */
const JUNKISH = new RegExp(`[\\\\\\u0000-\\u001f\\u007f-\\u009f${INVISIBLE_BMP}${JOINERS}${INVISIBLE_HIGH}]`);
/** Where a URL's text stops: a space, a quote (JSON), a line break. */
const isBreak = (c: number) => c === 32 || c === 34 || c === 10 || c === 13 || c === 9;

/**
 * The passwords of URLs in `text` that only show once what hides their parts is dropped
 * (`docst\u0000ore://root:pw@db`): each `@` is read with the text before it, up to a space or a
 * quote (512 characters at most), when that holds a `:` and something that hides.
 */
function splitUrlPasswords(text: string): string[] {
  const found: string[] = [];
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < 512 && !isBreak(text.charCodeAt(start - 1))) start--;
    const before = text.slice(start, at + 1);
    if (!before.includes(':')) continue;
    // JSON's `\/` (servers escape every slash) is read without the views: only other junk needs them.
    const plain = before.includes('\\/') ? before.replaceAll('\\/', '/') : before;
    if (JUNKISH.test(plain)) found.push(...urlPasswordsIn(seenText(before)));
    else if (plain !== before) found.push(...urlPasswordsIn(plain));
  }
  return found;
}

/**
 * Every secret value an answer holds, to be hidden in all its other text: secret fields at any
 * depth, secret-named keys inside JSON text, and the passwords of URLs that show only once
 * the characters between their letters are dropped (4 characters or more: shorter ones would hide
 * ordinary words).
 */
export function secretsIn(answer: Holder): string[] {
  const found = new Set<string>();
  const add = (v: string) => {
    if (v.trim().length >= 4) found.add(v);
  };
  const look = (v: unknown) => {
    if (typeof v !== 'string') return;
    if (SECRET_KEY.test(v)) for (const secret of embeddedSecrets(v)) add(secret);
    if (v.includes('@')) for (const p of splitUrlPasswords(v)) add(p);
  };
  walk(answer, (holder) => {
    if (Array.isArray(holder)) {
      holder.forEach(look);
      return;
    }
    for (const s of secretValuesOf(holder)) add(s);
    for (const key of Object.keys(holder)) look(holder[key]);
  });
  return [...found];
}

/** Calls `visit` for the answer and each array and object in it down to MAX_DEPTH, without recursing (a deep answer cannot overflow the stack). */
export function walk(answer: Holder, visit: (holder: Holder) => void): void {
  const stack: { value: Holder; depth: number }[] = [{ value: answer, depth: 0 }];
  for (let h = stack.pop(); h; h = stack.pop()) {
    const { value, depth } = h;
    // Its objects are taken before the visit: a visit may leave a text to be read later (api/scrub.ts).
    if (depth < MAX_DEPTH) {
      for (const v of Array.isArray(value) ? value : Object.values(value)) {
        if (v !== null && typeof v === 'object') stack.push({ value: v as Holder, depth: depth + 1 });
      }
    }
    visit(value);
  }
}
