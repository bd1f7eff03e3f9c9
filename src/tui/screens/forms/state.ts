// The create form's screen as a pure reducer: its fields (state-fields.ts, edited through
// state-edit.ts), the phase it is in, the notice above the fields, the banner that counts what is
// left to fix, and the server's answer; with the selectors the keys and the view read. No React, no Ink.
import { CONFLICT_FIELDS, type CreateFailure } from '../../errors.js';
import { answerUuid, hasSecrets, type Answer } from '../../../forms/created.js';
import type { FieldValue, FormDef, FormValues } from '../../../forms/types.js';
import type { FieldErrors } from '../../../forms/problems.js';
import { isSet } from '../../../forms/values.js';
import { applyLine, insertLine, type LineCommand, type LineState } from '../../input/line-edit.js';
import { editAction, type FieldEdit } from './state-edit.js';
import { createFormReducer, type FormAction, type FormState } from './state-fields.js';

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
  | { readonly kind: 'save-credentials'; readonly line: LineState }
  /** Leaving (`close`) or quitting (`quit`) before the password sent once was shown or saved: asked first. */
  | { readonly kind: 'confirm-lose'; readonly then: 'close' | 'quit' }
  /** Another dms wrote this form's draft (at `savedAt`) since this one loaded or saved it: keep yours, or load theirs. */
  | { readonly kind: 'draft-conflict'; readonly savedAt: string };

export interface FormNotice {
  readonly tone: 'info' | 'success' | 'warning' | 'error';
  readonly text: string;
}

/** Why sending stopped, shown on the line above the fields for as long as there is something to fix. */
export type Banner = 'local' | 'server' | 'conflict';

/** Said over an answer the server sent in a shape dms does not read (it was created all the same). */
export const UNREADABLE_ANSWER: FormNotice = {
  tone: 'warning',
  text: 'Created, but the answer is not in the shape dms reads: shown as the server sent it; w saves it whole.',
};

export interface Created {
  /** The whole answer (201), as the server sent it. */
  readonly answer: Answer;
  readonly uuid?: string;
  /** The body as sent (the token taken out), when dms could not read it as the answer it knows: saved whole by `w`. */
  readonly raw?: string;
}

/** What was said about a request that may have created the resource. */
export interface Unsure {
  readonly message: string;
  readonly hint: string;
}

/** The form screen's state: the fields, where the screen is, the line above the fields. */
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
  /** The generated password was shown or saved since the creation: leaving does not lose it unseen. */
  readonly kept?: boolean;
  /**
   * The last request reached the server and may have created the resource (its answer lost or
   * unreadable): what was said about it. Until the user says to send again, a send asks first.
   */
  readonly unsure?: Unsure;
}

export type FormScreenAction =
  | FormAction
  | { type: 'edit'; edit: FieldEdit }
  | { type: 'suggest'; list: readonly string[] }
  | { type: 'phase'; phase: FormPhase }
  | { type: 'notice'; notice: FormNotice | undefined }
  | { type: 'reveal' }
  /** The credentials were saved to a file. */
  | { type: 'kept' }
  /** An edit of the credentials file name. */
  | { type: 'save-line'; command?: LineCommand; text?: string }
  /** dms's own check stopped a send: every problem under its field, counted by the banner. */
  | { type: 'refused'; errors: FieldErrors }
  /** A send after a request that may have created the resource: asks first. */
  | { type: 'ask-resend' }
  /** The request is on its way. */
  | { type: 'sending' }
  | { type: 'created'; answer: Answer; raw?: string }
  /** Another dms's draft replaces the fields (its values, at its step), said in `notice`. */
  | { type: 'load-draft'; form: FormState; notice: FormNotice }
  | { type: 'not-created'; failure: CreateFailure };

/** The screen as it opens: editing `form`, with `notice` above the fields. */
export function formScreenState(form: FormState, notice?: FormNotice): FormScreenState {
  return { form, phase: { kind: 'edit' }, notice, revealed: false };
}

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
  const reduce = (state: FormScreenState, action: FormScreenAction): FormScreenState => {
    switch (action.type) {
      case 'phase':
        return { ...state, phase: action.phase };
      case 'notice':
        return { ...state, notice: action.notice };
      case 'reveal':
        return { ...state, revealed: !state.revealed, kept: state.kept || !state.revealed };
      case 'kept':
        return { ...state, kept: true };
      case 'load-draft':
        return { ...state, form: action.form, notice: action.notice, banner: undefined, phase: { kind: 'edit' } };
      case 'refused': {
        // Every problem at once; the banner counts them and follows the fixes; focus goes to the first.
        const s = reduce(state, { type: 'invalid', errors: action.errors });
        return { ...s, notice: undefined, banner: 'local', phase: s.phase.kind === 'edit' ? s.phase : { kind: 'edit' } };
      }
      case 'ask-resend':
        return {
          ...state,
          phase: { kind: 'confirm-resend', back: state.phase.kind === 'confirm-resend' ? state.phase.back : state.phase },
        };
      case 'sending':
        return { ...state, unsure: undefined, phase: { kind: 'sending' }, notice: undefined, banner: undefined };
      case 'created': {
        const uuid = answerUuid(action.answer);
        const created: Created = {
          answer: action.answer,
          ...(uuid ? { uuid } : {}),
          ...(action.raw !== undefined ? { raw: action.raw } : {}),
        };
        return {
          ...state,
          notice: action.raw !== undefined ? UNREADABLE_ANSWER : undefined,
          phase: { kind: 'success' },
          created,
          revealed: false,
          kept: false,
          banner: undefined,
        };
      }
      case 'not-created': {
        const f = action.failure;
        if (f.kind === 'request') {
          const { message, hint } = f;
          return { ...state, unsure: f.mayHaveCreated ? { message, hint } : state.unsure, phase: { kind: 'failed', message, hint } };
        }
        const s = reduce(state, f.by === 'local' ? { type: 'invalid', errors: f.errors } : { type: 'server-errors', errors: f.errors });
        return { ...s, phase: { kind: 'edit' }, banner: f.by };
      }
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
  return reduce;
}

/**
 * Whether leaving the success screen now would lose a new database's password unseen: the server
 * sends it once, and it was neither shown nor saved (leaving asks first).
 */
export function losesPassword(def: FormDef, state: FormScreenState): boolean {
  return def.id === 'create-docstore' && state.created !== undefined && !state.kept && hasSecrets(state.created.answer);
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
      if (problems[f] !== undefined && !seen.has(f)) {
        out.push([f, problems[f]!]);
        seen.add(f);
      }
    }
  }
  for (const [f, m] of Object.entries(problems)) if (!seen.has(f)) out.push([f, m]);
  return out;
}

/** The steps that hold a problem (the step bar marks them). */
export function failingSteps(def: FormDef, problems: FieldErrors): ReadonlySet<number> {
  return new Set(
    Object.keys(problems)
      .filter((f) => def.fields[f])
      .map((f) => def.fields[f]!.step),
  );
}

/** Whether a 409 left its message under a field that Force domain override answers. */
export function conflictShown(state: FormScreenState): boolean {
  return state.banner === 'conflict' && CONFLICT_FIELDS.some((f) => state.form.serverErrors[f]);
}

/** Whether anything was typed beyond what the form started with (`base`: its defaults and recalled values). */
export function typedAnything(values: FormValues, base: FormValues = {}): boolean {
  const keys = new Set([...Object.keys(values), ...Object.keys(base)]);
  return [...keys].some((k) => (isSet(values[k]) || isSet(base[k])) && JSON.stringify(values[k]) !== JSON.stringify(base[k]));
}

/** Where an offered value came from: a recent creation, or the demo's sample data. */
export type ValueOrigin = 'recent' | 'sample';

/** Where a value on screen came from when the form filled it in: a default of the form, a recent value, the demo's sample data. */
export type ValueMark = 'default' | ValueOrigin;

/** How a field's value got there (both are sent): recalled, or the form's default; undefined when typed or empty. */
export function valueMark(
  def: FormDef,
  values: FormValues,
  name: string,
  recalledFrom: (field: string, value: string) => ValueOrigin | undefined,
): ValueMark | undefined {
  const v = values[name];
  if (v === undefined || !isSet(v)) return undefined;
  const origin = def.fields[name]?.recent && typeof v === 'string' ? recalledFrom(name, v) : undefined;
  if (origin) return origin;
  return v === def.defaultOf(name, values) ? 'default' : undefined;
}

/** Values to offer per field: from recent creations, and given by the caller (the demo's sample data). */
export interface Recall {
  readonly recent: (field: string) => readonly string[];
  readonly given: (field: string) => readonly string[];
}

/** A new form's values: where-fields of the quick step from the last creation (or the sample data), the rest the form's defaults. */
export function recalledValues(def: FormDef, recall: Recall): { values: FormValues; fromRecent: string[]; fromSample: string[] } {
  const values: Record<string, FieldValue> = {};
  const fromRecent: string[] = [];
  const fromSample: string[] = [];
  const quick = def.steps.find((s) => s.quick)?.fields ?? [];
  for (const step of def.steps) {
    for (const name of step.fields) {
      const take = def.fields[name]?.recent && quick.includes(name);
      const recent = take ? recall.recent(name)[0] : undefined;
      const sample = take && recent === undefined ? recall.given(name)[0] : undefined;
      const value = recent ?? sample ?? def.defaultOf(name, values);
      if (recent !== undefined) fromRecent.push(name);
      if (sample !== undefined) fromSample.push(name);
      if (value !== undefined) values[name] = value;
    }
  }
  return { values, fromRecent, fromSample };
}

/**
 * The fields shown, from `lo` to `hi`: around the focused one (`focus`, an index), as many as fit
 * `budget` lines (two kept for the `↑ n more` and `↓ n more` lines).
 */
export function fieldsThatFit(heights: readonly number[], focus: number, budget: number): { lo: number; hi: number } {
  let lo = focus;
  let hi = focus;
  let used = heights[focus] ?? 0;
  for (let grew = true; grew;) {
    grew = false;
    if (hi + 1 < heights.length && used + heights[hi + 1]! <= budget - 2) {
      hi += 1;
      used += heights[hi]!;
      grew = true;
    }
    if (lo > 0 && used + heights[lo - 1]! <= budget - 2) {
      lo -= 1;
      used += heights[lo]!;
      grew = true;
    }
  }
  return { lo, hi };
}
