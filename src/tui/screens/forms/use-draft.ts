// The draft on disk: saved a moment after each change (debounced), at once before a request is
// sent and when the screen goes away, never again once the resource is made or the draft is
// discarded. A full or read-only disk never breaks typing: the next change tries again.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { discardDraft, saveDraft } from '../../../config/drafts.js';
import type { FormDef } from '../../../forms/types.js';
import type { Store } from '../../state/store.js';
import type { FormScreenAction, FormScreenState } from './state.js';
import { hasValues, type FormState } from './state-fields.js';

export const DRAFT_DEBOUNCE_MS = 250;

export interface Draft {
  /** Writes the draft now when the form holds anything (before a request: a crash or an error loses nothing). */
  readonly saveNow: () => void;
  /** Writes the draft now if it was changed (leaving the screen). */
  readonly flush: () => void;
  /** Removes the draft and writes no more (the user discards it, or the resource was made). */
  readonly discard: () => void;
}

export interface UseDraftOptions {
  readonly store: Store<FormScreenState, FormScreenAction>;
  /** The fields as last rendered: a change of them is saved. */
  readonly form: FormState;
  readonly id: FormDef['id'];
  readonly configDir: string;
  /** Saved straight away (the form was filled in from `--from FILE`, which counts as the draft). */
  readonly saveFirst: boolean;
}

export function useDraft({ store, form, id, configDir, saveFirst }: UseDraftOptions): Draft {
  const closed = useRef(false);
  const pending = useRef(saveFirst);

  const write = useCallback(() => {
    if (closed.current || !pending.current) return;
    pending.current = false;
    const s = store.get().form;
    try {
      saveDraft(configDir, id, { values: s.values as Record<string, unknown>, step: s.step });
    } catch {
      pending.current = true;
    }
  }, [configDir, id, store]);

  // Save on every change, debounced.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      if (!pending.current) return undefined;
    } else {
      if (!form.dirty && !pending.current) return undefined;
      pending.current = true;
    }
    const t = setTimeout(write, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [form.values, form.step, form.dirty, write]);

  // Flush when the screen goes away.
  useEffect(() => () => write(), [write]);

  const saveNow = useCallback(() => {
    if (hasValues(store.get().form.values)) pending.current = true;
    write();
  }, [write, store]);

  const flush = useCallback(() => {
    const s = store.get().form;
    if (hasValues(s.values) && s.dirty) pending.current = true;
    write();
  }, [write, store]);

  const discard = useCallback(() => {
    closed.current = true;
    pending.current = false;
    try { discardDraft(configDir, id); } catch { /* nothing to remove, or it stays: harmless */ }
  }, [configDir, id]);

  return useMemo(() => ({ saveNow, flush, discard }), [saveNow, flush, discard]);
}
