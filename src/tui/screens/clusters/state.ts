// The failure clusters view as a pure reducer: how far the reading of the window got, the clusters
// of what was read (a snapshot, replaced as rows arrive), whether it stopped and why, the cursor.
import type { Cluster } from '../../../model/clusters.js';
import type { Summary } from '../../../model/history.js';

export interface ClustersState {
  /** Deployments read, and the history's size as the server last said it. */
  readonly read: number;
  readonly total: number | null;
  /** Failed deployments read in the window. */
  readonly failed: number;
  readonly clusters: readonly Cluster<Summary>[];
  /** Still reading. */
  readonly scanning: boolean;
  /** Esc stopped the reading: the clusters are of what was read. */
  readonly stoppedByUser: boolean;
  /** A fault stopped it: why. */
  readonly error: string | null;
  /** What the reading waits for now (a 429), until the next rows. */
  readonly waiting: string | null;
  readonly gaps: boolean;
  /** The cluster under the cursor, and the first shown. */
  readonly cursor: number;
  readonly top: number;
  /** Clusters the view shows at once (set by the view). */
  readonly page: number;
}

export type ClustersAction =
  | { type: 'rows'; read: number; total: number | null; failed: number; clusters: readonly Cluster<Summary>[]; gaps: boolean }
  | { type: 'wait'; why: string }
  | { type: 'done'; failed: number; clusters: readonly Cluster<Summary>[]; error?: string }
  /** Esc while reading. */
  | { type: 'stop' }
  /** After Esc: the clusters of everything read. */
  | { type: 'final'; failed: number; clusters: readonly Cluster<Summary>[] }
  | { type: 'move'; delta: number }
  | { type: 'page'; rows: number };

export function initialClusters(page: number): ClustersState {
  return {
    read: 0,
    total: null,
    failed: 0,
    clusters: [],
    scanning: true,
    stoppedByUser: false,
    error: null,
    waiting: null,
    gaps: false,
    cursor: 0,
    top: 0,
    page,
  };
}

/** The cursor within the clusters, and the first shown so that it is on screen. */
function placed(s: ClustersState, cursor: number): ClustersState {
  const c = Math.max(0, Math.min(cursor, s.clusters.length - 1));
  const top = c < s.top ? c : c >= s.top + s.page ? c - s.page + 1 : Math.min(s.top, Math.max(0, s.clusters.length - s.page));
  return c === s.cursor && top === s.top ? s : { ...s, cursor: c, top: Math.max(0, top) };
}

export function clustersReducer(state: ClustersState, action: ClustersAction): ClustersState {
  switch (action.type) {
    case 'rows':
      if (!state.scanning) return state;
      return placed(
        {
          ...state,
          read: action.read,
          total: action.total,
          failed: action.failed,
          clusters: action.clusters,
          gaps: action.gaps,
          waiting: null,
        },
        state.cursor,
      );
    case 'wait':
      return state.scanning ? { ...state, waiting: action.why } : state;
    case 'done':
      if (!state.scanning) return state;
      return placed(
        { ...state, scanning: false, failed: action.failed, clusters: action.clusters, error: action.error ?? null, waiting: null },
        state.cursor,
      );
    case 'stop':
      return state.scanning ? { ...state, scanning: false, stoppedByUser: true, waiting: null } : state;
    case 'final':
      return state.scanning ? state : placed({ ...state, failed: action.failed, clusters: action.clusters }, state.cursor);
    case 'move':
      return state.clusters.length === 0 ? state : placed(state, state.cursor + action.delta);
    case 'page':
      return action.rows < 1 || action.rows === state.page ? state : placed({ ...state, page: action.rows }, state.cursor);
  }
}
