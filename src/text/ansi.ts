// Build output as a terminal would leave it, minus everything a terminal would obey: colour
// codes (SGR) become styled spans, and nothing else of the output reaches the screen — other
// escape sequences, OSC titles, clears and cursor moves are dropped, a carriage return starts
// the line over (progress bars show their last state), and control characters are removed.
import { widthOf } from './cells.js';
import { INVISIBLE_ASTRAL, INVISIBLE_BMP, INVISIBLE_HIGH, JOINERS, withoutStrayJoiners } from './invisible.js';

export interface SpanStyle {
  /** An Ink colour: a name (`red`, `greenBright`), `ansi256(n)` or `#rrggbb`. */
  readonly fg?: string;
  readonly bg?: string;
  readonly bold?: boolean;
  readonly dim?: boolean;
  readonly italic?: boolean;
  readonly underline?: boolean;
  readonly inverse?: boolean;
}

export interface Span {
  readonly text: string;
  readonly style: SpanStyle;
}

const NAMES = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'] as const;
const BRIGHT = ['gray', 'redBright', 'greenBright', 'yellowBright', 'blueBright', 'magentaBright', 'cyanBright', 'whiteBright'] as const;

// One token of a line: an escape sequence (7-bit or 8-bit introducer), a control or invisible
// character (text/invisible.ts), or plain text.
//  1: CSI params, 2: CSI final
const DROPPED = `\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_BMP}`;
const TOKEN = new RegExp(
  '\\u001b\\[([0-?]*)[ -/]*([@-~])?|\\u009b[0-?]*[ -/]*[@-~]?|(?:\\u001b[\\]PX^_]|[\\u0090\\u0098\\u009d\\u009e\\u009f])[^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?|\\u001b[ -/]*[0-~]?' +
    `|[${DROPPED}]|${INVISIBLE_ASTRAL}|[^${DROPPED}${INVISIBLE_HIGH}]+|[${INVISIBLE_HIGH}]`,
  'gy',
);
/** Anything that needs the tokenizer; lines without it are one plain span. */
const SUSPECT = new RegExp(`[${DROPPED}${JOINERS}${INVISIBLE_HIGH}]`);
/** A token that is one dropped character (a control, or an invisible one). */
const DROPPED_ONE = new RegExp(`^(?:[${DROPPED}]|${INVISIBLE_ASTRAL})$`);

const TAB = 8;

type MutableStyle = { -readonly [K in keyof SpanStyle]: SpanStyle[K] };

/** An extended colour from its parameters after 38/48: `5;n`, or `2;r;g;b` (`2;cs;r;g;b` in the colon form). */
function extendedColour(args: readonly number[], colon: boolean): string | undefined {
  const [mode] = args;
  if (mode === 5) {
    const n = args[1];
    return n !== undefined && n >= 0 && n <= 255 ? `ansi256(${n})` : undefined;
  }
  if (mode === 2) {
    // `38:2:cs:r:g:b` carries a colour-space id (often empty) before the three values; `38:2:r:g:b` does not.
    const rgb = colon && args.length >= 5 ? args.slice(2, 5) : args.slice(1, 4);
    const ok = rgb.length === 3 && rgb.every((v) => v >= 0 && v <= 255);
    return ok ? `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}` : undefined;
  }
  return undefined;
}

const code = (p: string): number => (p === '' ? 0 : Number(p));

/** Applies one SGR sequence's parameters to the style. */
function applySgr(style: MutableStyle, params: string): void {
  // `;` separates parameters, `:` the sub-parameters of one (`38:2::255:0:0`, `4:3`); an empty parameter is 0.
  const list = (params === '' ? '0' : params).split(';');
  for (let i = 0; i < list.length; i++) {
    const param = list[i]!;
    let c: number;
    if (param.includes(':')) {
      const sub = param.split(':').map(code);
      c = sub[0]!;
      if (c === 38 || c === 48) {
        const colour = extendedColour(sub.slice(1), true);
        if (colour) style[c === 38 ? 'fg' : 'bg'] = colour;
        continue;
      }
      // `4:0` is no underline; `4:1`…`4:5` are kinds of underline.
      if (c === 4 && sub[1] === 0) {
        delete style.underline;
        continue;
      }
    } else {
      c = code(param);
    }
    if (c === 0) {
      for (const k of Object.keys(style)) delete style[k as keyof MutableStyle];
    } else if (c === 1) style.bold = true;
    else if (c === 2) style.dim = true;
    else if (c === 3) style.italic = true;
    else if (c === 4) style.underline = true;
    else if (c === 7) style.inverse = true;
    else if (c === 22) {
      delete style.bold;
      delete style.dim;
    } else if (c === 23) delete style.italic;
    else if (c === 24) delete style.underline;
    else if (c === 27) delete style.inverse;
    else if (c >= 30 && c <= 37) style.fg = NAMES[c - 30];
    else if (c >= 90 && c <= 97) style.fg = BRIGHT[c - 90];
    else if (c === 39) delete style.fg;
    else if (c >= 40 && c <= 47) style.bg = NAMES[c - 40];
    else if (c >= 100 && c <= 107) style.bg = BRIGHT[c - 100];
    else if (c === 49) delete style.bg;
    else if (c === 38 || c === 48) {
      // `38;5;n` and `38;2;r;g;b`: the values are the parameters that follow.
      const mode = code(list[i + 1] ?? '');
      const used = mode === 5 ? 2 : mode === 2 ? 4 : 1;
      const colour = extendedColour(list.slice(i + 1, i + 1 + used).map(code), false);
      if (colour) style[c === 38 ? 'fg' : 'bg'] = colour;
      i += used;
    }
  }
}

function sameStyle(a: SpanStyle, b: SpanStyle): boolean {
  return (
    a.fg === b.fg &&
    a.bg === b.bg &&
    a.bold === b.bold &&
    a.dim === b.dim &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.inverse === b.inverse
  );
}

/**
 * One line of output (no `\n` in it) as styled spans: colour codes applied, every other escape
 * sequence and control character dropped, tabs expanded, and after a carriage return only what
 * was written last (the line's last non-empty state).
 */
export function lineSpans(raw: string): Span[] {
  if (!SUSPECT.test(raw)) return raw === '' ? [] : [{ text: raw, style: {} }];
  if (SGR_ONLY.test(raw)) return sgrSpans(raw);
  let spans: Span[] = [];
  let before: Span[] = [];
  // Terminal cells before `unmeasured` (text written since the last tab), measured only when a tab needs it.
  let column = 0;
  let unmeasured = '';
  const style: MutableStyle = {};
  const push = (text: string) => {
    const last = spans[spans.length - 1];
    if (last && sameStyle(last.style, style)) spans[spans.length - 1] = { text: last.text + text, style: last.style };
    else spans.push({ text, style: { ...style } });
  };
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(raw); m; m = TOKEN.exec(raw)) {
    const t = m[0];
    const c = t.charCodeAt(0);
    if (c === 0x1b) {
      if (t[1] === '[' && m[2] === 'm' && /^[0-9;:]*$/.test(m[1] ?? '')) applySgr(style, m[1] ?? '');
    } else if (t.length <= 2 && DROPPED_ONE.test(t)) {
      if (c === 0x09) {
        // Tab stops are every 8 cells: a wide character takes two.
        column += widthOf(unmeasured);
        unmeasured = '';
        const spaces = TAB - (column % TAB);
        push(' '.repeat(spaces));
        column += spaces;
      } else if (c === 0x0d) {
        if (spans.length > 0) before = spans;
        spans = [];
        column = 0;
        unmeasured = '';
      }
    } else if (c >= 0x80 && c <= 0x9f) {
      // an 8-bit escape sequence: dropped whole
    } else {
      // Joiners that join nothing (text/invisible.ts) are dropped from plain text.
      const text = withoutStrayJoiners(t);
      if (text === '') continue;
      push(text);
      unmeasured += text;
    }
  }
  TOKEN.lastIndex = 0;
  return spans.length > 0 ? spans : before;
}

// Most coloured build output holds colour codes and nothing else a terminal would obey: split on
// them instead of tokenizing every character (a 20,000-line log opens several times faster).
const SGR_ONLY = new RegExp(`^(?:[^${DROPPED}${JOINERS}${INVISIBLE_HIGH}]|\\u001b\\[[0-9;:]*m)*$`);
const SGR = /\u001b\[([0-9;:]*)m/;

/** lineSpans for a line whose only escapes are colour codes (same result, faster). */
function sgrSpans(raw: string): Span[] {
  const parts = raw.split(SGR);
  const spans: Span[] = [];
  const style: MutableStyle = {};
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 1) {
      applySgr(style, parts[i]!);
      continue;
    }
    const text = parts[i]!;
    if (text === '') continue;
    const last = spans[spans.length - 1];
    if (last && sameStyle(last.style, style)) spans[spans.length - 1] = { text: last.text + text, style: last.style };
    else spans.push({ text, style: { ...style } });
  }
  return spans;
}

/** The text of spans. */
export function spansText(spans: readonly Span[]): string {
  return spans.length === 1 ? spans[0]!.text : spans.map((s) => s.text).join('');
}

/** True when any span has a style. */
export function styled(spans: readonly Span[]): boolean {
  return spans.some((s) => Object.keys(s.style).length > 0);
}

const SGR_FG: Record<string, number> = Object.fromEntries([...NAMES.map((n, i) => [n, 30 + i]), ...BRIGHT.map((n, i) => [n, 90 + i])]);

/** Spans back as text with SGR colour codes (for a terminal that shows colour), reset at the end. */
export function spansToAnsi(spans: readonly Span[]): string {
  let out = '';
  for (const s of spans) {
    const codes: string[] = [];
    const st = s.style;
    if (st.bold) codes.push('1');
    if (st.dim) codes.push('2');
    if (st.italic) codes.push('3');
    if (st.underline) codes.push('4');
    if (st.inverse) codes.push('7');
    for (const [colour, base] of [
      [st.fg, 0],
      [st.bg, 10],
    ] as const) {
      if (!colour) continue;
      if (colour in SGR_FG) codes.push(String(SGR_FG[colour]! + base));
      else if (colour.startsWith('ansi256(')) codes.push(`${38 + base};5;${colour.slice(8, -1)}`);
      else if (colour.startsWith('#')) {
        const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
        codes.push(`${38 + base};2;${r};${g};${b}`);
      }
    }
    out += codes.length > 0 ? `\u001b[${codes.join(';')}m${s.text}\u001b[0m` : s.text;
  }
  return out;
}
