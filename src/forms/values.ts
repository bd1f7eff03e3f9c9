// Value helpers: what counts as set, paste sanitising, integers, repository URLs, base64.
// Typed and pasted text is cleaned where the line editor is (zod-free: the TUI's first frame loads it).
export { sanitiseInput } from '../text/sanitize.js';
import type { BuildPack, ComposeRow, FieldMeta, FieldValue, FormDef, FormValues } from './types.js';
import { isBase64 } from '../api/schemas/rules.js';

export function isSet(value: FieldValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return value !== '';
  return value.length > 0;
}

/** A whole number typed as text; undefined when the text is not one. */
export function parseInteger(text: string): number | undefined {
  const t = text.trim();
  if (!/^[-+]?\d+$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : undefined;
}

export interface Repository {
  readonly url: string;
  /** Set when the URL named a branch (`…/tree/<branch>`). */
  readonly branch?: string;
}

/**
 * `git@host:owner/repo(.git)` → `https://host/owner/repo`;
 * `github.com/owner/repo` (a host with a dot, no scheme or user) → `https://github.com/owner/repo`;
 * `https://host/owner/repo/tree/<branch>` → `https://host/owner/repo` and the branch.
 * Anything else is returned trimmed.
 */
export function normaliseRepository(input: string): Repository {
  let v = input.trim();
  const scp = /^[\w.-]+@([\w.-]+):\/?([\w./~-]+?)(?:\.git)?\/?$/.exec(v);
  if (scp) return { url: `https://${scp[1]}/${scp[2]}` };
  const bare = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)(\/[^/\s]+\/[^\s]+)$/i.exec(v);
  if (bare) v = `https://${bare[1]}${bare[2]}`;
  const tree = /^(https?:\/\/[^/\s]+\/[^/\s]+\/[^/\s]+?)(?:\.git)?\/(?:tree|src\/branch|-\/tree)\/(.+?)\/?$/.exec(v);
  if (tree) return { url: tree[1]!, branch: decodeURIComponent(tree[2]!) };
  return { url: v };
}

export function toBase64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Text of a base64 value, or undefined when it is not base64 of UTF-8 text. */
export function fromBase64(value: string): string | undefined {
  if (!isBase64(value)) return undefined;
  const buf = Buffer.from(value.replace(/\s+/g, ''), 'base64');
  const text = buf.toString('utf8');
  if (Buffer.from(text, 'utf8').equals(buf) && !/[\u0000-\u0008\u000e-\u001f]/.test(text)) return text;
  return undefined;
}

export function emptyRow(): ComposeRow {
  return { name: '', domain: '', redirect: '' };
}

export function buildPackOf(values: FormValues): BuildPack | undefined {
  const v = values.build_pack;
  return typeof v === 'string' && v !== '' ? (v as BuildPack) : undefined;
}

/** A field shows when its build pack uses it, or when it holds a value (nothing hidden is lost). */
export function isVisible(meta: FieldMeta, values: FormValues): boolean {
  if (!meta.buildPacks) return true;
  if (isSet(values[meta.name])) return true;
  const pack = buildPackOf(values);
  return pack !== undefined && meta.buildPacks.includes(pack);
}

export function visibleFields(def: FormDef, step: number, values: FormValues): string[] {
  const s = def.steps[step];
  if (!s) return [];
  return s.fields.filter((name) => {
    const meta = def.fields[name];
    return meta !== undefined && isVisible(meta, values);
  });
}

/** Whether a multi-line value names a file: `@path`. */
export function filePathOf(value: string): string | undefined {
  const m = /^@(\S.*)$/.exec(value.trim());
  return m ? m[1]!.trim() : undefined;
}

/** Why a file could not be read, in words (`ENOENT` → `does not exist`). */
export function fileErrorWords(code: string | undefined): string {
  switch (code) {
    case 'ENOENT':
      return 'does not exist';
    case 'EISDIR':
      return 'is a folder, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read (permission denied)';
    case 'ENOTDIR':
      return 'is not a path to a file (a part of it is a file, not a folder)';
    case 'ELOOP':
      return 'is a loop of symbolic links';
    default:
      return `cannot be read${code ? ` (${code})` : ''}`;
  }
}
