// Validation per field (when leaving it) and for the whole form (on submit), with the
// client's own zod schemas and cross-field rules.
import { fieldProblems } from '../api/schemas/issues.js';
import { buildBody, requestValue, type ReadFile } from './body.js';
import { topField, type FieldErrors } from './problems.js';
import type { FieldValue, FormDef, FormValues } from './types.js';
import { isSet, isVisible } from './values.js';

export type Validator = (value: FieldValue | undefined) => string | undefined;

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
