// Copying to the clipboard. A clipboard program of this machine first (pbcopy, wl-copy, xclip,
// xsel, clip.exe), when one can reach the user's clipboard (a display, not over ssh): its exit
// code 0 is the only proof dms gets that the copy arrived, and only then does the note say ✓.
// Otherwise OSC 52 (`ESC ] 52 ; c ; base64 BEL`): the terminal sets its clipboard, over ssh too,
// with nothing to install — but it never answers, so the note says the copy may not have arrived
// (and why, when dms can tell). Only plain values are copied (a uuid, a sha, a checked link), and
// the terminal only ever sees them as base64.
//
// Inside tmux the sequence reaches the clipboard when tmux's `set-clipboard` is `on` (tmux keeps a
// paste buffer and passes it to the terminal); with the default `external` tmux drops it, so dms
// then wraps it for `allow-passthrough` when that is on, and otherwise says it was not copied.
import { execFile, spawn } from 'node:child_process';
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

/** Whether the terminal takes OSC 52: known to, may not (why), or does not (why). Outside tmux. */
export function terminalTakes(
  env: NodeJS.ProcessEnv,
): { readonly takes: 'yes' } | { readonly takes: 'maybe' | 'no'; readonly why: string } {
  const term = env.TERM ?? '';
  if (GOOD_PROGRAMS.has(env.TERM_PROGRAM ?? '') || GOOD_TERM.test(term) || env.KITTY_WINDOW_ID || env.WT_SESSION) return { takes: 'yes' };
  if (term === '' || term === 'dumb' || term === 'linux') return { takes: 'no', why: `TERM=${term || '(unset)'} does not take OSC 52` };
  return { takes: 'maybe', why: `the terminal may not take OSC 52 (TERM=${term})` };
}

/** The clipboard programs worth trying here, in order: each reads the text on stdin. */
export function clipboardPrograms(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): readonly (readonly string[])[] {
  // Over ssh this machine's clipboard is not the user's (a forwarded X display is).
  const remote = Boolean(env.SSH_CONNECTION || env.SSH_CLIENT || env.SSH_TTY);
  if (platform === 'darwin') return remote ? [] : [['pbcopy']];
  if (platform === 'win32') return remote ? [] : [['clip']];
  const programs: string[][] = [];
  if (env.WAYLAND_DISPLAY) programs.push(['wl-copy']);
  if (env.DISPLAY) programs.push(['xclip', '-selection', 'clipboard'], ['xsel', '--clipboard', '--input']);
  if (!remote && (env.WSL_DISTRO_NAME || env.WSL_INTEROP)) programs.push(['clip.exe']);
  return programs;
}

/** How long a clipboard program may take before it counts as failed. */
const PROGRAM_MS = 3000;

/** Runs one clipboard program on `text`: 'ok' when it exited 0, else why not ('missing' when it is not installed). */
function runProgram([program, ...args]: readonly string[], text: string, env: NodeJS.ProcessEnv): Promise<'ok' | 'missing' | string> {
  return new Promise((resolve) => {
    // Detached, no stdout or stderr of ours: xclip and wl-copy leave a process behind that serves
    // the clipboard, and it must outlive dms without holding its terminal.
    let child;
    try {
      child = spawn(program!, args, { stdio: ['pipe', 'ignore', 'ignore'], detached: true, shell: false, env: withoutDmsVariables(env) });
    } catch {
      resolve('missing');
      return;
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(`${program} did not finish`);
    }, PROGRAM_MS);
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(error.code === 'ENOENT' ? 'missing' : `${program} could not start (${error.code ?? error.message})`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code === 0 ? 'ok' : `${program} failed (${code === null ? signal : `exit ${code}`})`);
    });
    child.stdin!.once('error', () => {
      /* the exit code says what happened */
    });
    child.stdin!.end(text);
    child.unref();
  });
}

export interface TmuxClipboard {
  readonly setClipboard: string;
  readonly passthrough: string;
}

/** tmux's options that decide where OSC 52 goes (the tmux this runs in, from $TMUX). */
export function readTmuxClipboard(env: NodeJS.ProcessEnv): Promise<TmuxClipboard | undefined> {
  return new Promise((resolve) => {
    const args = ['show-options', '-gv', 'set-clipboard', ';', 'show-options', '-gv', 'allow-passthrough'];
    execFile('tmux', args, { timeout: 2000, env: withoutDmsVariables(env) }, (error, stdout) => {
      if (error) return resolve(undefined);
      const [setClipboard = '', passthrough = ''] = String(stdout)
        .split('\n')
        .map((s) => s.trim());
      resolve({ setClipboard, passthrough });
    });
  });
}

export interface CopyOptions {
  /** Where the sequence goes: the terminal (Ink's stdout). */
  readonly write: (data: string) => unknown;
  /** The environment the UI reads (settings.ts): which programs, which terminal. */
  readonly env: NodeJS.ProcessEnv;
  readonly platform?: NodeJS.Platform;
  /** tmux's options (tests give them); read from tmux when inside it. */
  readonly tmux?: (env: NodeJS.ProcessEnv) => Promise<TmuxClipboard | undefined>;
}

/** What became of a copy. */
export type CopyResult =
  /** A clipboard program took it and exited 0: it arrived. */
  | { readonly kind: 'copied'; readonly program: string }
  /** Sent with OSC 52, which nothing confirms: why it may not have arrived. */
  | { readonly kind: 'sent'; readonly why: string }
  /** Known not to have arrived. */
  | { readonly kind: 'notCopied'; readonly why: string };

/** Puts `value` on the clipboard: a clipboard program, else OSC 52 (see the top of this file). */
export async function copyToClipboard(
  value: string,
  { write, env, platform = process.platform, tmux = readTmuxClipboard }: CopyOptions,
): Promise<CopyResult> {
  const failed: string[] = [];
  for (const program of clipboardPrograms(env, platform)) {
    const result = await runProgram(program, value, env);
    if (result === 'ok') return { kind: 'copied', program: program[0]! };
    if (result !== 'missing') failed.push(result);
  }
  const sent = await sendOsc52(value, write, env, tmux);
  if (failed.length === 0) return sent;
  return { ...sent, why: `${failed.join(', ')}; ${sent.why}` };
}

async function sendOsc52(
  value: string,
  write: (data: string) => unknown,
  env: NodeJS.ProcessEnv,
  tmux: (env: NodeJS.ProcessEnv) => Promise<TmuxClipboard | undefined>,
): Promise<Exclude<CopyResult, { kind: 'copied' }>> {
  const sequence = osc52(value);
  if (!env.TMUX) {
    write(sequence);
    const terminal = terminalTakes(env);
    if (terminal.takes === 'no') return { kind: 'notCopied', why: terminal.why };
    return { kind: 'sent', why: terminal.takes === 'yes' ? 'the terminal does not confirm OSC 52' : terminal.why };
  }
  const options = await tmux(env);
  if (options?.setClipboard === 'on') {
    write(sequence);
    return { kind: 'sent', why: 'tmux keeps it (set-clipboard on) and passes it on to the terminal, which does not confirm it' };
  }
  if (options && (options.passthrough === 'on' || options.passthrough === 'all')) {
    write(tmuxPassthrough(sequence));
    return { kind: 'sent', why: 'passed through tmux: it arrives if the terminal outside takes OSC 52' };
  }
  write(sequence);
  return options
    ? { kind: 'notCopied', why: `tmux's set-clipboard is ${options.setClipboard || 'off'} (tmux set -g set-clipboard on)` }
    : { kind: 'sent', why: 'inside tmux it arrives only with set-clipboard on' };
}

/** The note after a copy of `what` (`the uuid 1f0c…`, `the link`): ✓ only when it is known to have arrived. */
export function copyNote(what: string, result: CopyResult): string {
  switch (result.kind) {
    case 'copied':
      return `✓ Copied ${what} (${result.program})`;
    case 'sent':
      return `Sent ${what} with OSC 52; it may not have reached the clipboard: ${result.why}`;
    case 'notCopied':
      return `Did not copy ${what}: ${result.why}`;
  }
}
