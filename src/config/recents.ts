// Recently opened applications and recently used form values, in $dir/recents.json.
// Nothing here is essential: unreadable or odd content reads as empty.
import { join } from 'node:path';
import { isRecord, readJsonFile, writePrivateFile } from './private-file.js';

export interface RecentApp { readonly uuid: string; readonly name?: string; readonly openedAt: string }

export const MAX_RECENT_APPS = 20;
export const MAX_RECENT_VALUES = 10;
/** The only form fields remembered: ids and names, never secrets. */
export const RECENT_VALUE_FIELDS: readonly string[] = [
  'project_uuid', 'server_uuid', 'environment_name', 'environment_uuid', 'destination_uuid',
];

const MAX_VALUE_LENGTH = 200;

interface RecentsFile {
  apps: RecentApp[];
  values: Record<string, string[]>;
}

export function loadRecents(dir: string): RecentApp[] {
  return read(dir).apps;
}

/** Puts the app first (replacing an older entry with the same uuid) and returns the new list. */
export function addRecent(dir: string, app: { uuid: string; name?: string }): RecentApp[] {
  const file = read(dir);
  if (!app.uuid) return file.apps;
  const old = file.apps.find((a) => a.uuid === app.uuid);
  const name = app.name ?? old?.name;
  const entry: RecentApp = name === undefined
    ? { uuid: app.uuid, openedAt: new Date().toISOString() }
    : { uuid: app.uuid, name, openedAt: new Date().toISOString() };
  file.apps = [entry, ...file.apps.filter((a) => a.uuid !== app.uuid)].slice(0, MAX_RECENT_APPS);
  write(dir, file);
  return file.apps;
}

/** Recently used where-values for the create forms: newest first, at most 10 per field. */
export function loadRecentValues(dir: string): Record<string, string[]> {
  return read(dir).values;
}

/** Remembers the given values of RECENT_VALUE_FIELDS; other fields and empty values are ignored. */
export function addRecentValues(dir: string, values: Record<string, string | undefined>): void {
  const file = read(dir);
  let changed = false;
  for (const field of RECENT_VALUE_FIELDS) {
    const value = values[field]?.trim();
    if (!value || value.length > MAX_VALUE_LENGTH) continue;
    const old = file.values[field] ?? [];
    file.values[field] = [value, ...old.filter((v) => v !== value)].slice(0, MAX_RECENT_VALUES);
    changed = true;
  }
  if (changed) write(dir, file);
}

function path(dir: string): string {
  return join(dir, 'recents.json');
}

function read(dir: string): RecentsFile {
  let raw: unknown;
  try {
    raw = readJsonFile(path(dir));
  } catch {
    raw = undefined; // unreadable: behave as if there were no recents
  }
  const record = isRecord(raw) ? raw : {};
  const apps = Array.isArray(record.apps) ? record.apps.flatMap(toApp) : [];
  const values: Record<string, string[]> = {};
  if (isRecord(record.values)) {
    for (const field of RECENT_VALUE_FIELDS) {
      const list = record.values[field];
      if (Array.isArray(list)) {
        values[field] = list.filter((v): v is string => typeof v === 'string' && v !== '').slice(0, MAX_RECENT_VALUES);
      }
    }
  }
  return { apps: dedupe(apps).slice(0, MAX_RECENT_APPS), values };
}

function write(dir: string, file: RecentsFile): void {
  try {
    writePrivateFile(path(dir), `${JSON.stringify(file, null, 2)}\n`);
  } catch {
    // A read-only or full disk must not break the screen that wanted to remember something.
  }
}

function toApp(value: unknown): RecentApp[] {
  if (!isRecord(value) || typeof value.uuid !== 'string' || value.uuid === '') return [];
  const openedAt = typeof value.openedAt === 'string' ? value.openedAt : '';
  return [typeof value.name === 'string'
    ? { uuid: value.uuid, name: value.name, openedAt }
    : { uuid: value.uuid, openedAt }];
}

function dedupe(apps: RecentApp[]): RecentApp[] {
  const seen = new Set<string>();
  return apps.filter((a) => (seen.has(a.uuid) ? false : (seen.add(a.uuid), true)));
}
