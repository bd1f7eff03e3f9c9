// The deployments screen's store (state.ts) and the effects around it: the first page asked for
// when the screen shows, auto-refresh, the highlight of changed statuses fading, the application
// remembered in recents. Page requests themselves start where they are asked for (requests.ts).
import { useEffect, useRef, useState } from 'react';
import type { DmsClient } from '../../api/client.js';
import { addRecent } from '../../config/recents.js';
import { loadPageSize } from '../../config/page-sizes.js';
import { loadTimeMode } from '../../config/display.js';
import { firstApplicationName, viewOf } from '../../model/deployment.js';
import type { Prefetch } from '../first-page.js';
import { createStore, useStore, type Store } from '../state/store.js';
import { browseReducer, initialBrowse, type BrowseAction, type BrowseState } from './state.js';
import { initialPaging, pagingReducer, wantsAutoRefresh, type PageAsk } from './paging.js';
import { pageRequests, seenPage, type SeenSource } from './requests.js';
import { useLaterWrites, type Later } from '../hooks/use-later-writes.js';
import { placeOf, type ListMemory } from './place.js';

/** Auto-refresh period, ms. */
const REFRESH_MS = 5000;

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
  /** Rows that fit the terminal (take.ts fittingTake): the page size while none was chosen for the application. */
  readonly fit?: number;
  /** Clock, for tests. */
  readonly now?: () => number;
  /** An application just created with instant deploy: its first page is asked for every second (a 404 too) until it lists a deployment. */
  readonly awaitFirst?: boolean;
  /** The first page's request, started before the UI loaded: used instead of asking again (its answer shown at once when it is in). */
  readonly prefetch?: Omit<Prefetch, 'appUuid'>;
  /** What the list of this application keeps for the session: the pages read, where it was left (place.ts). */
  readonly memory?: ListMemory;
  /** Pages seen in an earlier run (the cache on disk): the first frame draws the page as last seen. */
  readonly seen?: SeenSource;
}

function initial(options: UseDeploymentsOptions): BrowseState {
  // The page size last chosen for this application (+/-), else the rows that fit: the prefetch read it already.
  const { prefetch, fit, rows, memory } = options;
  const now = (options.now ?? Date.now)();
  // Back from the picker: the page and the row the list was left on, the mark.
  const place = memory?.place ?? null;
  const chosen = prefetch ? (prefetch.fitted ? undefined : prefetch.take) : loadPageSize(options.configDir, options.appUuid);
  const asked = initialPaging({ rows, take: chosen, fit: prefetch?.fitted ? prefetch.take : fit, skip: place?.skip });
  // The prefetch's size is used for the first page; the pages after it fit the screen as it is now.
  const fitted = fit === undefined ? asked : pagingReducer(asked, { type: 'fit', take: fit });
  const first = { ...fitted, landKey: place?.rowKey ?? null };
  // How times read (T), as last chosen: the user's, whatever the application.
  const start = { awaitingNewest: options.awaitFirst, time: loadTimeMode(options.configDir), marks: place?.marks ?? [] };
  const { skip, take, seq } = first.want;
  const ready = prefetch?.result && prefetch.skip === skip && prefetch.take === take ? { page: prefetch.result, at: now } : undefined;
  if (ready) memory?.pages.put(skip, take, ready.page, ready.at);
  // A page read a moment ago is shown as it was read (and refreshed on the usual schedule).
  const kept = ready ?? memory?.pages.get(skip, take, now, options.refreshMs ?? REFRESH_MS);
  if (kept) return initialBrowse(pagingReducer(first, { type: 'loaded', seq, page: kept.page, at: kept.at }), start);
  // Else the page as seen before (longer ago this session, or in an earlier run), marked, while the fresh one comes.
  const old = seenPage(skip, take, memory?.pages, options.seen);
  return initialBrowse(old ? pagingReducer(first, { type: 'seen', seq, seen: old }) : first, start);
}

export interface DeploymentsController {
  readonly state: BrowseState;
  readonly store: Store<BrowseState, BrowseAction>;
  /** Asks for another page (next, refresh, …): the one way a page request starts (requests.ts). */
  readonly page: (ask: PageAsk) => void;
  /** The screen's file writes, after the frame (the keys' too: use-later-writes.ts). */
  readonly later: Later;
}

/** Nothing on screen changes: only the page asked for (it shows once it is here, or "loading…" a moment later). */
function unseen(before: BrowseState, after: BrowseState): boolean {
  for (const k of Object.keys(after) as (keyof BrowseState)[]) if (k !== 'paging' && before[k] !== after[k]) return false;
  const a = before.paging as unknown as Record<string, unknown>;
  const b = after.paging as unknown as Record<string, unknown>;
  return Object.keys(b).every((k) => k === 'want' || k === 'loading' || a[k] === b[k]);
}

export function useDeployments(options: UseDeploymentsOptions): DeploymentsController {
  const { client, appUuid, configDir, recentsServer, refreshMs = REFRESH_MS, flashMs = 2000, memory } = options;
  const [store] = useState(() => createStore(browseReducer, initial(options), { quiet: unseen }));
  const state = useStore(store);
  const paging = state.paging;
  const now = options.now ?? Date.now;

  const [requests] = useState(() =>
    pageRequests(store, { client, appUuid, prefetch: options.prefetch, now, memo: memory?.pages, freshMs: refreshMs, seen: options.seen }),
  );
  // Where the list was left, for when the application is opened again this session.
  useEffect(
    () => () => {
      const place = placeOf(store.get());
      if (memory && place) memory.place = place;
    },
    [memory, store],
  );
  // A resize: the next page asked for fits the new height (the page on screen stays).
  const { fit } = options;
  useEffect(() => {
    if (fit !== undefined) store.dispatch({ type: 'fit', take: fit });
  }, [fit, store]);
  // The first page, unless it is already on screen (a prefetch answered before the first frame).
  useEffect(() => {
    requests.load();
    return () => requests.stop();
  }, [requests]);

  const settled = !paging.loading;

  // The application goes into recents (of its server) after its first good page, with the name its
  // rows say (`application_name` of queue rows, `name` of settings snapshots); once more when a
  // later page first says the name. A file write: after the frame.
  // (Made when the screen goes if it has not been yet: use-later-writes.ts.)
  const later = useLaterWrites();
  const remembered = useRef<'no' | 'yes' | 'named'>('no');
  useEffect(() => {
    if (remembered.current === 'named' || !configDir || !paging.everLoaded) return undefined;
    const name = firstApplicationName(paging.rows.map((r) => viewOf(r.record)));
    if (remembered.current === 'yes' && !name) return undefined;
    remembered.current = name ? 'named' : 'yes';
    later(() => addRecent(configDir, name ? { uuid: appUuid, name } : { uuid: appUuid }, recentsServer));
    return undefined;
  }, [paging.everLoaded, configDir, appUuid, paging.rows, recentsServer, later]);

  // Auto-refresh: first page, or while something runs, or retrying after a network error. An
  // automatic refresh never interrupts a request in flight.
  // Paused while the log viewer is open: it polls its one row itself.
  const awaiting = state.awaitingNewest;
  const auto = (wantsAutoRefresh(paging) || awaiting) && state.mode !== 'log';
  // After a 429 the next automatic request waits at least as long as the server asked. A page
  // shown from what was read earlier is refreshed when it is a period old, not a period later.
  const delay = Math.max(awaiting ? Math.min(refreshMs, 1000) : refreshMs, paging.error?.retryAfterMs ?? 0);
  const updatedAt = paging.updatedAt;
  const hasError = paging.error !== null;
  useEffect(() => {
    if (!auto || !settled) return undefined;
    const due = hasError || updatedAt === null ? delay : Math.max(0, Math.min(delay, updatedAt + delay - now()));
    const t = setTimeout(() => {
      if (!store.get().paging.loading) requests.page({ type: 'refresh', auto: true });
    }, due);
    return () => clearTimeout(t);
  }, [auto, settled, delay, updatedAt, hasError, paging.error, store, requests, now]);

  // Changed statuses are highlighted briefly.
  const changedCount = paging.changed.size;
  useEffect(() => {
    if (changedCount === 0) return undefined;
    const t = setTimeout(() => store.dispatch({ type: 'clearChanged' }), flashMs);
    return () => clearTimeout(t);
  }, [changedCount, paging.changed, flashMs, store]);

  return { state, store, page: requests.page, later };
}
