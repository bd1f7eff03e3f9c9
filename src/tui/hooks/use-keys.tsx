// One Ink input subscription for the whole app, handing keys to the screens' handlers, one
// key at a time.
// Screens register their handler while rendering, so a key typed right after a screen appears
// (Enter then G, / then text) reaches the new screen: Ink's own useInput subscribes in an effect,
// which can run after the next key has already been read.
import React, { createContext, useContext, useEffect, useRef } from 'react';
import { useInput, type Key } from 'ink';
import { splitChunk } from './use-form-keys.js';

export type KeyHandler = (input: string, key: Key) => void;

interface Entry { fn: KeyHandler; active: boolean }

const SPECIAL: readonly (keyof Key)[] = [
  'upArrow', 'downArrow', 'leftArrow', 'rightArrow', 'pageDown', 'pageUp', 'home', 'end', 'return', 'escape',
  'ctrl', 'meta', 'tab', 'backspace', 'delete',
];

/**
 * Ink hands characters that arrive together (a held `j` or Backspace, `nn` typed fast, tmux
 * send-keys) to useInput as one string. Control characters become keys of their own
 * (splitChunk) and plain printable characters one key each, so every press counts.
 */
export function singleKeys(input: string, key: Key): string[] {
  if (input.length <= 1 || SPECIAL.some((k) => key[k]) || /[\u0000-\u001f\u007f-\u009f]/.test(input)) return [input];
  return Array.from(input);
}

class KeyRegistry {
  private readonly entries = new Map<symbol, Entry>();
  set(id: symbol, fn: KeyHandler, active: boolean): void {
    const e = this.entries.get(id);
    if (e) { e.fn = fn; e.active = active; } else this.entries.set(id, { fn, active });
  }
  delete(id: symbol): void { this.entries.delete(id); }
  dispatch(input: string, key: Key): void {
    for (const piece of splitChunk(input, key)) {
      for (const one of singleKeys(piece.input, piece.key)) {
        // A snapshot: handlers may mount or unmount screens while this key is handled.
        for (const e of [...this.entries.values()]) if (e.active) e.fn(one, piece.key);
      }
    }
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
