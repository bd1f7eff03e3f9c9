// A screen's state: a pure reducer, the state it last produced, and React reading it. A key
// handler dispatches and reads the result at once, so keys read together (`/abc`, `Enter G`,
// 5,000 `n`s pasted) each see what the keys before them did, without a re-render in between.
import { useSyncExternalStore } from 'react';

export interface Store<S, A> {
  get(): S;
  dispatch(action: A): void;
  /** Called after every change that shows (what React renders). */
  subscribe(listener: () => void): () => void;
  /** Called after every change, shown or not, with the state before and after. */
  watch(listener: (before: S, after: S) => void): () => void;
}

export interface StoreOptions<S> {
  /** A change nobody would see (a page asked for but not here yet): React is not told. */
  readonly quiet?: (before: S, after: S) => boolean;
}

export function createStore<S, A>(reducer: (state: S, action: A) => S, initial: S, options: StoreOptions<S> = {}): Store<S, A> {
  let state = initial;
  const shown = new Set<() => void>();
  const all = new Set<(before: S, after: S) => void>();
  return {
    get: () => state,
    dispatch(action) {
      const before = state;
      const next = reducer(state, action);
      if (next === before) return;
      state = next;
      for (const w of [...all]) w(before, next);
      if (options.quiet?.(before, next)) return;
      for (const l of [...shown]) l();
    },
    subscribe(listener) {
      shown.add(listener);
      return () => {
        shown.delete(listener);
      };
    },
    watch(listener) {
      all.add(listener);
      return () => {
        all.delete(listener);
      };
    },
  };
}

/** The store's state, re-rendering when a change shows. */
export function useStore<S, A>(store: Store<S, A>): S {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
