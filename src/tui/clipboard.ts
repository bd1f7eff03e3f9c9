// Copying to the clipboard with OSC 52 (`ESC ] 52 ; c ; base64 BEL`): the terminal sets its
// clipboard, over ssh too, with nothing to install. Not every terminal does it, so the note
// after a copy says when it may not have arrived. Only plain values are copied (a uuid, a sha),
// and the terminal only ever sees them as base64.
//
// Inside tmux the sequence reaches the clipboard when tmux's `set-clipboard` is `on` (tmux keeps a
// paste buffer and passes it to the terminal); with the default `external` tmux drops it, so dms
// then wraps it for `allow-passthrough` when that is on, and otherwise says it was not copied.
import { execFile } from 'node:child_process';
import { withoutDmsVariables } from './child-env.js';

const ESC = '\u001b';
const BEL = '\u0007';

/** The sequence that puts `text` on the clipboard. */
export function osc52(text: string): string {
  return `${ESC}]52;c;${Buffer.from(text, 'utf8').toString('base64')}${BEL}`;
}

/** The same, for tmux to pass through to the terminal outside it (escapes doubled, in a DCS). */
export function tmuxPassthrough(sequence: string): string {
  return `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ESC}\\`;
}

/** A commit sha: hex digits. */
export const PLAIN_SHA = /^[0-9a-f]{7,64}$/i;

/** Terminals known to take OSC 52 (by TERM_PROGRAM, TERM, or a variable they set). */
const GOOD_PROGRAMS = new Set(['iTerm.app', 'WezTerm', 'vscode', 'ghostty', 'Tabby', 'rio', 'WarpTerminal']);
const GOOD_TERM = /kitty|alacritty|foot|wezterm|ghostty|contour|rio/i;

/** Why the terminal may not take OSC 52; undefined when it is known to. Outside tmux. */
export function terminalDoubt(env: NodeJS.ProcessEnv): string | undefined {
  const term = env.TERM ?? '';
  if (GOOD_PROGRAMS.has(env.TERM_PROGRAM ?? '') || GOOD_TERM.test(term) || env.KITTY_WINDOW_ID || env.WT_SESSION) return undefined;
  if (term === '' || term === 'dumb' || term === 'linux') return `TERM=${term || '(unset)'} does not take OSC 52: it did not reach the clipboard`;
  return `the terminal may not support OSC 52 (TERM=${term}): it may not have reached the clipboard`;
}

export interface TmuxClipboard {
  readonly setClipboard: string;
  readonly passthrough: string;
}

/** tmux's options that decide where OSC 52 goes (the tmux this runs in, from $TMUX). */
export function readTmuxClipboard(): Promise<TmuxClipboard | undefined> {
  return new Promise((resolve) => {
    const args = ['show-options', '-gv', 'set-clipboard', ';', 'show-options', '-gv', 'allow-passthrough'];
    execFile('tmux', args, { timeout: 2000, env: withoutDmsVariables(process.env) }, (error, stdout) => {
      if (error) return resolve(undefined);
      const [setClipboard = '', passthrough = ''] = String(stdout).split('\n').map((s) => s.trim());
      resolve({ setClipboard, passthrough });
    });
  });
}

export interface CopyOptions {
  /** Where the sequence goes: the terminal (Ink's stdout). */
  readonly write: (data: string) => unknown;
  readonly env?: NodeJS.ProcessEnv;
  /** tmux's options (tests give them); read from tmux when inside it. */
  readonly tmux?: () => Promise<TmuxClipboard | undefined>;
}

/** Writes `value` to the clipboard; resolves with what to add to "copied" (a doubt), or undefined. */
export async function copyToClipboard(value: string, { write, env = process.env, tmux = readTmuxClipboard }: CopyOptions): Promise<string | undefined> {
  const sequence = osc52(value);
  if (!env.TMUX) {
    write(sequence);
    return terminalDoubt(env);
  }
  const options = await tmux();
  if (options?.setClipboard === 'on') {
    write(sequence);
    return undefined;
  }
  if (options && (options.passthrough === 'on' || options.passthrough === 'all')) {
    write(tmuxPassthrough(sequence));
    return 'passed through tmux: it reaches the clipboard if the terminal outside supports OSC 52';
  }
  write(sequence);
  return options
    ? `tmux's set-clipboard is ${options.setClipboard || 'off'}: it did not reach the clipboard (tmux set -g set-clipboard on)`
    : 'inside tmux it reaches the clipboard only with set-clipboard on';
}
