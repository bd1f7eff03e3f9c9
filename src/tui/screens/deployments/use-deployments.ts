// The deployments screen's store (browse-state.ts) and its requests: when the wanted page
// changes, one request goes out (keys read together make one request, for the last page they
// wanted), older ones are aborted, and answers are tagged with their sequence number so an old
// answer never overwrites a newer page.
import { useEffect, useRef, useState } from 'react';
import type { DmsClient } from '../../../api/client.js';
import type { DeploymentPage } from '../../../api/schemas/deployment.js';
import { isApiError, type ResponseTooLargeError } from '../../../api/errors.js';
import { formatBytes } from '../../../api/limits.js';
import { addRecent } from '../../../config/recents.js';
import { loadPageSize } from '../../../config/page-sizes.js';
import { firstApplicationName, viewOf } from '../../../model/deployment.js';
import { createStore, useStore, type Store } from '../../state/store.js';
import { isHeavy, lightRefresh } from './light-refresh.js';
import { browseReducer, initialBrowse, type BrowseAction, type BrowseState } from './state.js';
import { initialPaging, pagingReducer, wantsAutoRefresh, type PageWant } from './paging.js';
import { describeError } from '../../errors.js';

export interface UseDeploymentsOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  /** Where recents live; the app is remembered after its first successful page. */
  readonly configDir?: string;
  /** The server the app is remembered under (config/recents.ts recentsServer). */
  readonly recentsServer?: string;
  /** Auto-refresh period in ms (5 s). */
  readonly refreshMs?: number;
  /** How long a changed status stays highlighted, ms. */
  readonly flashMs?: number;
  /** Rows the table has room for at first (the screen measures it once drawn). */
  readonly rows?: number;
  /** Clock, for tests. */
  readonly now?: () => number;
  /** An application just created with instant deploy: its first page is asked for every second (a 404 too) until it lists a deployment. */
  readonly awaitFirst?: boolean;
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

/** How long a page request may take before the screen says "loading…" (no flash for fast answers). */
export const LOADING_DELAY_MS = 120;

function initial(options: UseDeploymentsOptions): BrowseState {
  // The page size last chosen for this application (+/-), else the default: the prefetch read it already.
  const first = initialPaging({ rows: options.rows, take: options.prefetch?.take ?? loadPageSize(options.configDir, options.appUuid) });
  const ready = options.prefetch?.result;
  if (ready && options.prefetch?.skip === first.want.skip && options.prefetch.take === first.want.take) {
    return initialBrowse(pagingReducer(first, { type: 'loaded', seq: first.want.seq, page: ready, at: (options.now ?? Date.now)() }), { awaitingNewest: options.awaitFirst });
  }
  return initialBrowse(first, { awaitingNewest: options.awaitFirst });
}

export interface DeploymentsController {
  readonly state: BrowseState;
  readonly store: Store<BrowseState, BrowseAction>;
}

/** Nothing on screen changes: only the page asked for (it shows once it is here, or "loading…" a moment later). */
function unseen(before: BrowseState, after: BrowseState): boolean {
  for (const k of Object.keys(after) as (keyof BrowseState)[]) if (k !== 'paging' && before[k] !== after[k]) return false;
  const a = before.paging as unknown as Record<string, unknown>;
  const b = after.paging as unknown as Record<string, unknown>;
  return Object.keys(b).every((k) => k === 'want' || k === 'loading' || a[k] === b[k]);
}

export function useDeployments(options: UseDeploymentsOptions): DeploymentsController {
  const { client, appUuid, configDir, recentsServer, refreshMs = 5000, flashMs = 2000 } = options;
  const [store] = useState(() => createStore(browseReducer, initial(options), { quiet: unseen }));
  const state = useStore(store);
  const paging = state.paging;
  const now = options.now ?? Date.now;

  // One request per page wanted, started once the keys read together are all handled (so 5,000
  // `n`s make one request), the one before it aborted. The first page may already be on its way
  // (main.tsx asked for it before Ink loaded).
  useEffect(() => {
    // A first page already on screen (initial) used its prefetch: later requests ask the server.
    let prefetch = store.get().paging.everLoaded ? undefined : options.prefetch;
    let current: { seq: number; abort: () => void } | undefined;
    let scheduled = false;
    const start = () => {
      scheduled = false;
      const { want, loading } = store.get().paging;
      if (!loading || current?.seq === want.seq) return;
      current?.abort();
      const ac = new AbortController();
      const pre = prefetch && prefetch.skip === want.skip && prefetch.take === want.take ? prefetch : undefined;
      if (prefetch && !pre) prefetch.abort();
      prefetch = undefined;
      const page = () => client.listDeployments(appUuid, { skip: want.skip, take: want.take }, { signal: ac.signal });
      const paging = store.get().paging;
      // A page of rows with logs is refreshed a row at a time when nothing moved (light-refresh.ts).
      const light = want.reason === 'auto' && paging.shown?.skip === want.skip && paging.shown.take === want.take && isHeavy(paging);
      const one = (skip: number, take: number) => client.listDeployments(appUuid, { skip, take }, { signal: ac.signal });
      const request = pre ? pre.page : light ? lightRefresh(one, paging).then((p) => p ?? page()) : page();
      // "loading…" only for a request that takes a while.
      const slow = setTimeout(() => store.dispatch({ type: 'loadingShown', seq: want.seq }), LOADING_DELAY_MS);
      current = { seq: want.seq, abort: () => { clearTimeout(slow); ac.abort(); pre?.abort(); } };
      const done = () => { clearTimeout(slow); if (current?.seq === want.seq) current = undefined; };
      request.then(
        (page) => {
          if (ac.signal.aborted) return;
          done();
          store.dispatch({ type: 'loaded', seq: want.seq, page, at: now() });
        },
        (error: unknown) => {
          if (ac.signal.aborted || (isApiError(error) && error.kind === 'cancelled')) return;
          done();
          if (isApiError(error) && error.kind === 'too_large') {
            // Heavy rows (logs): fewer of them per page rather than no page.
            const { size, limit, outOfMemory } = error as ResponseTooLargeError;
            const shown = outOfMemory ? 'reading it ran out of memory' : size !== undefined ? formatBytes(size) : `more than ${formatBytes(limit)}`;
            store.dispatch({ type: 'tooLarge', seq: want.seq, size: shown, error: describeError(error, client.redact) });
            return;
          }
          store.dispatch({ type: 'failed', seq: want.seq, error: describeError(error, client.redact) });
        },
      );
    };
    const schedule = () => {
      if (scheduled) return;
      scheduled = true;
      queueMicrotask(start);
    };
    const stop = store.watch((before, after) => {
      if (after.paging.want.seq !== before.paging.want.seq) schedule();
    });
    schedule(); // the first page, unless it is already on screen
    return () => {
      stop();
      current?.abort();
      prefetch?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: the store, client and application of this screen do not change while it is shown.
  }, []);

  const settled = !paging.loading;

  // The application goes into recents (of its server) after its first good page, with the name its
  // rows say (`application_name` of queue rows, `name` of settings snapshots); once more when a
  // later page first says the name. A file write: after the frame.
  const remembered = useRef<'no' | 'yes' | 'named'>('no');
  useEffect(() => {
    if (remembered.current === 'named' || !configDir || !paging.everLoaded) return undefined;
    const name = firstApplicationName(paging.rows.map((r) => viewOf(r.record)));
    if (remembered.current === 'yes' && !name) return undefined;
    remembered.current = name ? 'named' : 'yes';
    setTimeout(() => addRecent(configDir, name ? { uuid: appUuid, name } : { uuid: appUuid }, recentsServer), 0);
    return undefined;
  }, [paging.everLoaded, configDir, appUuid, paging.rows, recentsServer]);

  // Auto-refresh: first page, or while something runs, or retrying after a network error. An
  // automatic refresh never interrupts a request in flight.
  // Paused while the log viewer is open: it polls its one row itself.
  const awaiting = state.awaitingNewest;
  const auto = (wantsAutoRefresh(paging) || awaiting) && state.mode !== 'log';
  // After a 429 the next automatic request waits at least as long as the server asked.
  const delay = Math.max(awaiting ? Math.min(refreshMs, 1000) : refreshMs, paging.error?.retryAfterMs ?? 0);
  useEffect(() => {
    if (!auto || !settled) return undefined;
    const t = setTimeout(() => { if (!store.get().paging.loading) store.dispatch({ type: 'refresh', auto: true }); }, delay);
    return () => clearTimeout(t);
  }, [auto, settled, delay, paging.updatedAt, paging.error, store]);

  // Changed statuses are highlighted briefly.
  const changedCount = paging.changed.size;
  useEffect(() => {
    if (changedCount === 0) return undefined;
    const t = setTimeout(() => store.dispatch({ type: 'clearChanged' }), flashMs);
    return () => clearTimeout(t);
  }, [changedCount, paging.changed, flashMs, store]);

  return { state, store };
}

export type { PageWant };
