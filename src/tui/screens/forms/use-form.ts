// A create form's state and effects, wired: the store (state.ts) opened from --from, the draft or
// the recalled values; the draft on disk (use-draft.ts); sending (use-submit.ts); the files
// written for the user (use-file-writes.ts); the values offered per field (use-recall.ts).
import { useCallback, useState } from 'react';
import type { DmsClient } from '../../../api/client.js';
import { draftVersion, loadDraft, type Draft as DraftFile } from '../../../config/drafts.js';
import { valuesFromBody, valuesFromDraft } from '../../../forms/body.js';
import type { FormDef, FormValues } from '../../../forms/types.js';
import { useKeyTable } from '../../input/key-table.js';
import type { KeyTable } from '../../keys.js';
import { createStore, useStore, type Store } from '../../state/store.js';
import { draftNotice, fromFileNotice, loadedTheirsNotice, recallNotice } from './lines.js';
import { formScreenReducer, formScreenState, recalledValues, type FormScreenAction, type FormScreenState, type Recall } from './state.js';
import { initialFormState } from './state-fields.js';
import { useDraft, type Draft } from './use-draft.js';
import { useFileWrites, type FileWrites } from './use-file-writes.js';
import { useRecall, type Recalled } from './use-recall.js';
import { useSubmit } from './use-submit.js';

export interface UseFormOptions {
  readonly def: FormDef;
  readonly client: DmsClient;
  readonly configDir: string;
  /** What recents are kept under for the server the form sends to (config/recents.ts recentsServer). */
  readonly server?: string;
  readonly from?: Record<string, unknown>;
  readonly suggestions?: Readonly<Record<string, readonly string[]>>;
}

export interface FormController extends FileWrites, Omit<Recalled, 'recall'>, Pick<Draft, 'flush' | 'discard' | 'keepMine' | 'loadTheirs'> {
  readonly state: FormScreenState;
  /** Keys read the state here: every key sees what the keys before it did. */
  readonly store: Store<FormScreenState, FormScreenAction>;
  /**
   * Validates everything, then sends once; ignored while a request is in flight. After a request
   * that may have created the resource, asks first (phase `confirm-resend`) unless `confirmed`.
   */
  readonly submit: (confirmed?: boolean) => void;
  /** What the form started with: leaving a form that still holds only this asks nothing. */
  readonly base: FormValues;
}

interface Opened {
  readonly store: Store<FormScreenState, FormScreenAction>;
  /** Filled in from --from FILE: it counts as the draft, saved straight away. */
  readonly fromFile: boolean;
  readonly base: FormValues;
  /** The version of the draft on disk as the form opened (undefined: none): its saves replace only that one. */
  readonly version: string | undefined;
}

/** The screen as it opens: from --from FILE, else the draft on disk, else a new form with recalled values and defaults. */
function open(def: FormDef, configDir: string, from: Record<string, unknown> | undefined, recall: Recall, keys: KeyTable): Opened {
  let draft;
  try {
    draft = loadDraft(configDir, def.id);
  } catch {
    draft = undefined;
  }
  const version = draftVersion(draft);
  const opened = (state: FormScreenState, fromFile: boolean, base: FormValues = {}): Opened => ({
    store: createStore(formScreenReducer(def), state),
    fromFile,
    base,
    version,
  });
  if (from) {
    // Counts as the draft: it replaces the one on disk.
    const { values, unknown } = valuesFromBody(def, from);
    return opened(formScreenState(initialFormState(def, values), fromFileNotice(unknown)), true);
  }
  if (draft) {
    const values = valuesFromDraft(def, draft.values);
    return opened(formScreenState(initialFormState(def, values, draft.step ?? 0), draftNotice(draft.savedAt, keys)), false);
  }
  const { values, fromRecent, fromSample } = recalledValues(def, recall);
  return opened(formScreenState(initialFormState(def, values), recallNotice(def, fromRecent, fromSample, keys)), false, values);
}

export function useForm({ def, client, configDir, server, from, suggestions }: UseFormOptions): FormController {
  const keys = useKeyTable();
  const { recall, suggestionsFor, recalledFrom } = useRecall(configDir, server, suggestions);
  const [{ store, fromFile, base, version }] = useState(() => open(def, configDir, from, recall, keys));
  const state = useStore(store);
  const restore = useCallback(
    (other: DraftFile) =>
      store.dispatch({
        type: 'load-draft',
        form: initialFormState(def, valuesFromDraft(def, other.values), other.step ?? 0),
        notice: loadedTheirsNotice(other.savedAt),
      }),
    [def, store],
  );
  const draft = useDraft({ store, form: state.form, id: def.id, configDir, saveFirst: fromFile, version, restore });
  const submit = useSubmit({ def, client, configDir, server, store, draft });
  const files = useFileWrites({ def, configDir, store, keys });
  return {
    state,
    store,
    submit,
    ...files,
    flush: draft.flush,
    discard: draft.discard,
    keepMine: draft.keepMine,
    loadTheirs: draft.loadTheirs,
    suggestionsFor,
    recalledFrom,
    base,
  };
}
