// Unfinished create forms, one file per form in $dir/drafts. Drafts may hold secrets: 0600.
//
// The same form may be open in two terminals. Each save names the version it replaces (the one
// the form loaded or last wrote): when the draft on disk is another by then, written by the
// other dms, nothing is written and the form is told (a conflict), so it can ask its user
// rather than lose the other side in silence. Every change is made under the draft's lock.
import { randomBytes } from 'node:crypto';
import { realpathSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { withFileLock } from './file-lock.js';
import { errorCode, isRecord, moveAside, pathKind, readJsonFile, SCREEN_WAIT, updatePrivateFile } from './private-file.js';

export type FormId = 'create-app' | 'create-docstore';
export interface Draft {
  readonly values: Record<string, unknown>;
  readonly savedAt: string;
  readonly step?: number;
  /** A new random id at each save: which version of the draft this is. */
  readonly rev?: string;
}

/** Which version of the draft `draft` is (drafts written before versions were kept: their time); undefined for none. */
export function draftVersion(draft: Draft | undefined): string | undefined {
  return draft === undefined ? undefined : (draft.rev ?? `at ${draft.savedAt}`);
}

/** What a save did: wrote the version `saved`, or found another version on disk (`conflict`) and wrote nothing. */
export type DraftSave = { readonly saved: string } | { readonly conflict: Draft };

/** The version a save expects on disk (undefined: no draft); not given: any, it is replaced. */
export interface Since {
  readonly version: string | undefined;
}

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
    try {
      if (pathKind(path) === 'file') moveAside(path);
    } catch {
      /* left as it is */
    }
    return undefined;
  }
  if (raw === undefined) return undefined;
  const draft = toDraft(raw);
  if (!draft) moveAside(path);
  return draft;
}

/** Saves the draft, unless `since` is given and the draft on disk is another version by now. */
export function saveDraft(dir: string, form: FormId, draft: Omit<Draft, 'savedAt' | 'rev'>, since?: Since): DraftSave {
  const rev = randomBytes(8).toString('hex');
  const data: Draft =
    draft.step === undefined
      ? { values: draft.values, savedAt: new Date().toISOString(), rev }
      : { values: draft.values, savedAt: new Date().toISOString(), step: draft.step, rev };
  let result: DraftSave = { saved: rev };
  updatePrivateFile(
    draftPath(dir, form),
    () => {
      if (since !== undefined) {
        const now = loadDraft(dir, form);
        if (draftVersion(now) !== since.version && now !== undefined) {
          result = { conflict: now };
          return undefined;
        }
      }
      result = { saved: rev };
      return `${JSON.stringify(data, null, 2)}\n`;
    },
    SCREEN_WAIT,
  );
  return result;
}

/**
 * Removes the draft; with `since`, only when it is still that version (another dms's newer draft
 * stays). Whether a draft was left in place.
 */
export function discardDraft(dir: string, form: FormId, since?: Since): boolean {
  const path = draftPath(dir, form);
  return withFileLock(
    path,
    () => {
      if (since !== undefined) {
        const now = loadDraft(dir, form);
        if (now !== undefined && draftVersion(now) !== since.version) return true;
      }
      try {
        unlinkSync(path);
      } catch (e) {
        if (errorCode(e) !== 'ENOENT') throw e;
      }
      return false;
    },
    SCREEN_WAIT,
  );
}

function toDraft(raw: unknown): Draft | undefined {
  if (!isRecord(raw) || !isRecord(raw.values) || typeof raw.savedAt !== 'string') return undefined;
  const rev = typeof raw.rev === 'string' && raw.rev !== '' ? { rev: raw.rev } : {};
  if (raw.step === undefined) return { values: raw.values, savedAt: raw.savedAt, ...rev };
  if (typeof raw.step !== 'number' || !Number.isInteger(raw.step) || raw.step < 0) return undefined;
  return { values: raw.values, savedAt: raw.savedAt, step: raw.step, ...rev };
}

/** Whether `path` (absolute) is in the drafts folder: files written for the user never go there. */
export function inDraftsFolder(dir: string, path: string): boolean {
  const inside = (folder: string, file: string) => file === folder || file.startsWith(`${folder}${sep}`);
  const drafts = resolve(dir, 'drafts');
  const full = resolve(path);
  if (inside(drafts, full)) return true;
  // The same folder under another name (a symlink on the way): compare where both really are.
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const realDrafts = real(drafts);
  const realFolder = real(dirname(full));
  return realDrafts !== undefined && realFolder !== undefined && inside(realDrafts, join(realFolder, basename(full)));
}
