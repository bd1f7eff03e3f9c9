// Values ↔ request bodies. Only set fields go into a body, so server defaults apply.
import type { ComposeRow, FieldValue, FormDef, FormValues, Problem } from './types.js';
import { safeStringify } from '../text/depth.js';
import { fileErrorWords, filePathOf, fromBase64, isSet, normaliseRepository, parseInteger, toBase64 } from './values.js';

export type ReadFile = (path: string) => string;

export interface BuiltBody {
  readonly body: Record<string, unknown>;
  /** Values that could not be turned into request values (not whole numbers, unreadable files). */
  readonly problems: readonly Problem[];
}

function rowsToBody(rows: readonly ComposeRow[]): Record<string, string>[] {
  return rows.map((r) => {
    const o: Record<string, string> = { name: r.name.trim() };
    if (r.domain.trim() !== '') o.domain = r.domain.trim();
    if (r.redirect !== '') o.redirect = r.redirect;
    return o;
  });
}

/** One field's request value; `problem` when it cannot be converted. */
export function requestValue(def: FormDef, name: string, value: FieldValue, readFile?: ReadFile): { value?: unknown; problem?: string } {
  const meta = def.fields[name];
  if (!meta) return { value };
  switch (meta.kind) {
    case 'boolean':
      return { value: value === true };
    case 'integer': {
      const n = parseInteger(String(value));
      return n === undefined ? { problem: 'must be a whole number.' } : { value: n };
    }
    case 'domains':
      return { value: rowsToBody(value as readonly ComposeRow[]) };
    case 'multiline': {
      let text = String(value);
      const path = filePathOf(text);
      if (path !== undefined) {
        if (!readFile) return { problem: `names the file ${path}, which cannot be read here.` };
        try {
          text = readFile(path);
        } catch (e) {
          return { problem: `names the file ${path}, which ${fileErrorWords((e as NodeJS.ErrnoException).code)}.` };
        }
      }
      return { value: name === 'docstore_conf' ? toBase64(text) : text };
    }
    case 'secret':
      return { value: String(value) };
    default: {
      const s = String(value).trim();
      if (name === 'git_repository') return { value: normaliseRepository(s).url };
      return { value: s };
    }
  }
}

/** The request body: only set fields, in schema order. */
export function buildBody(def: FormDef, values: FormValues, readFile?: ReadFile): BuiltBody {
  const body: Record<string, unknown> = {};
  const problems: Problem[] = [];
  for (const name of def.requestFields) {
    const v = values[name];
    if (v === undefined || !isSet(v)) continue;
    if (typeof v === 'string' && def.fields[name]?.kind !== 'secret' && def.fields[name]?.kind !== 'multiline' && v.trim() === '') continue;
    const r = requestValue(def, name, v, readFile);
    if (r.problem) problems.push({ field: name, message: r.problem });
    else body[name] = r.value;
  }
  return { body, problems };
}

export interface LoadedBody {
  readonly values: FormValues;
  /** Keys of the body that are not fields of this request. */
  readonly unknown: readonly string[];
}

/** Form values from a request body (`--from FILE`): numbers as text, docstore_conf decoded. */
export function valuesFromBody(def: FormDef, body: Record<string, unknown>): LoadedBody {
  const values: Record<string, FieldValue> = {};
  const unknown: string[] = [];
  for (const [k, v] of Object.entries(body)) {
    const meta = def.fields[k];
    if (!meta || meta.kind === 'save-as' || v === null || v === undefined) {
      if (!meta || meta.kind === 'save-as') unknown.push(k);
      continue;
    }
    switch (meta.kind) {
      case 'boolean':
        if (typeof v === 'boolean') values[k] = v;
        else values[k] = String(v) === 'true';
        break;
      case 'domains':
        values[k] = Array.isArray(v)
          ? v.map((r) => {
              const o = (r && typeof r === 'object' ? r : {}) as Record<string, unknown>;
              return { name: String(o.name ?? ''), domain: String(o.domain ?? ''), redirect: String(o.redirect ?? '') };
            })
          : [];
        break;
      case 'multiline':
        values[k] = k === 'docstore_conf' ? (fromBase64(String(v)) ?? String(v)) : String(v);
        break;
      default:
        // Bounded: a value nested deeper than JSON.stringify can go reads `[nested too deep]` there.
        values[k] = typeof v === 'object' ? (safeStringify(v) ?? '') : String(v);
    }
  }
  return { values, unknown };
}

/** Values as stored in a draft: plain JSON. */
export function valuesFromDraft(def: FormDef, stored: Record<string, unknown>): FormValues {
  const out: Record<string, FieldValue> = {};
  for (const [k, v] of Object.entries(stored)) {
    const meta = def.fields[k];
    if (!meta || meta.kind === 'save-as') continue;
    if (meta.kind === 'boolean' && typeof v === 'boolean') out[k] = v;
    else if (meta.kind === 'domains' && Array.isArray(v)) out[k] = v as ComposeRow[];
    else if (typeof v === 'string') out[k] = v;
  }
  return out;
}
