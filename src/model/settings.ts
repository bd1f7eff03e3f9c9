// What changed between two deployments of the interface's shape, whose records are snapshots of
// the application's settings (interface.md §2.1). Queue rows carry no settings: nothing to compare.
import { DEPLOYMENT_BOOL_FIELDS, DEPLOYMENT_FIELDS, DEPLOYMENT_INT_FIELDS } from '../api/schemas/deployment-fields.js';
import type { Deployment } from '../api/schemas/deployment.js';
import { sameJson } from '../text/depth.js';
import { isSecretField } from '../text/secrets.js';
import { boolOf, intOf } from './read.js';

/** Fields of the record that belong to the deployment itself, not to the application's settings. */
const OWN: ReadonlySet<string> = new Set([
  'id',
  'uuid',
  'status',
  'git_commit_sha',
  'git_branch',
  'config_hash',
  'created_at',
  'updated_at',
  'deleted_at',
]);
export const SETTINGS_FIELDS: readonly string[] = DEPLOYMENT_FIELDS.filter((f) => !OWN.has(f));
const INT: ReadonlySet<string> = new Set(DEPLOYMENT_INT_FIELDS);
const BOOL: ReadonlySet<string> = new Set(DEPLOYMENT_BOOL_FIELDS);

/** A queue row carries one or two of these by chance (`destination_id`); a snapshot carries dozens. */
const SNAPSHOT_MIN_FIELDS = 5;

export function carriesSettings(record: Deployment): boolean {
  let n = 0;
  for (const f of SETTINGS_FIELDS) if (f in record && ++n >= SNAPSHOT_MIN_FIELDS) return true;
  return false;
}

/** A value as compared: empty is empty whether null or '', numbers and booleans as meant. */
function normal(field: string, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (INT.has(field)) return intOf(value) ?? value;
  if (BOOL.has(field)) return boolOf(value) ?? value;
  if (typeof value === 'number') return String(value);
  return value;
}

/** Equal values: objects and arrays compared whole, at any depth, without recursion. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return sameJson(a, b);
}

export interface SettingChange {
  readonly field: string;
  /** The older deployment's value, as sent. */
  readonly before: unknown;
  /** This deployment's value, as sent. */
  readonly after: unknown;
  /** A secret field: show only that it changed. */
  readonly secret: boolean;
}

/**
 * The settings that differ from the older deployment, in the contract's field order. Only fields
 * both records carry are compared (a field one server sends and another does not is not a change).
 */
export function settingsChanges(newer: Deployment, older: Deployment): SettingChange[] {
  if (!carriesSettings(newer) || !carriesSettings(older)) return [];
  const a = newer as Record<string, unknown>;
  const b = older as Record<string, unknown>;
  const out: SettingChange[] = [];
  for (const field of SETTINGS_FIELDS) {
    if (!(field in a) || !(field in b)) continue;
    if (same(normal(field, a[field]), normal(field, b[field]))) continue;
    out.push({ field, before: b[field], after: a[field], secret: isSecretField(field) });
  }
  return out;
}

/** True when the settings differ from the older deployment's (the table's Δ). */
export function settingsChanged(newer: Deployment, older: Deployment | undefined): boolean {
  return older !== undefined && settingsChanges(newer, older).length > 0;
}
