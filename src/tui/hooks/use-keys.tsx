// One Ink input subscription for the whole app, handing keys to the screens' handlers.
// Screens register their handler while rendering, so a key typed right after a screen appears
// (Enter then G, / then text) reaches the new screen: Ink's own useInput subscribes in an effect,
// which can run after the next key has already been read.
import React, { createContext, useContext, useEffect, useRef } from 'react';
import { useInput, type Key } from 'ink';

export type KeyHandler = (input: string, key: Key) => void;

interface Entry { fn: KeyHandler; active: boolean }

class KeyRegistry {
  private readonly entries = new Map<symbol, Entry>();
  set(id: symbol, fn: KeyHandler, active: boolean): void {
    const e = this.entries.get(id);
    if (e) { e.fn = fn; e.active = active; } else this.entries.set(id, { fn, active });
  }
  delete(id: symbol): void { this.entries.delete(id); }
  dispatch(input: string, key: Key): void {
    // A snapshot: handlers may mount or unmount screens while this key is handled.
    for (const e of [...this.entries.values()]) if (e.active) e.fn(input, key);
  }
}

const KeysContext = createContext<KeyRegistry | null>(null);

/** Owns the single Ink input subscription; wrap the app in it. */
export function KeysProvider({ children }: { readonly children: React.ReactNode }) {
  const registry = useRef<KeyRegistry>(null);
  registry.current ??= new KeyRegistry();
  const reg = registry.current;
  useInput((input, key) => reg.dispatch(input, key));
  return <KeysContext.Provider value={reg}>{children}</KeysContext.Provider>;
}

/** Like Ink's useInput, but live from the render that mounts the screen. Falls back to useInput outside a KeysProvider. */
export function useKeys(handler: KeyHandler, options: { readonly isActive?: boolean } = {}): void {
  const reg = useContext(KeysContext);
  const id = useRef<symbol>(null);
  id.current ??= Symbol('keys');
  const active = options.isActive ?? true;
  const latest = useRef({ handler, active });
  latest.current = { handler, active };
  if (reg) reg.set(id.current, handler, active);
  useEffect(() => {
    const own = id.current!;
    // Registered again after a remount (StrictMode), removed when the screen goes.
    reg?.set(own, latest.current.handler, latest.current.active);
    return () => reg?.delete(own);
  }, [reg]);
  useInput(handler, { isActive: reg === null && active });
}
