// Unfinished create forms, one file per form in $dir/drafts. Drafts may hold secrets: 0600.
import { realpathSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { errorCode, isRecord, moveAside, pathKind, readJsonFile, writePrivateFile } from './private-file.js';

export type FormId = 'create-app' | 'create-docstore';
export interface Draft { readonly values: Record<string, unknown>; readonly savedAt: string; readonly step?: number }

const FORMS: ReadonlySet<string> = new Set<FormId>(['create-app', 'create-docstore']);

export function draftPath(dir: string, form: FormId): string {
  // The id becomes a file name: refuse anything else even if the types were bypassed.
  if (!FORMS.has(form)) throw new Error(`unknown form id: ${String(form)}`);
  return join(dir, 'drafts', `${form}.json`);
}

/** Larger than any draft a form makes (long values are pasted or named with @path). */
export const MAX_DRAFT_FILE = 16 * 1024 * 1024;

/**
 * The saved draft, or undefined when there is none or it cannot be used: a bad or too large file
 * is moved aside (kept for the user, never overwritten); a FIFO or a folder is not read.
 */
export function loadDraft(dir: string, form: FormId): Draft | undefined {
  const path = draftPath(dir, form);
  let raw: unknown;
  try {
    raw = readJsonFile(path, { max: MAX_DRAFT_FILE });
  } catch {
    try { if (pathKind(path) === 'file') moveAside(path); } catch { /* left as it is */ }
    return undefined;
  }
  if (raw === undefined) return undefined;
  const draft = toDraft(raw);
  if (!draft) moveAside(path);
  return draft;
}

export function saveDraft(dir: string, form: FormId, draft: Omit<Draft, 'savedAt'>): void {
  const data: Draft = draft.step === undefined
    ? { values: draft.values, savedAt: new Date().toISOString() }
    : { values: draft.values, savedAt: new Date().toISOString(), step: draft.step };
  writePrivateFile(draftPath(dir, form), `${JSON.stringify(data, null, 2)}\n`);
}

export function discardDraft(dir: string, form: FormId): void {
  try {
    unlinkSync(draftPath(dir, form));
  } catch (e) {
    if (errorCode(e) !== 'ENOENT') throw e;
  }
}

function toDraft(raw: unknown): Draft | undefined {
  if (!isRecord(raw) || !isRecord(raw.values) || typeof raw.savedAt !== 'string') return undefined;
  if (raw.step === undefined) return { values: raw.values, savedAt: raw.savedAt };
  if (typeof raw.step !== 'number' || !Number.isInteger(raw.step) || raw.step < 0) return undefined;
  return { values: raw.values, savedAt: raw.savedAt, step: raw.step };
}

/** Whether `path` (absolute) is in the drafts folder: files written for the user never go there. */
export function inDraftsFolder(dir: string, path: string): boolean {
  const inside = (folder: string, file: string) => file === folder || file.startsWith(`${folder}${sep}`);
  const drafts = resolve(dir, 'drafts');
  const full = resolve(path);
  if (inside(drafts, full)) return true;
  // The same folder under another name (a symlink on the way): compare where both really are.
  const real = (p: string) => { try { return realpathSync(p); } catch { return undefined; } };
  const realDrafts = real(drafts);
  const realFolder = real(dirname(full));
  return realDrafts !== undefined && realFolder !== undefined && inside(realDrafts, join(realFolder, basename(full)));
}
