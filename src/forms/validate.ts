// Validation per field (when leaving it) and for the whole form (on submit), with the
// client's own zod schemas and cross-field rules.
import { fieldProblems } from '../api/schemas/issues.js';
import { buildBody, requestValue, type ReadFile } from './body.js';
import type { FieldValue, FormDef, FormValues, Problem } from './types.js';
import { isSet, isVisible } from './values.js';

export type Validator = (value: FieldValue | undefined) => string | undefined;
export type FieldErrors = Readonly<Record<string, string>>;

/** The validator of one field: `(value) => message | undefined`. */
export function fieldValidator(def: FormDef, name: string): Validator {
  const meta = def.fields[name];
  const schema = def.schemaOf(name);
  const required = def.required.includes(name);
  return (value) => {
    if (!meta || meta.kind === 'save-as') return undefined;
    if (value === undefined || !isSet(value) || (typeof value === 'string' && meta.kind !== 'multiline' && value.trim() === '')) {
      return required ? 'is required.' : undefined;
    }
    // Files are read only when the request is built.
    const r = requestValue(def, name, value);
    if (r.problem) return meta.kind === 'multiline' ? undefined : r.problem;
    if (!schema) return undefined;
    const parsed = schema.safeParse(r.value, { reportInput: true });
    if (parsed.success) return undefined;
    const p = fieldProblems(parsed.error)[0];
    if (!p) return 'is not valid.';
    return p.field === '(body)' ? p.message : `${describePath(p.field)}${p.message}`;
  };
}

/** `0.name` → `row 1 name `. */
function describePath(path: string): string {
  const parts = path.split('.');
  if (parts.length >= 2 && /^\d+$/.test(parts[0]!)) return `row ${Number(parts[0]) + 1} ${parts.slice(1).join('.')} `;
  return '';
}

export function validateField(def: FormDef, name: string, values: FormValues): string | undefined {
  return fieldValidator(def, name)(values[name]);
}

export interface FormCheck {
  readonly body: Record<string, unknown>;
  /** First message per field, local rules and cross-field rules together. */
  readonly errors: FieldErrors;
}

/** Every field and the whole body, as on submit: every problem, one message per field. */
export function validateForm(def: FormDef, values: FormValues, readFile?: ReadFile): FormCheck {
  const errors: Record<string, string> = {};
  for (const name of Object.keys(def.fields)) {
    const meta = def.fields[name]!;
    if (!isVisible(meta, values) && !def.required.includes(name)) continue;
    const msg = validateField(def, name, values);
    if (msg) errors[name] = msg;
  }
  // Without a file reader (checking as the user types) an `@path` stands for a file not read yet.
  const { body, problems } = buildBody(def, values, readFile ?? NOT_READ);
  for (const p of problems) errors[p.field] ??= p.message;
  // The whole-body rules too, every time: every problem is named at once, not one per Ctrl+S.
  const checked = def.validateBody(body);
  if (!checked.success) {
    for (const p of checked.problems) errors[topField(def, p.field)] ??= p.message;
  }
  return { body, errors };
}

const NOT_READ: ReadFile = () => '';

/** `container_compose_domains.0.name` → `container_compose_domains`; unknown → `(body)`. */
export function topField(def: FormDef, path: string): string {
  const top = path.split('.')[0] ?? path;
  return def.fields[top] ? top : '(body)';
}

/** Field → message from any server or local problem list (first message per field). */
export function errorsFromProblems(def: FormDef, problems: readonly Problem[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of problems) out[topField(def, p.field)] ??= p.message;
  return out;
}

/** The first field with an error, in step and display order; `(body)` last. */
export function firstErrorField(def: FormDef, errors: FieldErrors): string | undefined {
  for (const step of def.steps) for (const f of step.fields) if (errors[f]) return f;
  return errors['(body)'] ? '(body)' : Object.keys(errors)[0];
}

/** The form field a sentence names (`… environment_name or environment_uuid.` → environment_name). */
export function fieldNamedIn(def: FormDef, message: string): string | undefined {
  let best: { field: string; at: number } | undefined;
  for (const field of def.requestFields) {
    const m = new RegExp(`\\b${field}\\b`).exec(message);
    if (m && (!best || m.index < best.at)) best = { field, at: m.index };
  }
  return best?.field;
}
