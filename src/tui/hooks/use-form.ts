// State and effects of a create form: the pure reducer, the draft on disk, submission.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DmsClient } from '../../api/client.js';
import { ConflictError, LocalValidationError, ValidationError, isApiError } from '../../api/errors.js';
import type { CreateAppRequest, CreateDocstoreRequest } from '../../api/schemas/index.js';
import { discardDraft, loadDraft, saveDraft } from '../../config/drafts.js';
import { pathKind, replaceFile, writeNewFile, type PathKind } from '../../config/private-file.js';
import { addRecentValues, loadRecentValues } from '../../config/recents.js';
import { buildBody, valuesFromBody, valuesFromDraft } from '../../forms/body.js';
import { editAction, type FieldEdit } from '../../forms/edit.js';
import { createStore, useStore, type Store } from '../state/store.js';
import { createFormReducer, hasValues, initialFormState, type FormAction, type FormState } from '../../forms/reducer.js';
import type { FormDef, FormValues } from '../../forms/types.js';
import { errorsFromProblems, fieldNamedIn, validateForm } from '../../forms/validate.js';
import { clean } from '../../text/sanitize.js';

export const DRAFT_DEBOUNCE_MS = 250;

export type FormPhase =
  | { readonly kind: 'edit' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'success'; readonly uuid?: string; readonly urls: readonly { label: string; url: string }[] }
  | { readonly kind: 'failed'; readonly message: string; readonly hint: string }
  | { readonly kind: 'confirm-leave' }
  /** Save as FILE named a file that exists: replace it (y) or keep it (n). */
  | { readonly kind: 'confirm-overwrite'; readonly path: string };

export interface FormNotice {
  readonly tone: 'info' | 'success' | 'warning' | 'error';
  readonly text: string;
}

export interface UseFormOptions {
  readonly def: FormDef;
  readonly client: DmsClient;
  readonly configDir: string;
  readonly from?: Record<string, unknown>;
  readonly suggestions?: Readonly<Record<string, readonly string[]>>;
}

/** The form screen's state: the form (reducer.ts), where the screen is, the line above the fields. */
export interface FormScreenState {
  readonly form: FormState;
  readonly phase: FormPhase;
  readonly notice: FormNotice | undefined;
  /** The success screen shows the database passwords (--show-secrets only). */
  readonly revealed: boolean;
}

export type FormScreenAction =
  | FormAction
  | { type: 'edit'; edit: FieldEdit }
  | { type: 'suggest'; list: readonly string[] }
  | { type: 'phase'; phase: FormPhase }
  | { type: 'notice'; notice: FormNotice | undefined }
  | { type: 'reveal' };

export function formScreenReducer(def: FormDef) {
  const form = createFormReducer(def);
  return (state: FormScreenState, action: FormScreenAction): FormScreenState => {
    switch (action.type) {
      case 'phase': return { ...state, phase: action.phase };
      case 'notice': return { ...state, notice: action.notice };
      case 'reveal': return { ...state, revealed: !state.revealed };
      case 'edit': {
        const a = editAction(def, state.form, action.edit);
        return a ? { ...state, form: form(state.form, a) } : state;
      }
      case 'suggest': {
        const name = state.form.focus;
        if (!name || action.list.length === 0) return state;
        const v = state.form.values[name];
        const i = typeof v === 'string' ? action.list.indexOf(v) : -1;
        return { ...state, form: form(state.form, { type: 'set', name, value: action.list[(i + 1) % action.list.length] }) };
      }
      default: {
        const next = form(state.form, action);
        return next === state.form ? state : { ...state, form: next };
      }
    }
  };
}

export interface FormController {
  readonly state: FormScreenState;
  /** Keys read the state here: every key sees what the keys before it did. */
  readonly store: Store<FormScreenState, FormScreenAction>;
  /** Validates everything, then sends once; ignored while a request is in flight. */
  readonly submit: () => void;
  /**
   * Writes the request body to a new file (mode 0600) for `dms create <noun> --file FILE`; when
   * the file exists, asks first (phase `confirm-overwrite`); never writes through a symlink.
   */
  readonly saveAs: (path: string) => void;
  /** The answer to `confirm-overwrite`: replace the file with a new 0600 one, or keep it. */
  readonly answerOverwrite: (replace: boolean) => void;
  /** Writes the draft now (leaving the screen). */
  readonly flush: () => void;
  readonly discard: () => void;
  /** Recent and given values per field, newest first. */
  readonly suggestionsFor: (field: string) => readonly string[];
  /** Number of POSTs sent (tests). */
  readonly sent: number;
}

function initial(def: FormDef, configDir: string, from: Record<string, unknown> | undefined):
  { state: FormState; notice?: FormNotice; fromFile: boolean } {
  if (from) {
    const { values, unknown } = valuesFromBody(def, from);
    const extra = unknown.length > 0 ? ` Not fields of this request, left out: ${unknown.map(clean).join(', ')}.` : '';
    return { state: initialFormState(def, values), notice: { tone: unknown.length > 0 ? 'warning' : 'info', text: `Filled in from the file.${extra}` }, fromFile: true };
  }
  let draft;
  try {
    draft = loadDraft(configDir, def.id);
  } catch {
    draft = undefined;
  }
  if (draft) {
    const values = valuesFromDraft(def, draft.values);
    const when = draft.savedAt.slice(0, 19).replace('T', ' ');
    return {
      state: initialFormState(def, values, draft.step ?? 0),
      notice: { tone: 'info', text: `Restored your draft from ${when} UTC. Esc on the first step offers to discard it.` },
      fromFile: false,
    };
  }
  const defaults: FormValues = def.id === 'create-app' ? { git_branch: 'main' } : {};
  return { state: initialFormState(def, defaults), fromFile: false };
}

export function useForm({ def, client, configDir, from, suggestions }: UseFormOptions): FormController {
  const [store] = useState(() => {
    const boot = initial(def, configDir, from);
    // --from content counts as the draft: saved straight away.
    return { store: createStore(formScreenReducer(def), { form: boot.state, phase: { kind: 'edit' }, notice: boot.notice, revealed: false } as FormScreenState), fromFile: boot.fromFile };
  });
  const state = useStore(store.store);
  const set = (action: FormScreenAction) => store.store.dispatch(action);
  const [sent, setSent] = useState(0);
  const inFlight = useRef(false);
  const done = useRef(false);
  const pending = useRef(store.fromFile);

  const write = useCallback(() => {
    if (done.current || !pending.current) return;
    pending.current = false;
    const s = store.store.get().form;
    try {
      saveDraft(configDir, def.id, { values: s.values as Record<string, unknown>, step: s.step });
    } catch {
      // A full or read-only disk must not break typing; the next change tries again.
      pending.current = true;
    }
  }, [configDir, def.id, store]);

  // Save on every change, debounced.
  const firstRender = useRef(true);
  const form = state.form;
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

  const recent = useMemo(() => {
    try {
      return loadRecentValues(configDir);
    } catch {
      return {};
    }
  }, [configDir]);
  const suggestionsFor = useCallback((field: string) => {
    const all = [...(recent[field] ?? []), ...(suggestions?.[field] ?? [])].map(clean).filter((v) => v !== '');
    return [...new Set(all)];
  }, [recent, suggestions]);

  const readFile = useCallback((path: string) => readFileSync(resolve(path), 'utf8'), []);

  const submit = useCallback(() => {
    if (inFlight.current || done.current) return;
    const s = store.store.get().form;
    const { body, errors } = validateForm(def, s.values, readFile);
    const count = Object.keys(errors).length;
    if (count > 0) {
      set({ type: 'invalid', errors });
      const named = Object.entries(errors).slice(0, 3).map(([f, m]) => `${f} ${m.replace(/\.$/, '')}`).join(' · ');
      set({ type: 'notice', notice: { tone: 'error', text: `Not sent: ${count} field${count === 1 ? '' : 's'} to fix — ${named}${count > 3 ? ' · …' : ''}` } });
      return;
    }
    // The draft is on disk before anything is sent: a crash or an error loses nothing.
    if (hasValues(s.values)) pending.current = true;
    write();
    inFlight.current = true;
    set({ type: 'phase', phase: { kind: 'sending' } });
    set({ type: 'notice', notice: undefined });
    setSent((n) => n + 1);
    const request = def.id === 'create-app'
      ? client.createPublicApplication(body as CreateAppRequest).then((r) => ({ uuid: r.uuid, urls: [] as { label: string; url: string }[] }))
      : client.createDocstore(body as CreateDocstoreRequest).then((r) => ({
        uuid: r.uuid ?? undefined,
        urls: [
          ...(r.internal_db_url ? [{ label: 'internal', url: r.internal_db_url }] : []),
          ...(r.external_db_url ? [{ label: 'external', url: r.external_db_url }] : []),
        ],
      }));
    request.then((result) => {
      inFlight.current = false;
      done.current = true;
      try { discardDraft(configDir, def.id); } catch { /* the draft stays; harmless */ }
      addRecentValues(configDir, Object.fromEntries(
        Object.entries(s.values).filter(([, v]) => typeof v === 'string') as [string, string][],
      ));
      set({ type: 'phase', phase: { kind: 'success', uuid: result.uuid, urls: result.urls } });
    }, (e: unknown) => {
      inFlight.current = false;
      if (e instanceof ValidationError) {
        const fields = errorsFromProblems(def, e.problems);
        if (Object.keys(fields).length === 0) {
          // Some 422s carry only a message; put it under the field it names, if any.
          fields[fieldNamedIn(def, e.message) ?? '(body)'] = e.message;
        }
        for (const k of Object.keys(fields)) fields[k] = client.redact(clean(fields[k]!));
        set({ type: 'server-errors', errors: fields });
        set({ type: 'phase', phase: { kind: 'edit' } });
        const list = Object.keys(fields).filter((f) => f !== '(body)');
        set({
          type: 'notice',
          notice: {
            tone: 'error',
            text: list.length > 0
              ? `The server rejected ${list.join(', ')} (422). Fix and press Ctrl+S again.`
              : `The server rejected the request: ${fields['(body)']}`,
          },
        });
        return;
      }
      if (e instanceof ConflictError) {
        const field = s.values.build_pack === 'containercompose' ? 'container_compose_domains' : 'domains';
        const text = client.redact(clean([e.message, e.warning].filter(Boolean).join(' ')));
        set({ type: 'server-errors', errors: { [field]: text } });
        set({ type: 'phase', phase: { kind: 'edit' } });
        set({ type: 'notice', notice: { tone: 'error', text: `${text} — ${e.hint}` } });
        return;
      }
      if (e instanceof LocalValidationError) {
        set({ type: 'invalid', errors: errorsFromProblems(def, e.problems) });
        set({ type: 'phase', phase: { kind: 'edit' } });
        return;
      }
      const message = isApiError(e) ? e.message : e instanceof Error ? e.message : String(e);
      const hint = isApiError(e) ? e.hint : '';
      set({ type: 'phase', phase: { kind: 'failed', message: client.redact(clean(message)), hint } });
    });
    // `set` dispatches to the store, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, configDir, def, readFile, write, store]);

  /** The request body as a file holds it; undefined (with a notice) when it cannot be built. */
  const bodyText = useCallback((): string | undefined => {
    const { body, problems } = buildBody(def, store.store.get().form.values, readFile);
    if (problems.length > 0) {
      store.store.dispatch({ type: 'notice', notice: { tone: 'error', text: `Not saved: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}` } });
      return undefined;
    }
    return `${JSON.stringify(body, null, 2)}\n`;
  }, [def, readFile, store]);

  const notice = useCallback((tone: FormNotice['tone'], text: string) => {
    store.store.dispatch({ type: 'notice', notice: { tone, text } });
  }, [store]);
  const saved = useCallback((target: string, verb: string) => notice('success',
    `${verb} ${clean(target)} (mode 0600). Send it later with: dms create ${def.noun} --file ${shellWord(target)}`), [def.noun, notice]);

  const saveAs = useCallback((path: string) => {
    const target = path.trim();
    if (target === '') return;
    const text = bodyText();
    if (text === undefined) return;
    const full = resolve(target);
    let kind: PathKind;
    try {
      kind = pathKind(full);
    } catch (e) {
      notice('error', `Not saved: cannot check ${clean(target)} (${(e as NodeJS.ErrnoException).code ?? 'error'}).`);
      return;
    }
    if (kind === 'file') {
      // The body may hold secrets in clear: an existing file is replaced only when the user says so.
      store.store.dispatch({ type: 'notice', notice: undefined });
      store.store.dispatch({ type: 'phase', phase: { kind: 'confirm-overwrite', path: target } });
      return;
    }
    if (kind !== 'none') {
      // Short: the notice is one line, and the path comes first.
      notice('error', `Not saved: ${clean(target)} ${kind === 'symlink' ? 'is a symbolic link; dms never writes through one' : kind === 'folder' ? 'is a folder' : 'is not a regular file'}.`);
      return;
    }
    // Created new at 0600 with O_EXCL: a file or symlink put there meanwhile is refused, not followed.
    const why = writeNewFile(full, text);
    if (why) notice('error', `Not saved: ${clean(why)}`);
    else saved(target, 'Saved to');
  }, [bodyText, notice, saved, store]);

  const answerOverwrite = useCallback((replace: boolean) => {
    const phase = store.store.get().phase;
    if (phase.kind !== 'confirm-overwrite') return;
    store.store.dispatch({ type: 'phase', phase: { kind: 'edit' } });
    if (!replace) {
      notice('info', `Kept ${clean(phase.path)} as it was; nothing was saved.`);
      return;
    }
    const text = bodyText();
    if (text === undefined) return;
    const why = replaceFile(resolve(phase.path), text);
    if (why) notice('error', `Not saved: ${clean(why)}`);
    else saved(phase.path, 'Replaced');
  }, [bodyText, notice, saved, store]);

  const flush = useCallback(() => {
    const s = store.store.get().form;
    if (hasValues(s.values) && s.dirty) pending.current = true;
    write();
  }, [write, store]);

  const discard = useCallback(() => {
    done.current = true;
    pending.current = false;
    try { discardDraft(configDir, def.id); } catch { /* nothing to remove */ }
  }, [configDir, def.id]);

  return { state, store: store.store, submit, saveAs, answerOverwrite, flush, discard, suggestionsFor, sent };
}

/** A path as a shell word: as it is when plain, else in single quotes. */
function shellWord(path: string): string {
  const text = clean(path);
  return /^[\w./~@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
