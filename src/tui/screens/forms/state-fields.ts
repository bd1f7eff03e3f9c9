// The form's fields as a pure reducer: focus, values, touched, errors, step, server errors. The
// screen's reducer (state.ts) wraps it; edits of the focused field become its actions in state-edit.ts.
import type { ComposeRow, FieldValue, FormDef, FormValues } from '../../../forms/types.js';
import { firstErrorField, type FieldErrors } from '../../../forms/problems.js';
import { validateField, validateForm } from '../../../forms/validate.js';
import { emptyRow, isSet, normaliseRepository, visibleFields } from '../../../forms/values.js';

export interface FormState {
  readonly step: number;
  /** Focused field name. */
  readonly focus: string | undefined;
  /** Cursor in the focused text field. */
  readonly cursor: number;
  /** Focused cell of the compose domains editor: row * 3 + column. */
  readonly cell: number;
  readonly values: FormValues;
  readonly touched: Readonly<Record<string, boolean>>;
  /** Local messages (when a field is left, and on submit). */
  readonly errors: FieldErrors;
  /** Messages from the server; each stays until its field is edited. */
  readonly serverErrors: FieldErrors;
  /** Changed since opened or restored. */
  readonly dirty: boolean;
  /**
   * A send was refused (locally): from then on every edit checks the whole form again, so the
   * messages and their count follow the fixes on every step.
   */
  readonly checking: boolean;
}

export type FormAction =
  | { type: 'set'; name: string; value: FieldValue | undefined; cursor?: number }
  | { type: 'cursor'; cursor: number }
  | { type: 'next' }
  | { type: 'prev' }
  | { type: 'step'; delta: number }
  | { type: 'goto'; step: number; field?: string }
  | { type: 'focus'; field: string }
  | { type: 'invalid'; errors: FieldErrors }
  | { type: 'server-errors'; errors: FieldErrors }
  | { type: 'row-add' }
  | { type: 'row-remove' }
  | { type: 'load'; values: FormValues; step?: number; dirty?: boolean }
  | { type: 'saved' };

export const CELLS = 3;

function lengthOf(v: FieldValue | undefined): number {
  return typeof v === 'string' ? v.length : 0;
}

export function initialFormState(def: FormDef, values: FormValues = {}, step = 0): FormState {
  const s = Math.max(0, Math.min(step, def.steps.length - 1));
  const focus = visibleFields(def, s, values)[0];
  return {
    step: s,
    focus,
    cursor: lengthOf(focus ? values[focus] : undefined),
    cell: 0,
    values,
    touched: {},
    errors: {},
    serverErrors: {},
    dirty: false,
    checking: false,
  };
}

/** Where a field lives: its step. */
export function stepOf(def: FormDef, field: string): number {
  return def.fields[field]?.step ?? 0;
}

function rowsOf(values: FormValues, name: string): readonly ComposeRow[] {
  const v = values[name];
  return Array.isArray(v) ? v : [];
}

/** Leaving a field: normalise it and check it. */
function leave(def: FormDef, state: FormState): FormState {
  const name = state.focus;
  if (!name) return state;
  let values = state.values;
  if (name === 'git_repository' && typeof values.git_repository === 'string' && values.git_repository.trim() !== '') {
    const repo = normaliseRepository(values.git_repository);
    if (repo.url !== values.git_repository || repo.branch) {
      values = { ...values, git_repository: repo.url, ...(repo.branch ? { git_branch: repo.branch } : {}) };
    }
  }
  const msg = validateField(def, name, values);
  const errors = { ...state.errors };
  if (msg) errors[name] = msg;
  else delete errors[name];
  if (values !== state.values && values.git_branch !== state.values.git_branch) {
    const b = validateField(def, 'git_branch', values);
    if (b) errors.git_branch = b;
    else delete errors.git_branch;
  }
  return { ...state, values, errors, touched: { ...state.touched, [name]: true }, dirty: state.dirty || values !== state.values };
}

function focusAt(def: FormDef, state: FormState, step: number, field: string | undefined, cellAtEnd = false): FormState {
  const name = field ?? visibleFields(def, step, state.values)[0];
  const rows = name ? rowsOf(state.values, name).length : 0;
  return {
    ...state,
    step,
    focus: name,
    cursor: lengthOf(name ? state.values[name] : undefined),
    cell: cellAtEnd && rows > 0 ? rows * CELLS - 1 : 0,
  };
}

export function createFormReducer(def: FormDef) {
  return function formReducer(state: FormState, action: FormAction): FormState {
    switch (action.type) {
      case 'set':
        return setValue(def, state, action);
      case 'cursor':
        return { ...state, cursor: action.cursor };
      case 'next':
        return nextField(def, state);
      case 'prev':
        return prevField(def, state);
      case 'step':
      case 'goto':
      case 'focus':
        return jump(def, state, action);
      case 'invalid':
      case 'server-errors':
        return withMessages(def, state, action);
      case 'row-add':
        return addRow(def, state);
      case 'row-remove':
        return removeRow(def, state);
      case 'load': {
        const s = initialFormState(def, action.values, action.step ?? 0);
        return { ...s, dirty: action.dirty ?? false };
      }
      case 'saved':
        return { ...state, dirty: false };
      default:
        return state;
    }
  };
}

type ActionOf<T extends FormAction['type']> = Extract<FormAction, { type: T }>;

/** An edit: the value set, its server message gone, its local message checked again. */
function setValue(def: FormDef, state: FormState, action: ActionOf<'set'>): FormState {
  const values = withDefaultsFollowing(def, state.values, action.name, action.value);
  const serverErrors = { ...state.serverErrors };
  delete serverErrors[action.name];
  const errors = { ...state.errors };
  // A field with a message is re-checked as it is edited, so the message goes once fixed.
  if (errors[action.name] !== undefined) {
    const msg = validateField(def, action.name, values);
    if (msg) errors[action.name] = msg;
    else delete errors[action.name];
  }
  if (action.name === 'environment_name' || action.name === 'environment_uuid') {
    delete errors.environment_name;
    delete serverErrors.environment_name;
  }
  delete errors['(body)'];
  return recheck(def, {
    ...state,
    values,
    errors,
    serverErrors,
    dirty: true,
    cursor: action.cursor ?? (action.name === state.focus ? lengthOf(action.value) : state.cursor),
  });
}

/** The next cell of the domains editor, else the next field, else the first of the next step. */
function nextField(def: FormDef, state: FormState): FormState {
  const rows = state.focus ? rowsOf(state.values, state.focus).length : 0;
  if (def.fields[state.focus ?? '']?.kind === 'domains' && state.cell < rows * CELLS - 1) {
    return { ...state, cell: state.cell + 1 };
  }
  const left = leave(def, state);
  const fields = visibleFields(def, left.step, left.values);
  const i = left.focus ? fields.indexOf(left.focus) : -1;
  if (i >= 0 && i < fields.length - 1) return focusAt(def, left, left.step, fields[i + 1]);
  if (left.step < def.steps.length - 1) return focusAt(def, left, left.step + 1, undefined);
  return left;
}

/** The cell before in the domains editor, else the field before, else the last of the step before. */
function prevField(def: FormDef, state: FormState): FormState {
  if (def.fields[state.focus ?? '']?.kind === 'domains' && state.cell > 0) return { ...state, cell: state.cell - 1 };
  const left = leave(def, state);
  const fields = visibleFields(def, left.step, left.values);
  const i = left.focus ? fields.indexOf(left.focus) : -1;
  if (i > 0) return focusAt(def, left, left.step, fields[i - 1], true);
  if (left.step > 0) {
    const prevFields = visibleFields(def, left.step - 1, left.values);
    return focusAt(def, left, left.step - 1, prevFields[prevFields.length - 1], true);
  }
  return left;
}

/** Another step (by a delta or by number) or a named field: the focused field is left first. */
function jump(def: FormDef, state: FormState, action: ActionOf<'step' | 'goto' | 'focus'>): FormState {
  const last = def.steps.length - 1;
  switch (action.type) {
    case 'step': {
      const to = Math.max(0, Math.min(last, state.step + action.delta));
      if (to === state.step) return state;
      return focusAt(def, leave(def, state), to, undefined);
    }
    case 'goto':
      return focusAt(def, leave(def, state), Math.max(0, Math.min(last, action.step)), action.field);
    case 'focus':
      return focusAt(def, leave(def, state), stepOf(def, action.field), action.field);
  }
}

/** A refused send's messages (every field counts as touched) or the server's: the first is focused. */
function withMessages(def: FormDef, state: FormState, action: ActionOf<'invalid' | 'server-errors'>): FormState {
  const next =
    action.type === 'invalid'
      ? {
          ...state,
          errors: action.errors,
          checking: true,
          touched: Object.fromEntries(Object.keys(def.fields).map((k) => [k, true])),
        }
      : { ...state, serverErrors: action.errors };
  const first = firstErrorField(def, { ...next.errors, ...next.serverErrors });
  if (!first || !def.fields[first]) return next;
  return focusAt(def, next, stepOf(def, first), first);
}

/** A new row at the end of the focused domains editor, its first cell focused. */
function addRow(def: FormDef, state: FormState): FormState {
  const name = state.focus;
  if (!name || def.fields[name]?.kind !== 'domains') return state;
  const rows = [...rowsOf(state.values, name), emptyRow()];
  const serverErrors = { ...state.serverErrors };
  delete serverErrors[name];
  return recheck(def, {
    ...state,
    values: { ...state.values, [name]: rows },
    serverErrors,
    cell: (rows.length - 1) * CELLS,
    cursor: 0,
    dirty: true,
  });
}

/** The focused row of the domains editor removed (the field emptied with its last row). */
function removeRow(def: FormDef, state: FormState): FormState {
  const name = state.focus;
  if (!name || def.fields[name]?.kind !== 'domains') return state;
  const rows = [...rowsOf(state.values, name)];
  if (rows.length === 0) return state;
  const row = Math.floor(state.cell / CELLS);
  rows.splice(row, 1);
  const values = { ...state.values };
  if (rows.length === 0) delete values[name];
  else values[name] = rows;
  const errors = { ...state.errors };
  delete errors[name];
  return recheck(def, {
    ...state,
    values,
    errors,
    cell: Math.max(0, Math.min(row, rows.length - 1)) * CELLS,
    cursor: 0,
    dirty: true,
  });
}

/**
 * The values with one field set (undefined: emptied), and the defaults that follow it moved along:
 * a field still holding its default gets the new default (the port 3000 becomes 80 when the build
 * pack becomes static), one the user changed is left alone.
 */
export function withDefaultsFollowing(def: FormDef, before: FormValues, name: string, value: FieldValue | undefined): FormValues {
  const values: Record<string, FieldValue | undefined> = { ...before };
  if (value === undefined) delete values[name];
  else values[name] = value;
  for (const field of def.requestFields) {
    if (field === name) continue;
    const was = def.defaultOf(field, before);
    if (was === undefined || before[field] !== was) continue;
    const now = def.defaultOf(field, values);
    if (now === was) continue;
    if (now === undefined) delete values[field];
    else values[field] = now;
  }
  return values;
}

/** After an edit, once a send was refused: every message again, from the whole form. */
function recheck(def: FormDef, state: FormState): FormState {
  if (!state.checking) return state;
  return { ...state, errors: validateForm(def, state.values).errors };
}

/** Whether anything was typed at all (a wizard with values asks before it is left). */
export function hasValues(values: FormValues): boolean {
  return Object.values(values).some((v) => isSet(v));
}
