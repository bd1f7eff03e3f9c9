// The draft on disk: saved a moment after each change (debounced), at once before a request is
// sent and when the screen goes away, never again once the resource is made or the draft is
// discarded. A full or read-only disk never breaks typing: the next change tries again.
//
// The same form open in another dms (another terminal) writes the same draft. Each save names
// the version this form loaded or last wrote; when the draft on disk is another one by then, the
// save writes nothing and the form asks (phase `draft-conflict`): keep yours (written over
// theirs) or load theirs (what is on this screen is replaced). Until answered nothing is saved,
// and leaving with Esc asks first; quitting keeps theirs. Discarding removes only this form's
// version: a newer draft of the other dms stays.
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { discardDraft, draftVersion, saveDraft, type Draft as DraftFile } from '../../../config/drafts.js';
import type { FormDef } from '../../../forms/types.js';
import type { Store } from '../../state/store.js';
import { keptYoursNotice } from './lines.js';
import type { FormScreenAction, FormScreenState } from './state.js';
import { hasValues, type FormState } from './state-fields.js';

export const DRAFT_DEBOUNCE_MS = 250;

export interface Draft {
  /** Writes the draft now when the form holds anything (before a request: a crash or an error loses nothing). */
  readonly saveNow: () => void;
  /** Writes the draft now if it was changed (leaving the screen); false when another dms's draft is in the way (the form asks). */
  readonly flush: () => boolean;
  /** Removes the draft and writes no more (the user discards it, or the resource was made). */
  readonly discard: () => void;
  /** The answer to `draft-conflict`: this form's values are written over the other dms's draft. */
  readonly keepMine: () => void;
  /** The answer to `draft-conflict`: the other dms's draft replaces what is on this screen. */
  readonly loadTheirs: () => void;
}

export interface UseDraftOptions {
  readonly store: Store<FormScreenState, FormScreenAction>;
  /** The fields as last rendered: a change of them is saved. */
  readonly form: FormState;
  readonly id: FormDef['id'];
  readonly configDir: string;
  /** Saved straight away (the form was filled in from `--from FILE`, which counts as the draft). */
  readonly saveFirst: boolean;
  /** The version of the draft on disk when the form opened (undefined: none). */
  readonly version: string | undefined;
  /** Puts a draft's values on the screen (loading the other dms's draft). */
  readonly restore: (draft: DraftFile) => void;
}

/** Phases in which the form can stop to ask about another dms's draft. */
const CAN_ASK = new Set(['edit', 'confirm-leave']);

export function useDraft({ store, form, id, configDir, saveFirst, version, restore }: UseDraftOptions): Draft {
  const closed = useRef(false);
  const pending = useRef(saveFirst);
  const known = useRef(version);
  /** The other dms's draft found on disk, not answered yet. */
  const theirs = useRef<DraftFile | undefined>(undefined);

  const ask = useCallback(() => {
    const other = theirs.current;
    if (other && CAN_ASK.has(store.get().phase.kind))
      store.dispatch({ type: 'phase', phase: { kind: 'draft-conflict', savedAt: other.savedAt } });
  }, [store]);

  /** Saves when there is something to save; false when another dms's draft is in the way. */
  const write = useCallback((): boolean => {
    if (closed.current) return true;
    if (theirs.current) {
      ask();
      return false;
    }
    if (!pending.current) return true;
    pending.current = false;
    const s = store.get().form;
    try {
      const done = saveDraft(configDir, id, { values: s.values as Record<string, unknown>, step: s.step }, { version: known.current });
      if ('saved' in done) {
        known.current = done.saved;
        return true;
      }
      theirs.current = done.conflict;
      pending.current = true;
      ask();
      return false;
    } catch {
      pending.current = true;
      return true;
    }
  }, [ask, configDir, id, store]);

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
  useEffect(
    () => () => {
      write();
    },
    [write],
  );

  const saveNow = useCallback(() => {
    if (hasValues(store.get().form.values)) pending.current = true;
    write();
  }, [write, store]);

  const flush = useCallback(() => {
    const s = store.get().form;
    if (hasValues(s.values) && s.dirty) pending.current = true;
    return write();
  }, [write, store]);

  const discard = useCallback(() => {
    closed.current = true;
    pending.current = false;
    try {
      discardDraft(configDir, id, { version: known.current });
    } catch {
      /* nothing to remove, or it stays: harmless */
    }
  }, [configDir, id]);

  /** The other copy of the draft, taken: its version becomes the one known on disk. */
  const takeTheirs = useCallback(() => {
    const other = theirs.current;
    if (other) {
      theirs.current = undefined;
      known.current = draftVersion(other);
    }
    return other;
  }, []);

  const keepMine = useCallback(() => {
    if (!takeTheirs()) return;
    pending.current = true;
    store.dispatch({ type: 'phase', phase: { kind: 'edit' } });
    if (write()) store.dispatch({ type: 'notice', notice: keptYoursNotice() });
  }, [store, write, takeTheirs]);

  const loadTheirs = useCallback(() => {
    const other = takeTheirs();
    if (!other) return;
    pending.current = false;
    restore(other);
  }, [restore, takeTheirs]);

  return useMemo(() => ({ saveNow, flush, discard, keepMine, loadTheirs }), [saveNow, flush, discard, keepMine, loadTheirs]);
}
