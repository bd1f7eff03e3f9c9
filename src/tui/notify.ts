// A desktop notification when a deployment ends, in the form the terminal is documented to show:
// OSC 9 for iTerm2 (its "proprietary escape codes"), OSC 777;notify for WezTerm, Ghostty and foot
// (each documents it, with a title), OSC 99 for kitty (its desktop-notifications protocol), and
// the bell anywhere else — tmux included: it passes escape sequences on only with allow-passthrough,
// which dms cannot see, while it always passes the bell on. Pure: the caller writes the text.
import { clean } from '../text/sanitize.js';
import { truncate } from '../text/cells.js';

export type NotifyForm = 'osc9' | 'osc777' | 'osc99' | 'bell';

const BEL = '\u0007';
const ESC = '\u001b';
const ST = `${ESC}\\`;
/** Longest title and body (cells): a notification is a glance. */
const TITLE_MAX = 40;
const BODY_MAX = 120;

/** The form of the terminal dms runs in, read from its environment. */
export function notifyFormOf(env: NodeJS.ProcessEnv): NotifyForm {
  if ((env.TMUX ?? '') !== '' || env.TERM_PROGRAM === 'tmux' || (env.TERM ?? '').startsWith('screen')) return 'bell';
  switch (env.TERM_PROGRAM) {
    case 'iTerm.app':
      return 'osc9';
    case 'WezTerm':
    case 'ghostty':
      return 'osc777';
  }
  const term = env.TERM ?? '';
  if (term === 'xterm-kitty' || (env.KITTY_WINDOW_ID ?? '') !== '') return 'osc99';
  if (term === 'foot' || term.startsWith('foot-')) return 'osc777';
  return 'bell';
}

/**
 * Text that can ride in an escape sequence: no control character (an ESC or BEL would end it
 * early and let the rest act on the terminal), no `;` (OSC 777's field separator), one line, cut.
 */
export function notifyText(text: string, max: number): string {
  const plain = clean(text)
    .replace(/[\u0000-\u001f\u007f-\u009f;]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return truncate(plain, max);
}

/** The bytes that show `title` and `body` in `form`. */
export function notification(form: NotifyForm, title: string, body: string): string {
  const t = notifyText(title, TITLE_MAX);
  const b = notifyText(body, BODY_MAX);
  switch (form) {
    case 'osc9':
      // The message alone; "dms: " first, so it never reads as ConEmu's `9;N` sub-commands.
      return `${ESC}]9;dms: ${t}${b ? ` — ${b}` : ''}${BEL}`;
    case 'osc777':
      return `${ESC}]777;notify;${t};${b}${BEL}`;
    case 'osc99':
      return `${ESC}]99;;${t}${b ? ` — ${b}` : ''}${ST}`;
    case 'bell':
      return BEL;
  }
}
