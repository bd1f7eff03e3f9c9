// State and effects of a create form: the pure reducer, the draft on disk, submission.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { DmsClient } from '../../api/client.js';
import { ConflictError, LocalValidationError, ValidationError, isApiError } from '../../api/errors.js';
import type { CreateAppRequest, CreateDocstoreRequest } from '../../api/schemas/index.js';
import { discardDraft, loadDraft, saveDraft } from '../../config/drafts.js';
import { addRecentValues, loadRecentValues } from '../../config/recents.js';
import { buildBody, valuesFromBody, valuesFromDraft } from '../../forms/body.js';
import { editAction } from '../../forms/edit.js';
import type { EditKey } from '../../forms/line-edit.js';
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
  | { readonly kind: 'confirm-leave' };

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

/** Reducer actions plus keys and suggestions, applied to the state current at that moment. */
export type ControllerAction =
  | FormAction
  | { type: 'edit'; input: string; key: EditKey }
  | { type: 'suggest'; list: readonly string[] };

export interface FormController {
  readonly state: FormState;
  /** The state after the last dispatched action (keys may arrive faster than renders). */
  readonly current: () => FormState;
  readonly dispatch: (action: ControllerAction) => void;
  readonly phase: FormPhase;
  readonly setPhase: (phase: FormPhase) => void;
  readonly notice: FormNotice | undefined;
  readonly setNotice: (notice: FormNotice | undefined) => void;
  /** Validates everything, then sends once; ignored while a request is in flight. */
  readonly submit: () => void;
  /** Writes the request body to a file for `dms create <noun> --file FILE`. */
  readonly saveAs: (path: string) => void;
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

function typedValues(values: FormValues): boolean {
  return hasValues(values);
}

export function useForm({ def, client, configDir, from, suggestions }: UseFormOptions): FormController {
  const reducer = useMemo(() => {
    const base = createFormReducer(def);
    return (state: FormState, action: ControllerAction): FormState => {
      if (action.type === 'edit') {
        const a = editAction(def, state, action.input, action.key);
        return a ? base(state, a) : state;
      }
      if (action.type === 'suggest') {
        const name = state.focus;
        if (!name || action.list.length === 0) return state;
        const v = state.values[name];
        const i = typeof v === 'string' ? action.list.indexOf(v) : -1;
        return base(state, { type: 'set', name, value: action.list[(i + 1) % action.list.length] });
      }
      return base(state, action);
    };
  }, [def]);
  const boot = useMemo(() => initial(def, configDir, from), [def, configDir, from]);
  const [state, dispatchRaw] = useReducer(reducer, boot.state);
  const [phase, setPhase] = useState<FormPhase>({ kind: 'edit' });
  const [notice, setNotice] = useState<FormNotice | undefined>(boot.notice);
  const [sent, setSent] = useState(0);
  const inFlight = useRef(false);
  const done = useRef(false);
  // --from content counts as the draft: saved straight away.
  const pending = useRef(boot.fromFile);
  const latest = useRef(state);
  latest.current = state;
  // Track the state through dispatches too, so handlers between renders see it.
  const dispatch = useCallback((action: ControllerAction) => {
    latest.current = reducer(latest.current, action);
    dispatchRaw(action);
  }, [reducer]);
  const current = useCallback(() => latest.current, []);

  const write = useCallback(() => {
    if (done.current || !pending.current) return;
    pending.current = false;
    const s = latest.current;
    try {
      saveDraft(configDir, def.id, { values: s.values as Record<string, unknown>, step: s.step });
    } catch {
      // A full or read-only disk must not break typing; the next change tries again.
      pending.current = true;
    }
  }, [configDir, def.id]);

  // Save on every change, debounced.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      if (!pending.current) return undefined;
    } else {
      if (!state.dirty && !pending.current) return undefined;
      pending.current = true;
    }
    const t = setTimeout(write, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [state.values, state.step, state.dirty, write]);

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
    const s = latest.current;
    const { body, errors } = validateForm(def, s.values, readFile);
    const count = Object.keys(errors).length;
    if (count > 0) {
      dispatch({ type: 'invalid', errors });
      const named = Object.entries(errors).slice(0, 3).map(([f, m]) => `${f} ${m.replace(/\.$/, '')}`).join(' · ');
      setNotice({ tone: 'error', text: `Not sent: ${count} field${count === 1 ? '' : 's'} to fix — ${named}${count > 3 ? ' · …' : ''}` });
      return;
    }
    // The draft is on disk before anything is sent: a crash or an error loses nothing.
    if (typedValues(s.values)) pending.current = true;
    write();
    inFlight.current = true;
    setPhase({ kind: 'sending' });
    setNotice(undefined);
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
      setPhase({ kind: 'success', uuid: result.uuid, urls: result.urls });
    }, (e: unknown) => {
      inFlight.current = false;
      if (e instanceof ValidationError) {
        const fields = errorsFromProblems(def, e.problems);
        if (Object.keys(fields).length === 0) {
          // Some 422s carry only a message; put it under the field it names, if any.
          fields[fieldNamedIn(def, e.message) ?? '(body)'] = e.message;
        }
        for (const k of Object.keys(fields)) fields[k] = client.redact(clean(fields[k]!));
        dispatch({ type: 'server-errors', errors: fields });
        setPhase({ kind: 'edit' });
        const list = Object.keys(fields).filter((f) => f !== '(body)');
        setNotice({
          tone: 'error',
          text: list.length > 0
            ? `The server rejected ${list.join(', ')} (422). Fix and press Ctrl+S again.`
            : `The server rejected the request: ${fields['(body)']}`,
        });
        return;
      }
      if (e instanceof ConflictError) {
        const field = s.values.build_pack === 'containercompose' ? 'container_compose_domains' : 'domains';
        const text = client.redact(clean([e.message, e.warning].filter(Boolean).join(' ')));
        dispatch({ type: 'server-errors', errors: { [field]: text } });
        setPhase({ kind: 'edit' });
        setNotice({ tone: 'error', text: `${text} — ${e.hint}` });
        return;
      }
      if (e instanceof LocalValidationError) {
        dispatch({ type: 'invalid', errors: errorsFromProblems(def, e.problems) });
        setPhase({ kind: 'edit' });
        return;
      }
      const message = isApiError(e) ? e.message : e instanceof Error ? e.message : String(e);
      const hint = isApiError(e) ? e.hint : '';
      setPhase({ kind: 'failed', message: client.redact(clean(message)), hint });
    });
  }, [client, configDir, def, readFile]);

  const saveAs = useCallback((path: string) => {
    const target = path.trim();
    if (target === '') return;
    const { body, problems } = buildBody(def, latest.current.values, readFile);
    if (problems.length > 0) {
      setNotice({ tone: 'error', text: `Not saved: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}` });
      return;
    }
    try {
      writeFileSync(resolve(target), `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
      setNotice({ tone: 'success', text: `Saved to ${clean(target)}. Send it later with: dms create ${def.noun} --file ${clean(target)}` });
    } catch (e) {
      setNotice({ tone: 'error', text: `Not saved: ${(e as NodeJS.ErrnoException).code ?? 'error'} writing ${clean(target)}.` });
    }
  }, [def, readFile]);

  const flush = useCallback(() => {
    if (hasValues(latest.current.values) && latest.current.dirty) pending.current = true;
    write();
  }, [write]);

  const discard = useCallback(() => {
    done.current = true;
    pending.current = false;
    try { discardDraft(configDir, def.id); } catch { /* nothing to remove */ }
  }, [configDir, def.id]);

  return { state, current, dispatch, phase, setPhase, notice, setNotice, submit, saveAs, flush, discard, suggestionsFor, sent };
}
