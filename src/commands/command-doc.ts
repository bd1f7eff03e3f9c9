// The shape of the command table (command-table.ts): a command's help as data.
import type { CreateNoun } from '../forms/field-flags.js';

/** One option as --help lists it. */
export interface OptionDoc {
  /** As typed: `--skip N`, `-o, --output F`, or a subcommand (`add`). */
  readonly flag: string;
  /** Its help as printed (lines after the first start at the block's column; a line that starts with spaces is set off). */
  readonly help: string;
}

/** A part of a command's help, printed in order. */
export type HelpBlock =
  /** Prose as printed (`indent` spaces before each line); `pre`: lines kept as they are (an example). */
  | { readonly text: string; readonly indent?: number; readonly pre?: boolean }
  /** Options under an optional title; their help starts at `column`, the flags at `indent` (default 2). */
  | { readonly title?: string; readonly options: readonly OptionDoc[]; readonly column: number; readonly indent?: number }
  /** The flags of a request's fields (`dms create app|docstore`), from the forms' field tables (create-help.ts). */
  | { readonly fields: CreateNoun };

export interface CommandDoc {
  /** As typed after `dms`: `deployments`, `create app`. */
  readonly name: string;
  /** One line: shell completion and the man page's list say it. */
  readonly summary: string;
  /** Its rows in `dms --help`'s usage: how it is called, and what that does (may be left out). */
  readonly overview: readonly (readonly [usage: string, what?: string])[];
  /** The `Usage:` lines. */
  readonly synopsis: readonly string[];
  /** Command lines shown after the synopsis (`e.g.`). */
  readonly examples?: readonly string[];
  readonly body: readonly HelpBlock[];
  /** The help ends with the options every command takes. */
  readonly global: boolean;
}
