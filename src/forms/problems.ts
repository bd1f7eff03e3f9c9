// Problems (from the server or the client's own check) placed on a form's fields: which field a
// problem's path or a sentence names, and the first field with one. No schemas here: the TUI's
// error text (tui/errors.ts) reads this without loading zod.
import type { FormDef, Problem } from './types.js';

/** Field → message. */
export type FieldErrors = Readonly<Record<string, string>>;

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
