// A screen's state: a pure reducer, the state it last produced, and React reading it. A key
// handler dispatches and reads the result at once, so keys read together (`/abc`, `Enter G`,
// 5,000 `n`s pasted) each see what the keys before them did, without a re-render in between.
import { useSyncExternalStore } from 'react';

export interface Store<S, A> {
  get(): S;
  dispatch(action: A): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S, A>(reducer: (state: S, action: A) => S, initial: S): Store<S, A> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    dispatch(action) {
      const next = reducer(state, action);
      if (next === state) return;
      state = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => { listeners.delete(listener); };
    },
  };
}

/** The store's state, re-rendering when it changes. */
export function useStore<S, A>(store: Store<S, A>): S {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
