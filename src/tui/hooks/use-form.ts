// State and effects of a create form: the pure reducer, the draft on disk, submission, and what
// follows a creation (the whole answer, revealing and saving the credentials the server made).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DmsClient } from '../../api/client.js';
import { ConflictError, LocalValidationError, ValidationError, isApiError, mayHaveCreated } from '../../api/errors.js';
import type { CreateAppRequest, CreateDocstoreRequest } from '../../api/schemas/index.js';
import { discardDraft, inDraftsFolder, loadDraft, saveDraft } from '../../config/drafts.js';
import { pathKind, replaceFile, writeNewFile, type PathKind } from '../../config/private-file.js';
import { addRecentValues, loadRecentValues } from '../../config/recents.js';
import { buildBody, valuesFromBody, valuesFromDraft } from '../../forms/body.js';
import { answerUuid, credentialsFileName, credentialsText, type Answer } from '../../forms/created.js';
import { editAction, type FieldEdit } from '../../forms/edit.js';
import { applyLine, insertLine, lineAt, type LineCommand, type LineState } from '../input/line-edit.js';
import { createStore, useStore, type Store } from '../state/store.js';
import { createFormReducer, hasValues, initialFormState, type FormAction, type FormState } from '../../forms/reducer.js';
import type { FieldValue, FormDef, FormValues } from '../../forms/types.js';
import { errorsFromProblems, fieldNamedIn, validateForm, type FieldErrors } from '../../forms/validate.js';
import { clean } from '../../text/sanitize.js';

export const DRAFT_DEBOUNCE_MS = 250;

export type FormPhase =
  | { readonly kind: 'edit' }
  | { readonly kind: 'sending' }
  /** Created: the answer is in `created`. */
  | { readonly kind: 'success' }
  | { readonly kind: 'failed'; readonly message: string; readonly hint: string }
  /** The last request may have created the resource (`unsure`): send again (y) or not (n, back to `back`). */
  | { readonly kind: 'confirm-resend'; readonly back: FormPhase }
  | { readonly kind: 'confirm-leave' }
  /** A file to write exists: replace it (y) or keep it (n). `what`: the request body, or the new database's credentials. */
  | { readonly kind: 'confirm-overwrite'; readonly path: string; readonly what: 'body' | 'credentials' }
  /** After a creation: the name of the file the credentials go to, being typed. */
  | { readonly kind: 'save-credentials'; readonly line: LineState };

export interface FormNotice {
  readonly tone: 'info' | 'success' | 'warning' | 'error';
  readonly text: string;
}

/** Why sending stopped, shown on the line above the fields for as long as there is something to fix. */
export type Banner = 'local' | 'server' | 'conflict';

export interface Created {
  /** The whole answer (201), as the server sent it. */
  readonly answer: Answer;
  readonly uuid?: string;
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
  /** Problems stopped the last send: the line above the fields counts what is left to fix. */
  readonly banner?: Banner;
  /** What the server answered to the creation. */
  readonly created?: Created;
  /** The success screen shows the passwords the server generated. */
  readonly revealed: boolean;
  /**
   * The last request reached the server and may have created the resource (its answer lost or
   * unreadable): what was said about it. Until the user says to send again, a send asks first.
   */
  readonly unsure?: Unsure;
}

/** What was said about a request that may have created the resource. */
export interface Unsure {
  readonly message: string;
  readonly hint: string;
}

export type FormScreenAction =
  | FormAction
  | { type: 'edit'; edit: FieldEdit }
  | { type: 'suggest'; list: readonly string[] }
  | { type: 'phase'; phase: FormPhase }
  | { type: 'notice'; notice: FormNotice | undefined }
  | { type: 'banner'; banner: Banner | undefined }
  | { type: 'created'; answer: Answer }
  | { type: 'reveal' }
  | { type: 'unsure'; unsure: Unsure | undefined }
  /** An edit of the credentials file name. */
  | { type: 'save-line'; command?: LineCommand; text?: string };

/** Fields a 409 (a domain in use) is about. */
const CONFLICT_FIELDS = ['domains', 'container_compose_domains'];

export function formScreenReducer(def: FormDef) {
  const form = createFormReducer(def);
  /** After an edit of the form: the notice gives way to the banner, a conflict answered by the override goes. */
  const edited = (state: FormScreenState, next: FormState): FormScreenState => {
    if (next === state.form) return state;
    let f = next;
    if (state.banner === 'conflict' && f.values.force_domain_override === true) {
      const serverErrors = { ...f.serverErrors };
      for (const k of CONFLICT_FIELDS) delete serverErrors[k];
      f = { ...f, serverErrors };
    }
    return { ...state, form: f, notice: state.banner && next.values !== state.form.values ? undefined : state.notice };
  };
  return (state: FormScreenState, action: FormScreenAction): FormScreenState => {
    switch (action.type) {
      case 'phase': return { ...state, phase: action.phase };
      case 'notice': return { ...state, notice: action.notice };
      case 'banner': return { ...state, banner: action.banner };
      case 'created': {
        const uuid = answerUuid(action.answer);
        return { ...state, phase: { kind: 'success' }, created: uuid ? { answer: action.answer, uuid } : { answer: action.answer }, revealed: false, banner: undefined };
      }
      case 'reveal': return { ...state, revealed: !state.revealed };
      case 'unsure': return { ...state, unsure: action.unsure };
      case 'save-line': {
        if (state.phase.kind !== 'save-credentials') return state;
        const at = state.phase.line;
        const line = action.command ? applyLine(at, action.command) : action.text !== undefined ? insertLine(at, action.text) : at;
        return line === at ? state : { ...state, phase: { kind: 'save-credentials', line } };
      }
      case 'edit': {
        const a = editAction(def, state.form, action.edit);
        return a ? edited(state, form(state.form, a)) : state;
      }
      case 'suggest': {
        const name = state.form.focus;
        if (!name || action.list.length === 0) return state;
        const v = state.form.values[name];
        const i = typeof v === 'string' ? action.list.indexOf(v) : -1;
        return edited(state, form(state.form, { type: 'set', name, value: action.list[(i + 1) % action.list.length] }));
      }
      default:
        return edited(state, form(state.form, action));
    }
  };
}

/** Field → message of every problem on the form now, local and from the server. */
export function problemsOf(form: FormState): FieldErrors {
  return { ...form.errors, ...form.serverErrors };
}

/** Problems in the order of the form's steps and fields; request-wide ones last. */
export function orderedProblems(def: FormDef, problems: FieldErrors): [string, string][] {
  const out: [string, string][] = [];
  const seen = new Set<string>();
  for (const step of def.steps) {
    for (const f of step.fields) {
      if (problems[f] !== undefined && !seen.has(f)) { out.push([f, problems[f]!]); seen.add(f); }
    }
  }
  for (const [f, m] of Object.entries(problems)) if (!seen.has(f)) out.push([f, m]);
  return out;
}

/** The banner's line: what stopped the send and how much is left to fix; it follows the fixes. */
export function bannerOf(def: FormDef, state: FormScreenState): FormNotice | undefined {
  if (!state.banner || state.phase.kind !== 'edit') return undefined;
  const list = orderedProblems(def, problemsOf(state.form));
  if (list.length === 0) return { tone: 'success', text: 'Everything is fixed: Ctrl+S sends.' };
  const n = list.length;
  const fields = `${n} field${n === 1 ? '' : 's'}`;
  // One problem: its message too; several: their fields (each message is under its field).
  const one = ([f, m]: [string, string]) => {
    const text = m.replace(/\.$/, '');
    return f === '(body)' ? text : /^[a-z]/.test(text) ? `${f} ${text}` : `${f}: ${text}`;
  };
  const named = n === 1 ? one(list[0]!) : list.slice(0, 5).map(([f]) => f).join(' · ') + (n > 5 ? ' · …' : '');
  switch (state.banner) {
    case 'local':
      return { tone: 'error', text: `Not sent: ${fields} to fix — ${named}` };
    case 'conflict':
      return { tone: 'error', text: 'Not sent (409): a domain is in use — change it, or turn on Force domain override (this step).' };
    case 'server':
      if (n === 1 && list[0]![0] === '(body)') return { tone: 'error', text: `The server rejected the request: ${list[0]![1]}` };
      return { tone: 'error', text: `The server refused ${fields} (422): ${named}` };
  }
}

/** Notes pointing at a field that answers a problem: the force override, after a 409. */
export function notesOf(state: FormScreenState): Readonly<Record<string, string>> {
  if (state.banner !== 'conflict' || !CONFLICT_FIELDS.some((f) => state.form.serverErrors[f])) return {};
  return { force_domain_override: 'turn this on (Space) to use the domain anyway, then Ctrl+S' };
}

export interface FormController {
  readonly state: FormScreenState;
  /** Keys read the state here: every key sees what the keys before it did. */
  readonly store: Store<FormScreenState, FormScreenAction>;
  /**
   * Validates everything, then sends once; ignored while a request is in flight. After a request
   * that may have created the resource, asks first (phase `confirm-resend`) unless `confirmed`.
   */
  readonly submit: (confirmed?: boolean) => void;
  /**
   * Writes the request body to a new file (mode 0600) for `dms create <noun> --file FILE`; when
   * the file exists, asks first (phase `confirm-overwrite`); never writes through a symlink.
   */
  readonly saveAs: (path: string) => void;
  /** Writes the creation's answer, passwords included, to a new file (mode 0600); asks before replacing one. */
  readonly saveCredentials: (path: string) => void;
  /** Starts typing the credentials file's name (a name is offered). */
  readonly startSaveCredentials: () => void;
  /** The answer to `confirm-overwrite`: replace the file with a new 0600 one, or keep it. */
  readonly answerOverwrite: (replace: boolean) => void;
  /** Writes the draft now (leaving the screen). */
  readonly flush: () => void;
  readonly discard: () => void;
  /** Recent and given values per field, newest first. */
  readonly suggestionsFor: (field: string) => readonly string[];
  /** Whether a value of a field is one of its recent values, or one given (the demo's sample data). */
  readonly recalledFrom: (field: string, value: string) => ValueOrigin | undefined;
  /** What the form started with: leaving a form that still holds only this asks nothing. */
  readonly base: FormValues;
  /** Number of POSTs sent (tests). */
  readonly sent: number;
}

interface Boot { state: FormState; notice?: FormNotice; fromFile: boolean; base: FormValues }

/** Values to offer per field: from recent creations, and given by the caller (the demo's sample data). */
interface Recall {
  readonly recent: (field: string) => readonly string[];
  readonly given: (field: string) => readonly string[];
}

/** Where an offered value came from: a recent creation, or the demo's sample data. */
export type ValueOrigin = 'recent' | 'sample';

function initial(def: FormDef, configDir: string, from: Record<string, unknown> | undefined, recalled: Recall): Boot {
  if (from) {
    const { values, unknown } = valuesFromBody(def, from);
    const extra = unknown.length > 0 ? ` Not fields of this request, left out: ${unknown.map(clean).join(', ')}.` : '';
    return { state: initialFormState(def, values), notice: { tone: unknown.length > 0 ? 'warning' : 'info', text: `Filled in from the file.${extra}` }, fromFile: true, base: {} };
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
      base: {},
    };
  }
  // A new form: where from the last creation (or the demo's sample data), the rest from the form's
  // defaults — values, all sent.
  const values: Record<string, FieldValue> = {};
  const fromRecent: string[] = [];
  const fromSample: string[] = [];
  const quick = def.steps.find((s) => s.quick)?.fields ?? [];
  for (const step of def.steps) {
    for (const name of step.fields) {
      const take = def.fields[name]?.recent && quick.includes(name);
      const recent = take ? recalled.recent(name)[0] : undefined;
      const sample = take && recent === undefined ? recalled.given(name)[0] : undefined;
      const value = recent ?? sample ?? def.defaultOf(name, values);
      if (recent !== undefined) fromRecent.push(def.fields[name]!.label.toLowerCase());
      if (sample !== undefined) fromSample.push(def.fields[name]!.label.toLowerCase());
      if (value !== undefined) values[name] = value;
    }
  }
  const said = [
    fromRecent.length > 0 ? `${fromRecent.join(', ')} as last time` : '',
    fromSample.length > 0 ? `${fromSample.join(', ')} from the demo's sample data` : '',
  ].filter(Boolean).join('; ');
  const notice: FormNotice | undefined = said !== ''
    ? { tone: 'info', text: `${said} (Ctrl+R: others). What is shown is sent; Ctrl+S sends.`.replace(/^./, (c) => c.toUpperCase()) }
    : undefined;
  return notice ? { state: initialFormState(def, values), notice, fromFile: false, base: values } : { state: initialFormState(def, values), fromFile: false, base: values };
}

export function useForm({ def, client, configDir, from, suggestions }: UseFormOptions): FormController {
  const recent = useMemo(() => {
    try {
      return loadRecentValues(configDir);
    } catch {
      return {};
    }
  }, [configDir]);
  const recall = useMemo<Recall>(() => {
    const list = (values: readonly string[] | undefined) => (values ?? []).map(clean).filter((v) => v !== '');
    return { recent: (field) => list(recent[field]), given: (field) => list(suggestions?.[field]) };
  }, [recent, suggestions]);
  const suggestionsFor = useCallback((field: string) => [...new Set([...recall.recent(field), ...recall.given(field)])], [recall]);
  const recalledFrom = useCallback((field: string, value: string): ValueOrigin | undefined => {
    if (recall.recent(field).includes(value)) return 'recent';
    return recall.given(field).includes(value) ? 'sample' : undefined;
  }, [recall]);

  const [store] = useState(() => {
    const boot = initial(def, configDir, from, recall);
    // --from content counts as the draft: saved straight away.
    return {
      store: createStore(formScreenReducer(def), { form: boot.state, phase: { kind: 'edit' }, notice: boot.notice, revealed: false } as FormScreenState),
      fromFile: boot.fromFile,
      base: boot.base,
    };
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

  const readFile = useCallback((path: string) => readFileSync(resolve(path), 'utf8'), []);

  const submit = useCallback((confirmed = false) => {
    if (inFlight.current || done.current) return;
    const screen = store.store.get();
    const s = screen.form;
    const { body, errors } = validateForm(def, s.values, readFile);
    if (Object.keys(errors).length > 0) {
      // Every problem at once; the banner counts them and follows the fixes; focus goes to the first.
      set({ type: 'invalid', errors });
      set({ type: 'notice', notice: undefined });
      set({ type: 'banner', banner: 'local' });
      if (screen.phase.kind !== 'edit') set({ type: 'phase', phase: { kind: 'edit' } });
      return;
    }
    // The last request may have made it: a second one is sent only when the user says so.
    if (screen.unsure && !confirmed) {
      set({ type: 'phase', phase: { kind: 'confirm-resend', back: screen.phase.kind === 'confirm-resend' ? screen.phase.back : screen.phase } });
      return;
    }
    set({ type: 'unsure', unsure: undefined });
    // The draft is on disk before anything is sent: a crash or an error loses nothing.
    if (hasValues(s.values)) pending.current = true;
    write();
    inFlight.current = true;
    set({ type: 'phase', phase: { kind: 'sending' } });
    set({ type: 'notice', notice: undefined });
    set({ type: 'banner', banner: undefined });
    setSent((n) => n + 1);
    // Sent once: never again on its own (a second POST would make a second resource).
    const request: Promise<Answer> = def.id === 'create-app'
      ? client.createPublicApplication(body as CreateAppRequest)
      : client.createDocstore(body as CreateDocstoreRequest);
    request.then((answer) => {
      inFlight.current = false;
      done.current = true;
      try { discardDraft(configDir, def.id); } catch { /* the draft stays; harmless */ }
      addRecentValues(configDir, Object.fromEntries(
        Object.entries(s.values).filter(([, v]) => typeof v === 'string') as [string, string][],
      ));
      set({ type: 'notice', notice: undefined });
      set({ type: 'created', answer });
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
        set({ type: 'banner', banner: 'server' });
        return;
      }
      if (e instanceof ConflictError) {
        // The whole message under the field, and a pointer to the override on the same step.
        const field = s.values.build_pack === 'containercompose' ? 'container_compose_domains' : 'domains';
        const text = client.redact(clean([e.message, e.warning].filter(Boolean).join(' ')));
        set({ type: 'server-errors', errors: { [field]: text } });
        set({ type: 'phase', phase: { kind: 'edit' } });
        set({ type: 'banner', banner: 'conflict' });
        return;
      }
      if (e instanceof LocalValidationError) {
        set({ type: 'invalid', errors: errorsFromProblems(def, e.problems) });
        set({ type: 'phase', phase: { kind: 'edit' } });
        set({ type: 'banner', banner: 'local' });
        return;
      }
      const message = client.redact(clean(isApiError(e) ? e.message : e instanceof Error ? e.message : String(e)));
      const hint = isApiError(e) ? e.hint : '';
      if (mayHaveCreated(e)) set({ type: 'unsure', unsure: { message, hint } });
      set({ type: 'phase', phase: { kind: 'failed', message, hint } });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `set` dispatches to the store, which never changes.
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
  const saved = useCallback((target: string, verb: string, what: 'body' | 'credentials') => notice('success', what === 'body'
    ? `${verb} ${clean(target)} (mode 0600). Send it later with: dms create ${def.noun} --file ${shellWord(target)}`
    : `${verb} ${clean(resolve(target))} (mode 0600): the connection URLs with their passwords.`), [def.noun, notice]);

  /** Writes `text` for the user to a new file, or asks before replacing one; says what happened. */
  const writeFor = useCallback((path: string, what: 'body' | 'credentials', text: () => string | undefined, back: FormPhase) => {
    const target = path.trim();
    if (target === '') return false;
    const full = resolve(target);
    if (what === 'credentials' && inDraftsFolder(configDir, full)) {
      notice('error', 'Not saved: that is the drafts folder; choose another place for the credentials.');
      return false;
    }
    let kind: PathKind;
    try {
      kind = pathKind(full);
    } catch (e) {
      notice('error', `Not saved: cannot check ${clean(target)} (${(e as NodeJS.ErrnoException).code ?? 'error'}).`);
      return false;
    }
    if (kind === 'file') {
      // It may hold secrets in clear: an existing file is replaced only when the user says so.
      if (text() === undefined) return false;
      store.store.dispatch({ type: 'notice', notice: undefined });
      store.store.dispatch({ type: 'phase', phase: { kind: 'confirm-overwrite', path: target, what } });
      return true;
    }
    if (kind !== 'none') {
      // Short: the notice is one line, and the path comes first.
      notice('error', `Not saved: ${clean(target)} ${kind === 'symlink' ? 'is a symbolic link; dms never writes through one' : kind === 'folder' ? 'is a folder' : 'is not a regular file'}.`);
      return false;
    }
    const data = text();
    if (data === undefined) return false;
    // Created new at 0600 with O_EXCL: a file or symlink put there meanwhile is refused, not followed.
    const why = writeNewFile(full, data);
    store.store.dispatch({ type: 'phase', phase: back });
    if (why) notice('error', `Not saved: ${clean(why)}`);
    else saved(target, 'Saved to', what);
    return true;
  }, [configDir, notice, saved, store]);

  const saveAs = useCallback((path: string) => { writeFor(path, 'body', bodyText, { kind: 'edit' }); }, [bodyText, writeFor]);

  const credentials = useCallback((): string | undefined => {
    const created = store.store.get().created;
    return created ? credentialsText(created.answer) : undefined;
  }, [store]);

  const saveCredentials = useCallback((path: string) => {
    if (path.trim() === '') {
      notice('info', 'Type a file name first, then Enter saves the credentials there.');
      return;
    }
    writeFor(path, 'credentials', credentials, { kind: 'success' });
  }, [credentials, notice, writeFor]);

  const startSaveCredentials = useCallback(() => {
    const created = store.store.get().created;
    if (!created) return;
    store.store.dispatch({ type: 'notice', notice: undefined });
    store.store.dispatch({ type: 'phase', phase: { kind: 'save-credentials', line: lineAt(credentialsFileName(created.answer)) } });
  }, [store]);

  const answerOverwrite = useCallback((replace: boolean) => {
    const phase = store.store.get().phase;
    if (phase.kind !== 'confirm-overwrite') return;
    const back: FormPhase = phase.what === 'body' ? { kind: 'edit' } : { kind: 'success' };
    store.store.dispatch({ type: 'phase', phase: back });
    if (!replace) {
      notice('info', `Kept ${clean(phase.path)} as it was; nothing was saved.`);
      return;
    }
    const text = phase.what === 'body' ? bodyText() : credentials();
    if (text === undefined) return;
    const why = replaceFile(resolve(phase.path), text);
    if (why) notice('error', `Not saved: ${clean(why)}`);
    else saved(phase.path, 'Replaced', phase.what);
  }, [bodyText, credentials, notice, saved, store]);

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

  return {
    state, store: store.store, submit, saveAs, saveCredentials, startSaveCredentials, answerOverwrite, flush, discard,
    suggestionsFor, recalledFrom, base: store.base, sent,
  };
}

/** A path as a shell word: as it is when plain, else in single quotes. */
function shellWord(path: string): string {
  const text = clean(path);
  return /^[\w./~@%+=:,-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}
