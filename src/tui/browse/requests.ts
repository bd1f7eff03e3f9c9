// The list's page requests. A key handler (keys.ts), the auto-refresh timer or the log closing
// asks for a page with `page(ask)`: the action (paging.ts PageAsk) goes to the store and, when it
// changed the page wanted, that page is asked for once the keys read together are all handled (a
// microtask later), so 5,000 `n`s make one request, for the last page they wanted. The request
// before it is aborted, and answers are tagged with their sequence number so an old answer never
// overwrites a newer page (the reducer drops it: paging.ts). A page moved to (n, p, g, …) that was
// read less than a refresh period ago is shown from what was read (place.ts): no request. One read
// longer ago, or kept on disk from an earlier run (the cache), is shown at once marked with when it
// was seen while the fresh one is asked for. A large answer tells its bytes as they arrive.
import type { DmsClient } from '../../api/client.js';
import { isApiError, type ResponseTooLargeError } from '../../api/errors.js';
import { formatBytes } from '../../api/limits.js';
import { describeError } from '../errors.js';
import type { Prefetch } from '../first-page.js';
import type { Store } from '../state/store.js';
import { isHeavy, lightRefresh } from './light-refresh.js';
import type { PageAsk, SeenPage } from './paging.js';
import type { PageMemo } from './place.js';
import type { BrowseAction, BrowseState } from './state.js';

/** How long a page request may take before the screen says "loading…" (no flash for fast answers). */
const LOADING_DELAY_MS = 120;

export interface PageRequests {
  /** Applies an action that asks for a page (next, refresh, …); when it changed the page wanted, asks for that page. */
  page(ask: PageAsk): void;
  /** Asks for the page wanted now unless it is on screen or already asked for (the screen's first page). */
  load(): void;
  /** Aborts the request in flight and an unused prefetch (the screen is gone). */
  stop(): void;
}

export interface PageRequestOptions {
  readonly client: DmsClient;
  readonly appUuid: string;
  /** The first page's request, started before the UI loaded: used instead of asking again. */
  readonly prefetch?: Omit<Prefetch, 'appUuid'>;
  /** The clock answers are stamped with. */
  readonly now: () => number;
  /** The pages read, kept: one moved to again within `freshMs` of its reading is not asked for. */
  readonly memo?: PageMemo;
  readonly freshMs?: number;
  /** Pages seen in an earlier run (the cache on disk), shown while the fresh one is asked for. */
  readonly seen?: SeenSource;
}

/** Where pages seen before are read from. */
export interface SeenSource {
  read(skip: number, take: number): SeenPage | undefined;
}

/** How often the bytes of an arriving answer reach the screen, at most. */
const PROGRESS_MS = 100;

/** The page as seen before: the session's (any age), else the cache's. */
export function seenPage(skip: number, take: number, memo: PageMemo | undefined, seen: SeenSource | undefined): SeenPage | undefined {
  const kept = memo?.last(skip, take);
  if (kept) return { page: kept.page, at: kept.at, reasons: {} };
  return seen?.read(skip, take);
}

/** Tells the store the bytes of the answer to `seq` as they arrive, at most every PROGRESS_MS. */
function progressTo(store: Store<BrowseState, BrowseAction>, seq: number, now: () => number): (bytes: number) => void {
  const since = now();
  let toldAt = 0;
  return (bytes) => {
    const at = now();
    if (at - toldAt < PROGRESS_MS) return;
    toldAt = at;
    store.dispatch({ type: 'progress', seq, bytes, since, at });
  };
}

export function pageRequests(
  store: Store<BrowseState, BrowseAction>,
  { client, appUuid, prefetch: first, now, memo, freshMs = 0, seen }: PageRequestOptions,
): PageRequests {
  // A first page already on screen (the store's initial state) used its prefetch: later requests ask the server.
  let prefetch = store.get().paging.everLoaded ? undefined : first;
  let current: { seq: number; abort: () => void } | undefined;
  let scheduled = false;
  let stopped = false;

  const start = () => {
    scheduled = false;
    const { want, loading } = store.get().paging;
    if (!loading || current?.seq === want.seq) return;
    current?.abort();
    const ac = new AbortController();
    const pre = prefetch && prefetch.skip === want.skip && prefetch.take === want.take ? prefetch : undefined;
    if (prefetch && !pre) prefetch.abort();
    prefetch = undefined;
    // Moved to a page read a moment ago (a refresh, asked for or automatic, always asks).
    const kept = !pre && want.reason === 'load' ? memo?.get(want.skip, want.take, now(), freshMs) : undefined;
    if (kept) {
      current = undefined;
      store.dispatch({ type: 'loaded', seq: want.seq, page: kept.page, at: kept.at });
      return;
    }
    // Moved to a page seen longer ago: shown as it was while the fresh one comes.
    const onScreen = store.get().paging;
    const shownSeen = onScreen.asOf !== null && onScreen.shown?.skip === want.skip && onScreen.shown.take === want.take;
    if (!pre && want.reason === 'load' && !shownSeen) {
      const old = seenPage(want.skip, want.take, memo, seen);
      if (old) store.dispatch({ type: 'seen', seq: want.seq, seen: old });
    }
    const onProgress = progressTo(store, want.seq, now);
    pre?.watch?.(onProgress);
    const whole = () => client.listDeployments(appUuid, { skip: want.skip, take: want.take }, { signal: ac.signal, onProgress });
    const paging = store.get().paging;
    // A page of rows with logs is refreshed a row at a time when nothing moved (light-refresh.ts).
    const light = want.reason === 'auto' && paging.shown?.skip === want.skip && paging.shown.take === want.take && isHeavy(paging);
    const one = (skip: number, take: number) => client.listDeployments(appUuid, { skip, take }, { signal: ac.signal });
    const request = pre ? pre.page : light ? lightRefresh(one, paging).then((p) => p ?? whole()) : whole();
    // "loading…" only for a request that takes a while.
    const slow = setTimeout(() => store.dispatch({ type: 'loadingShown', seq: want.seq }), LOADING_DELAY_MS);
    current = {
      seq: want.seq,
      abort: () => {
        clearTimeout(slow);
        ac.abort();
        pre?.abort();
      },
    };
    const done = () => {
      clearTimeout(slow);
      if (current?.seq === want.seq) current = undefined;
    };
    request.then(
      (answer) => {
        if (ac.signal.aborted) return;
        done();
        const at = now();
        memo?.put(want.skip, want.take, answer, at);
        store.dispatch({ type: 'loaded', seq: want.seq, page: answer, at });
      },
      (error: unknown) => {
        if (ac.signal.aborted || (isApiError(error) && error.kind === 'cancelled')) return;
        done();
        if (isApiError(error) && error.kind === 'too_large') {
          // Heavy rows (logs): fewer of them per page rather than no page.
          const { size, limit, outOfMemory } = error as ResponseTooLargeError;
          const shown = outOfMemory
            ? 'reading it ran out of memory'
            : size !== undefined
              ? formatBytes(size)
              : `more than ${formatBytes(limit)}`;
          page({ type: 'tooLarge', seq: want.seq, size: shown, error: describeError(error, client.redact) });
          return;
        }
        store.dispatch({ type: 'failed', seq: want.seq, error: describeError(error, client.redact) });
      },
    );
  };

  const load = () => {
    if (scheduled || stopped) return;
    scheduled = true;
    queueMicrotask(start);
  };

  const page = (ask: PageAsk) => {
    const before = store.get().paging.want.seq;
    store.dispatch(ask);
    if (store.get().paging.want.seq !== before) load();
  };

  return {
    page,
    load,
    stop() {
      stopped = true;
      current?.abort();
      prefetch?.abort();
    },
  };
}
