// The one reader of input. Ink's input hook is subscribed once, here; every key goes through
// the listeners in layer order — overlay (help), screen, global — newest first within a layer,
// until one uses it. A listener returns true when it used the key; nothing after it sees the
// key. Listeners register when their component commits (a layout effect), never during render.
//
// Runs of printable characters (typing fast, a paste) are offered whole to listeners that take
// text (a field takes the run at once); otherwise they go one character at a time, so each key
// of `jjj` counts and `/abc` opens the filter and types `abc` into it.
import React, { createContext, useContext, useLayoutEffect, useRef, useState } from 'react';
import { useInput, type Key } from 'ink';
import { firstKey, isText, splitChunk, type KeyEvent } from './keypress.js';

export type Layer = 'overlay' | 'screen' | 'global';
const LAYERS: readonly Layer[] = ['overlay', 'screen', 'global'];

/**
 * What a listener did with a key: `true` used it; `false` passes it on; `'later'` used it and
 * changed what is on screen (opened help, another screen): the rest of the keys read with it
 * wait until the new screen has committed its listeners.
 */
export type KeyResult = boolean | 'later';

export interface KeyListener {
  /** One key: a named key, a control key, or one printable character. */
  key(event: KeyEvent): KeyResult;
  /** A run of printable characters: how many UTF-16 units of it were taken (0: offer it as keys). */
  text?(run: string): number;
}

interface Entry {
  readonly id: number;
  readonly layer: Layer;
  readonly listener: KeyListener;
}

export class InputBus {
  private entries: Entry[] = [];
  private next = 1;
  private held: KeyEvent[] = [];
  private holdTimer: ReturnType<typeof setImmediate> | undefined;
  /** Reads from the terminal handled so far (tests wait on it). */
  reads = 0;
  private readonly watchers = new Set<() => void>();

  add(layer: Layer, listener: KeyListener): () => void {
    const entry = { id: this.next++, layer, listener };
    this.entries.push(entry);
    return () => {
      this.entries = this.entries.filter((e) => e !== entry);
    };
  }

  /** Called when a read from the terminal has been handled (tests). */
  watch(fn: () => void): () => void {
    this.watchers.add(fn);
    return () => {
      this.watchers.delete(fn);
    };
  }

  /** One report of Ink's input hook. */
  read(input: string, key: Key): void {
    this.feed(splitChunk(input, key));
    this.reads += 1;
    for (const fn of [...this.watchers]) fn();
  }

  private ordered(): Entry[] {
    return LAYERS.flatMap((layer) => this.entries.filter((e) => e.layer === layer).reverse());
  }

  private feed(events: KeyEvent[]): void {
    const queue = [...this.held, ...events];
    this.held = [];
    while (queue.length > 0) {
      const event = queue.shift()!;
      const result = isText(event) ? this.text(event, queue) : this.one(event);
      if (result === 'later' && queue.length > 0) {
        // The screen changed: what was typed with this key goes to the new screen, once it is there.
        this.held = queue;
        this.holdTimer ??= setImmediate(() => {
          this.holdTimer = undefined;
          this.feed([]);
        });
        return;
      }
    }
  }

  private one(event: KeyEvent): KeyResult {
    for (const e of this.ordered()) {
      const used = e.listener.key(event);
      if (used !== false) return used;
    }
    return false;
  }

  /** A run of text: taken whole (or in part) by a text listener, else one character at a time. */
  private text(event: KeyEvent, queue: KeyEvent[]): KeyResult {
    for (const e of this.ordered()) {
      const took = e.listener.text?.(event.input) ?? 0;
      if (took > 0) {
        if (took < event.input.length) queue.unshift({ input: event.input.slice(took), key: event.key });
        return true;
      }
      // A listener without text that uses the first character stops the run here too.
      const [first, rest] = firstKey(event.input);
      const used = e.listener.key({ input: first, key: event.key });
      if (used !== false) {
        if (rest !== '') queue.unshift({ input: rest, key: event.key });
        return used;
      }
    }
    const [, rest] = firstKey(event.input);
    if (rest !== '') queue.unshift({ input: rest, key: event.key });
    return false;
  }
}

const BusContext = createContext<InputBus | null>(null);

export interface InputProviderProps {
  /** A bus made elsewhere (tests watch it); by default one of its own. */
  readonly bus?: InputBus;
  readonly children: React.ReactNode;
}

/** Owns the single subscription to Ink's input; wrap the app in it. */
export function InputProvider({ bus, children }: InputProviderProps) {
  const [b] = useState(() => bus ?? new InputBus());
  useInput((input, key) => b.read(input, key));
  return <BusContext.Provider value={b}>{children}</BusContext.Provider>;
}

export function useInputBus(): InputBus {
  const bus = useContext(BusContext);
  if (!bus) throw new Error('useKeys needs an <InputProvider> above it: keys have one reader, the input bus.');
  return bus;
}

/**
 * Listens to keys on a layer while `active`. Registered when the component commits; the
 * listener itself may change on every render (the newest one is called).
 */
export function useKeys(layer: Layer, listener: KeyListener, active = true): void {
  const bus = useInputBus();
  const current = useRef(listener);
  useLayoutEffect(() => {
    current.current = listener;
  });
  useLayoutEffect(() => {
    if (!active) return undefined;
    return bus.add(layer, {
      key: (e) => current.current.key(e),
      text: (run) => current.current.text?.(run) ?? 0,
    });
  }, [bus, layer, active]);
}
