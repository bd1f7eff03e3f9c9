// The log viewer's state and actions as types (the reducer is state.ts; where the view is, which
// lines are shown, the log read and the jumps are in place.ts, shown.ts, read.ts and moves.ts).
// Types only, so those modules and the reducer read them without importing one another in a circle.
import type { Deployment } from '../../../api/schemas/deployment.js';
import type { DeploymentView } from '../../../model/deployment.js';
import type { LogCounts, LogEntry, LogLine, Masker } from '../../../model/log.js';
import type { Step, StepName } from '../../../model/steps.js';
import type { LineCommand, LineState } from '../../input/line-edit.js';
import type { LineSearch, SearchNote } from '../../state/line-search.js';

export type LogSource = 'entries' | 'absent' | 'unreadable';

/** The search (state/line-search.ts): its matches are positions in `order` of the shown lines. */
export type LogSearch = LineSearch;

/** Only the lines that hold a pattern (`&`, as in less): typed on a line, applied as it is typed. */
export interface LogFilter {
  /** The pattern in force, and the line editor's cursor in it ('' shows every line). */
  readonly line: LineState;
  /** The pattern is being typed. */
  readonly editing: boolean;
}

/** What the message line says after a key or a poll (worded by lines.ts noteText). */
export type LogNote =
  | { readonly kind: 'debug'; readonly shown: boolean; readonly count: number }
  | { readonly kind: 'wrap'; readonly on: boolean }
  | SearchNote
  | { readonly kind: 'saved'; readonly lines: number; readonly path: string }
  | { readonly kind: 'notSaved'; readonly problem: string }
  /** The followed deployment is no longer near where it was in the history. */
  | { readonly kind: 'lost' }
  | { readonly kind: 'followError'; readonly message: string; readonly seconds: number }
  /** e/E (an error line) or x/X (a stderr line) stopped at the line at `position` (in the lines shown); `past`: it went round the end or the start. */
  | { readonly kind: 'errorLine'; readonly which: LineKind; readonly position: number; readonly past: 'end' | 'start' | null }
  /** None of the lines shown is of that kind; `stderr`: how many of them were written to stderr. */
  | { readonly kind: 'noErrors'; readonly which: LineKind; readonly stderr: number }
  | { readonly kind: 'filterCleared'; readonly lines: number }
  /** ←/→ with nothing to scroll: lines wrap, or every line on screen fits. */
  | { readonly kind: 'noSideways'; readonly why: 'wrap' | 'fits' }
  /** ←/→ moved the view: the first column shown. */
  | { readonly kind: 'sideways'; readonly column: number }
  /** ]/[ put step `index` (of `count`) at the top. */
  | { readonly kind: 'step'; readonly name: StepName; readonly index: number; readonly count: number }
  /** ]/[ found no step that way (`count` steps in all). */
  | { readonly kind: 'stepEdge'; readonly direction: 1 | -1; readonly count: number }
  /** The log has no step lines. */
  | { readonly kind: 'noSteps' };

export interface LogState {
  readonly record: Deployment;
  readonly view: DeploymentView;
  readonly source: LogSource;
  /** Why the log could not be read (source `unreadable`). */
  readonly reason: string;
  /** Elements of the log that were not entries. */
  readonly skipped: number;
  /** Entries read so far: a longer row appends from here. */
  readonly entries: number;
  /** A big log is turned into lines from its end first: the entries before this one are not yet lines. */
  readonly built: number;
  /** The entries, kept while the earlier ones are still to be turned into lines. */
  readonly pending: { readonly entries: readonly LogEntry[]; readonly mask: Masker } | null;
  readonly lines: readonly LogLine[];
  readonly counts: LogCounts;
  /** Indices into `lines` of the lines shown (debug lines only when `debug`). */
  readonly order: readonly number[];
  readonly debug: boolean;
  readonly timestamps: boolean;
  readonly wrap: boolean;
  /** Position in `order` of the first line on screen. */
  readonly top: number;
  /** The view is at the end and stays there as lines arrive. */
  readonly stick: boolean;
  /** Follow a running deployment (the key pauses it). */
  readonly follow: boolean;
  readonly search: LogSearch;
  readonly filter: LogFilter;
  /** Cells cut from the start of every line (←/→ while lines are cut at the edge). */
  readonly left: number;
  /** The line e/E stopped at (the next one is looked for from it while it is on screen). */
  readonly errorLine: LogLine | null;
  /** The deployment's steps, read from the entries (model/steps.ts). */
  readonly steps: readonly Step[];
  /** The step line ]/[ stopped at (the next one is looked for from it while it is on screen). */
  readonly stepLine: LogLine | null;
  /** A key that does nothing here, said in the footer until the next key. */
  readonly keyNote: string | null;
  /** The save prompt's path, while it is open. */
  readonly saving: LineState | null;
  /** Rows for lines, and their width in cells (without the marker and time columns). */
  readonly size: { readonly rows: number; readonly width: number };
  readonly note: LogNote | null;
  /** The save key in force: a line cut for length names it, and that text takes room in a row. */
  readonly saveKey: string;
}

export type LogScroll = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

/** The lines e/E and x/X stop at: those that read as an error, those written to stderr. */
export type LineKind = 'error' | 'stderr';

export type LogAction =
  /** The deployment's row as it is now (a followed one comes back with more entries). */
  | { type: 'record'; record: Deployment; mask: Masker }
  | { type: 'size'; rows: number; width: number }
  | { type: 'scroll'; to: LogScroll }
  | { type: 'toggle'; what: 'debug' | 'timestamps' | 'wrap' | 'follow' }
  | { type: 'searchStart' }
  | { type: 'searchText'; text: string }
  | { type: 'searchLine'; command: LineCommand }
  /** Leave the query line: keep the search, or drop it and go back to where the view was. */
  | { type: 'searchEnd'; keep: boolean }
  | { type: 'searchClear' }
  | { type: 'searchNext'; direction: 1 | -1 }
  | { type: 'filterStart' }
  | { type: 'filterText'; text: string }
  | { type: 'filterLine'; command: LineCommand }
  /** Leave the pattern's line: keep the filter, or show every line again. */
  | { type: 'filterEnd'; keep: boolean }
  | { type: 'filterClear' }
  | { type: 'sideways'; direction: 1 | -1 }
  | { type: 'errorNext'; direction: 1 | -1; which: LineKind }
  | { type: 'stepNext'; direction: 1 | -1 }
  | { type: 'keyNote'; note: string | null }
  | { type: 'saveStart'; path: string }
  | { type: 'saveText'; text: string }
  | { type: 'saveLine'; command: LineCommand }
  | { type: 'saveEnd' }
  | { type: 'note'; note: LogNote | null }
  /** Turn the next earlier part of a big log into lines (after the first frame, a part at a time). */
  | { type: 'buildEarlier' };
