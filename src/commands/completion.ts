// Shell completion. `dms completion bash|zsh|fish` prints a script (completion-scripts.ts); the
// script calls back into `dms __complete SHELL -- WORD…` (the words after `dms`, the last one being
// completed), which prints the candidates (completion-candidates.ts) from what is known here and in
// the config folder (completion-source.ts): commands, their flags (from the argument parser's own
// table, src/commands/args.ts), context names and recently opened applications. It never makes a
// request or runs a token command, and loads neither Ink nor got nor zod.
import type { Parsed } from './args.js';
import { complete, type Completion } from './completion-candidates.js';
import { isShell, SCRIPTS, type Shell } from './completion-scripts.js';
import { configSource } from './completion-source.js';
import { EXIT, UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';

// ------------------------------------------------------------------------------------------------
// `dms completion SHELL`

export function runCompletion(parsed: Parsed, io: CommandIO): number {
  const [shell, extra] = parsed.positionals;
  if (!isShell(shell)) {
    // Not repeated: an argument in the wrong place may be a token.
    throw new UsageError(
      `say which shell: dms completion bash, zsh or fish${shell === undefined ? '' : ' (the argument after completion is none of them)'}. Run dms completion --help.`,
    );
  }
  if (extra !== undefined)
    throw new UsageError(`one argument too many: dms completion ${shell} takes none after ${shell}. Run dms completion --help.`);
  io.stdout.write(SCRIPTS[shell]);
  return EXIT.ok;
}

// ------------------------------------------------------------------------------------------------
// `dms __complete SHELL -- WORD…` (hidden): one candidate a line (`value<TAB>description` for zsh
// and fish), or the single line `:files`. Prints nothing rather than an error: a completion that
// fails must not write into the user's command line.

export function runComplete(argv: string[], io: CommandIO, dir: string): number {
  try {
    const [shell, ...rest] = argv;
    if (!isShell(shell)) return EXIT.usage;
    const words = rest[0] === '--' ? rest.slice(1) : rest;
    const result = complete(words.length > 0 ? words : [''], configSource(dir, io.env), shell);
    io.stdout.write(format(result, shell));
    return EXIT.ok;
  } catch {
    return EXIT.failure;
  }
}

export function format(result: Completion, shell: Shell): string {
  if (result.files) return ':files\n';
  return result.candidates
    .map((c) => {
      // One line each: a description never carries a tab or line break (clean() makes them spaces).
      const description = shell === 'bash' || !c.description ? '' : `\t${c.description}`;
      return `${c.value}${description}\n`;
    })
    .join('');
}
