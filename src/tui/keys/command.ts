// The shape of the key table's entries (keys.ts joins the parts under keys/ into COMMANDS): the
// scopes a command applies in, the keys that press it, and the helpers the parts write keys with.
// Plain data: importing this file loads no Ink or React (the Key type is a type-only import).
import type { Key } from 'ink';

/** Where a command applies: a screen, a mode of one, or a kind of field. */
export type ScopeId =
  | 'app'
  | 'global'
  | 'picker'
  | 'contexts'
  | 'deployments'
  | 'filter'
  | 'jump'
  | 'detail'
  | 'detailSearch'
  | 'log'
  | 'logSearch'
  | 'logFilter'
  | 'logSave'
  | 'stats'
  | 'clusters'
  | 'board'
  | 'help'
  | 'line'
  | 'compare'
  | 'logDiff'
  | 'form'
  | 'formChoice'
  | 'formConfirm'
  | 'formOverwrite'
  | 'formFailed'
  | 'formResend'
  | 'formDone'
  | 'formSaveCredentials'
  | 'formLose'
  | 'formDraft';
/** Kept for the screens that named it so. */
export type ScreenId = ScopeId;

/** One way to press a command: a character, or a named key (with optional modifiers). */
export interface KeyMatcher {
  /** A printable character (`q`, `/`, `+`), matched exactly as Ink reports it in `input`. */
  readonly char?: string;
  /** A named key from Ink's `Key` (`upArrow`, `return`, `escape`, `pageDown`, `tab`...). */
  readonly key?: keyof Key;
  readonly ctrl?: boolean;
  readonly shift?: boolean;
}

/** A command as the table writes it (keys.ts's Command: the same, its id one of the table's). */
export interface CommandEntry {
  /** Its name: keys.ts's CommandId is the union of the table's ids. */
  readonly id: string;
  readonly keys: readonly KeyMatcher[];
  /** Key names as shown in help and the footer, e.g. `n/→`. */
  readonly label: string;
  /** What it does, one short phrase. */
  readonly description: string;
  /** Shorter wording for the footer. */
  readonly hint?: string;
  readonly screens: readonly ScopeId[];
  /** Shown in the footer of these scopes (the few keys that matter). */
  readonly footer?: readonly ScopeId[];
  /** The footer's key names when shorter than the label (`+/-` for more and fewer rows). */
  readonly footerLabel?: string;
  /** The footer names this command's first key after its own (`n/N`): one footer item for a pair. */
  readonly footerWith?: string;
  /** Order in the footer, and which keys stay when it is narrow: lower first (default 5). */
  readonly footerRank?: number;
}

/** A key by character, by name (with modifiers), and Ctrl with a character. */
export const ch = (char: string): KeyMatcher => ({ char });
export const named = (key: keyof Key, mods: { ctrl?: boolean; shift?: boolean } = {}): KeyMatcher => ({ key, ...mods });
export const ctrl = (char: string): KeyMatcher => ({ char, ctrl: true });
