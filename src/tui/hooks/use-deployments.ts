// Turns the paging state's `want` into requests: one in flight, older ones aborted, answers
// tagged with their sequence number so an old answer never overwrites a newer page.
import { useEffect, useReducer, useRef } from 'react';
import type { DmsClient } from '../../api/client.js';
import type { Deployment, DeploymentPage } from '../../api/schemas/deployment.js';
import { viewOf } from '../../model/deployment.js';
import { isApiError, type NetworkError, type NetworkReason } from '../../api/errors.js';
import { addRecent } from '../../config/recents.js';
import { clean } from '../../text/sanitize.js';
import {
  initialPaging, pagingReducer, wantsAutoRefresh, type PagingAction, type PagingState, type ShownError,
} from './paging.js';

export interface UseDeploymentsOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  /** Where recents live; the app is remembered after its first successful page. */
  readonly configDir?: string;
  /** Auto-refresh period in ms (5 s). */
  readonly refreshMs?: number;
  /** How long a changed status stays highlighted, ms. */
  readonly flashMs?: number;
  /** Initial state (restoring the page after the detail view). */
  readonly initial?: PagingState;
  /** Clock, for tests. */
  readonly now?: () => number;
  /** The first page's request, started before the UI loaded: used instead of asking again. */
  readonly prefetch?: {
    readonly skip: number;
    readonly take: number;
    readonly page: Promise<DeploymentPage>;
    /** Already answered: the first render shows it. */
    readonly result?: DeploymentPage;
    readonly abort: () => void;
  };
}

/** What went wrong on the way to the server, in a few words. */
const NETWORK_REASONS: Partial<Record<NetworkReason, string>> = {
  refused: 'Server unreachable: connection refused.',
  dns: 'Server unreachable: DNS lookup failed.',
  reset: 'The connection to the server was cut off.',
  timeout: 'The server did not answer in time.',
};

/** Plain words and the action, for the error line. */
export function describeError(error: unknown, redact: (s: string) => string = (s) => s): ShownError {
  if (isApiError(error)) {
    const msg = (m: string) => redact(clean(m));
    switch (error.kind) {
      case 'unauthorized':
        return { kind: error.kind, message: 'The server rejected the token (401). Check DMS_TOKEN or the context (dms context add).' };
      case 'forbidden':
        return { kind: error.kind, message: `${msg(error.message)} The token lacks the permission to read deployments.` };
      case 'not_found':
        return { kind: error.kind, message: `No such application (404). ${error.hint}` };
      case 'network': {
        const what = NETWORK_REASONS[(error as NetworkError).reason] ?? `Server unreachable: ${msg(error.message)}`;
        return { kind: error.kind, message: `${what} Retrying every few seconds, or press r.` };
      }
      case 'rate_limited': {
        const seconds = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
        return {
          kind: error.kind,
          message: `${msg(error.message)} ${error.hint}`,
          ...(seconds !== undefined ? { retryAfterMs: seconds * 1000 } : {}),
        };
      }
      default:
        return { kind: error.kind, message: `${msg(error.message)} ${msg(error.hint)}`.trim() };
    }
  }
  const text = error instanceof Error ? error.message : String(error);
  return { kind: 'bug', message: redact(clean(text.split('\n').join(' '))) };
}

/** Actions that ask the server for a page. */
const REQUESTS: ReadonlySet<PagingAction['type']> = new Set(['next', 'prev', 'first', 'takeMore', 'takeLess', 'refresh']);

/** How long a page request may take before the screen says "loading…" (no flash for fast answers). */
export const LOADING_DELAY_MS = 120;

export function useDeployments(options: UseDeploymentsOptions): [PagingState, (a: PagingAction) => void] {
  const { client, appUuid, configDir, refreshMs = 5000, flashMs = 2000 } = options;
  const [state, dispatch] = useReducer(pagingReducer, options.initial ?? null, (init) => {
    if (init) return init;
    const first = initialPaging();
    const ready = options.prefetch?.result;
    if (ready && options.prefetch?.skip === first.want.skip && options.prefetch.take === first.want.take) {
      return pagingReducer(first, { type: 'loaded', seq: first.want.seq, page: ready, at: (options.now ?? Date.now)() });
    }
    return first;
  });
  const controller = useRef<AbortController | null>(null);
  const remembered = useRef(false);
  const prefetch = useRef(options.prefetch);
  /** The application goes into recents after its first good page. */
  const remember = (rows: readonly Deployment[]) => {
    if (!configDir || remembered.current) return;
    remembered.current = true;
    const name = rows.map(viewOf).find((d) => d.application !== '')?.application;
    // A synced file write: after the frame is on screen, not inside the render that draws it.
    setTimeout(() => addRecent(configDir, name ? { uuid: appUuid, name: clean(name) } : { uuid: appUuid }), 0);
  };
  const nowRef = useRef(options.now ?? Date.now);
  nowRef.current = options.now ?? Date.now;

  // The reducer's state as of the last action sent (React renders it a moment later), and page
  // requests not yet shown: a page change is drawn once, when its answer is in, unless it takes
  // longer than LOADING_DELAY_MS (then "loading…" shows first). Saves a frame per page.
  const committed = useRef(state);
  const pending = useRef<PagingAction[]>([]);
  const loadingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const commit = (actions: PagingAction[]) => {
    if (actions.length === 0) return;
    const action: PagingAction = actions.length === 1 ? actions[0]! : { type: 'batch', actions };
    committed.current = pagingReducer(committed.current, action);
    dispatch(action);
  };
  const flushPending = () => {
    if (loadingTimer.current) clearTimeout(loadingTimer.current);
    loadingTimer.current = null;
    const actions = pending.current;
    pending.current = [];
    commit(actions);
  };
  const virtual = () => pending.current.reduce(pagingReducer, committed.current);

  const fetchPage = (want: PagingState['want']) => {
    controller.current?.abort();
    const ac = new AbortController();
    controller.current = ac;
    const pre = prefetch.current;
    prefetch.current = undefined;
    let request: Promise<DeploymentPage>;
    if (pre && pre.skip === want.skip && pre.take === want.take) {
      ac.signal.addEventListener('abort', () => pre.abort());
      request = pre.page;
    } else {
      pre?.abort();
      request = client.listDeployments(appUuid, { skip: want.skip, take: want.take }, { signal: ac.signal });
    }
    const settle = (last: PagingAction) => {
      if (controller.current === ac) controller.current = null;
      if (virtual().want.seq !== want.seq) return; // a newer page is wanted
      if (loadingTimer.current) clearTimeout(loadingTimer.current);
      loadingTimer.current = null;
      const actions = [...pending.current, last];
      pending.current = [];
      commit(actions);
    };
    request.then(
      (page) => {
        if (ac.signal.aborted) return;
        settle({ type: 'loaded', seq: want.seq, page, at: nowRef.current() });
        remember(page.deployments);
      },
      (error: unknown) => {
        if (ac.signal.aborted || (isApiError(error) && error.kind === 'cancelled')) return;
        settle({ type: 'failed', seq: want.seq, error: describeError(error, client.redact) });
      },
    );
  };

  const send = (action: PagingAction) => {
    if (!REQUESTS.has(action.type)) {
      flushPending();
      commit([action]);
      return;
    }
    // An automatic refresh never interrupts a request in flight.
    if (action.type === 'refresh' && action.auto && controller.current) return;
    const before = virtual();
    const after = pagingReducer(before, action);
    if (after.want.seq === before.want.seq) {
      // Nothing to ask (first/last page, size at its limit): show the note now.
      flushPending();
      commit([action]);
      return;
    }
    pending.current.push(action);
    fetchPage(after.want);
    if (!loadingTimer.current) loadingTimer.current = setTimeout(flushPending, LOADING_DELAY_MS);
  };
  const sendRef = useRef(send);
  sendRef.current = send;
  const stableSend = useRef((a: PagingAction) => sendRef.current(a)).current;

  // The first page: asked on mount, unless it is already on screen (restored, or answered
  // before the UI loaded).
  useEffect(() => {
    if (state.shown !== null && !state.loading) {
      prefetch.current = undefined;
      remember(state.rows.map((d) => d.record));
      return;
    }
    fetchPage(state.want);
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Leaving the screen cancels whatever is in flight.
  useEffect(() => () => {
    controller.current?.abort();
    if (loadingTimer.current) clearTimeout(loadingTimer.current);
  }, []);

  // Auto-refresh: first page, or while something runs, or retrying after a network error.
  const auto = wantsAutoRefresh(state);
  const loading = state.loading;
  // After a 429 the next automatic request waits at least as long as the server asked.
  const delay = Math.max(refreshMs, state.error?.retryAfterMs ?? 0);
  useEffect(() => {
    if (!auto || loading) return;
    const t = setTimeout(() => stableSend({ type: 'refresh', auto: true }), delay);
    return () => clearTimeout(t);
  }, [auto, loading, delay, state.updatedAt, state.error]);

  // Changed statuses are highlighted briefly.
  const changedCount = state.changed.size;
  useEffect(() => {
    if (changedCount === 0) return;
    const t = setTimeout(() => stableSend({ type: 'clearChanged' }), flashMs);
    return () => clearTimeout(t);
  }, [changedCount, state.changed, flashMs]);

  return [state, stableSend];
}
