// The browse state's shape: the page, the screen's mode and what each mode holds, and the actions
// on it. Its reducer is state.ts, which re-exports all of this: the rest of src imports it from there.
import type { Deployment } from '../../api/schemas/deployment.js';
import type { DeploymentView } from '../../model/deployment.js';
import type { StatusFilter, Summary } from '../../model/history.js';
import type { ReasonAt } from '../../model/reason.js';
import type { TimeMode } from '../../text/format.js';
import type { LineCommand, LineState } from '../input/line-edit.js';
import type { PagingAction, PagingState } from './paging.js';
import type { SearchAction, SearchState } from './search.js';
import type { DetailAction, DetailState } from './detail.js';
import type { CompareOpen, Picked } from './marks.js';

/** `jump`: the go-to line (an id, uuid or commit) is being typed. */
export type BrowseMode = 'list' | 'filter' | 'jump' | 'detail' | 'log' | 'stats' | 'clusters' | 'compare' | 'logDiff';

/** A deployment found by a search or a jump, being fetched whole to open it. */
export interface Fetching {
  readonly summary: Summary;
  readonly then: 'detail' | 'log';
}

/** The log viewer open over the list or the detail (Esc goes back to it). */
export interface LogOpen {
  readonly key: string;
  readonly record: Deployment;
  /** Its position in the history when opened (page start + row). */
  readonly index: number;
  readonly total: number | null;
  readonly from: 'list' | 'detail';
  /** Where it opens: at the reason's line (from the detail of a failure), else at the end. */
  readonly at?: ReasonAt;
}

/** A failed deployment's log against its last green build, over its detail (Esc goes back to it). */
export interface LogDiffOpen {
  /** The detail's key: a new one draws the screen anew. */
  readonly key: string;
  readonly record: Deployment;
  /** Its position in the history when opened (page start + row). */
  readonly index: number;
  /** The page's rows and the position of the first: the last green build is looked for among them first. */
  readonly page: { readonly rows: readonly DeploymentView[]; readonly start: number };
}

export interface BrowseState {
  readonly paging: PagingState;
  readonly mode: BrowseMode;
  readonly detail: DetailState | null;
  readonly log: LogOpen | null;
  /** A search of the whole history, or a jump: its results replace the page until Esc. */
  readonly search: SearchState | null;
  /** Searches started (numbers each scan). */
  readonly searches: number;
  /**
   * The scope (s): the search shown holds only failed or running deployments, and so do searches
   * started from it. Never on without a search of that scope shown (the header says it); Esc clears it.
   */
  readonly status: StatusFilter;
  readonly jumpLine: LineState;
  readonly fetching: Fetching | null;
  /** A brief note in the footer (`x: no action here — ? for help`), gone with the next key. */
  readonly keyNote: string | null;
  /**
   * The application was just created with instant deploy: until the first page lists a deployment.
   * Then the newest (the one the creation started) is selected and its log opened, unless the
   * user moved on meanwhile (a filter, a search, another view).
   */
  readonly awaitingNewest: boolean;
  /** Times as `3d 4h ago` or as the local time with its zone (T; remembered for the user). */
  readonly time: TimeMode;
  /** The row marked with Space for `=` (kept across pages, searches and refreshes). */
  readonly mark: Picked | null;
  /** Every row marked, oldest mark first (`mark` is the last of them). */
  readonly marks: readonly Picked[];
  /** Two deployments compared (`=`), over the list until Esc. */
  readonly compare: CompareOpen | null;
  /** The open detail's log against its last green build (D), over the detail until Esc. */
  readonly logDiff: LogDiffOpen | null;
  /** Every column drawn (W), scrolled sideways when they do not fit: `columnStart` is the first shown. */
  readonly wide: boolean;
  readonly columnStart: number;
  /** The last first column that still shows the last one (measured by the table). */
  readonly columnMax: number;
  /**
   * The deployment a jump (`:N`) opened: where it is in the history and its row's key. Leaving it
   * (Esc) goes to the page that holds it, the cursor on it (keys.ts asks for that page).
   */
  readonly jumped: { readonly index: number; readonly key: string } | null;
}

export type BrowseAction =
  | PagingAction
  | { type: 'filterStart' }
  /** Leave the filter line, keeping what was typed or clearing it. */
  | { type: 'filterEnd'; keep: boolean }
  /** Open the detail of the row under the cursor. */
  | { type: 'open' }
  | { type: 'close' }
  /** Open the log of the row under the cursor (from the list) or of the open detail; `at`: at that line. */
  | { type: 'openLog'; at?: ReasonAt }
  | { type: 'closeLog' }
  /** The stats of the whole history over the list (S); Esc comes back to the list as it was. */
  | { type: 'openStats' }
  | { type: 'closeStats' }
  /** The failure clusters over the list (F); Esc comes back to the list as it was. */
  | { type: 'openClusters' }
  | { type: 'closeClusters' }
  /** Enter on a cluster: back to the list, showing its deployments (as a finished search's results) until Esc. */
  | { type: 'showCluster'; reason: string; results: readonly Summary[] }
  /** Scrolling and toggles of the open detail. */
  | DetailAction
  | SearchAction
  /** The filter line's Enter: search the whole history for what was typed. */
  | { type: 'filterSearch' }
  | { type: 'statusCycle' }
  /**
   * Esc on the list: one step back a press — stop a search that reads; drop a search's words (back
   * to its scope's results); the scope; the page's filter; the mark. Nothing left: the state as it
   * was (keys.ts then goes back to the picker).
   */
  | { type: 'listBack' }
  | { type: 'jumpStart' }
  | { type: 'jumpText'; text: string }
  | { type: 'jumpLine'; command: LineCommand }
  | { type: 'jumpEnd'; go: boolean }
  /** Enter or l on a search result: fetch it whole, then open it. */
  | { type: 'openResult'; then: 'detail' | 'log' }
  /** The whole record of a result or a jump, to open. */
  | { type: 'openRecord'; record: Deployment; index: number; total: number | null; then: 'detail' | 'log' }
  | { type: 'fetchFailed'; message: string }
  /** A one-line note on the message line (a context switch under way, or why it failed). */
  | { type: 'notice'; message: string }
  /** A note in the footer for the key just pressed, or null to clear it. */
  | { type: 'keyNote'; note: string | null }
  /** T: relative times, or absolute. */
  | { type: 'timeMode' }
  /** Space: mark the row under the cursor, or unmark it. */
  | { type: 'markRow' }
  | { type: 'openCompare'; open: CompareOpen }
  | { type: 'closeCompare' }
  /** D on the detail of a failed or cancelled deployment: its log against its last green build. */
  | { type: 'openLogDiff' }
  | { type: 'closeLogDiff' }
  | { type: 'wideToggle' }
  /** Sideways in the wide view, by whole columns. */
  | { type: 'columnScroll'; delta: number }
  /** How far the wide view can scroll (the table, once laid out). */
  | { type: 'columnRoom'; max: number };
