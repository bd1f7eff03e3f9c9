// Recently opened applications and recently used form values, in $dir/recents.json.
// Nothing here is essential: unreadable or odd content reads as empty.
//
// Applications are remembered per server (`server`: `demo`, or the server's origin, see
// recentsServer): a uuid of one server means nothing to another, so the picker offers only the
// applications of the server it talks to. Entries written before that carry no server and are
// offered only to callers that give none.
import { join } from 'node:path';
import { isRecord, readJsonFile, writePrivateFile } from './private-file.js';

export interface RecentApp {
  readonly uuid: string;
  readonly name?: string;
  readonly openedAt: string;
  /** The server it was opened on (recentsServer); absent in entries written before servers were kept. */
  readonly server?: string;
}

/** Applications kept per server. */
export const MAX_RECENT_APPS = 20;
/** Applications kept in all, over every server. */
export const MAX_RECENT_APPS_ALL = 200;
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

/**
 * What recents are kept under for a connection: `demo` for the embedded demo service (its
 * applications are the same on every run), else the server's origin (`https://host:port`).
 */
export function recentsServer(connection: { readonly demo: boolean; readonly origin?: string; readonly host: string }): string {
  return connection.demo ? 'demo' : connection.origin ?? connection.host;
}

/** The applications opened on `server`, newest first (without a server: the entries that have none). */
export function loadRecents(dir: string, server?: string): RecentApp[] {
  return read(dir).apps.filter((a) => a.server === server);
}

/**
 * Puts the app first on its server's list (replacing an older entry with the same uuid there)
 * and returns that list. A name already known is kept when none is given. A file that cannot be
 * written is passed over (`onError` hears why).
 */
export function addRecent(
  dir: string, app: { uuid: string; name?: string }, server?: string, onError?: (error: unknown) => void,
): RecentApp[] {
  const file = read(dir);
  const mine = (a: RecentApp) => a.server === server;
  if (!app.uuid) return file.apps.filter(mine);
  const old = file.apps.find((a) => mine(a) && a.uuid === app.uuid);
  const name = app.name || old?.name;
  const entry: RecentApp = {
    uuid: app.uuid,
    ...(name ? { name } : {}),
    openedAt: new Date().toISOString(),
    ...(server !== undefined ? { server } : {}),
  };
  const same = [entry, ...file.apps.filter((a) => mine(a) && a.uuid !== app.uuid)].slice(0, MAX_RECENT_APPS);
  file.apps = [...same, ...file.apps.filter((a) => !mine(a))].slice(0, MAX_RECENT_APPS_ALL);
  write(dir, file, onError);
  return same;
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
  return { apps: dedupe(apps).slice(0, MAX_RECENT_APPS_ALL), values };
}

function write(dir: string, file: RecentsFile, onError?: (error: unknown) => void): void {
  try {
    // Not fsynced: losing the latest entry in a power cut costs nothing; waiting on the disk
    // after every headless read would (a corrupt file reads as empty and is moved aside).
    writePrivateFile(path(dir), `${JSON.stringify(file, null, 2)}\n`, { durable: false });
  } catch (error) {
    // A read-only or full disk must not break the screen that wanted to remember something.
    onError?.(error);
  }
}

function toApp(value: unknown): RecentApp[] {
  if (!isRecord(value) || typeof value.uuid !== 'string' || value.uuid === '') return [];
  const openedAt = typeof value.openedAt === 'string' ? value.openedAt : '';
  return [{
    uuid: value.uuid,
    ...(typeof value.name === 'string' && value.name !== '' ? { name: value.name } : {}),
    openedAt,
    ...(typeof value.server === 'string' && value.server !== '' ? { server: value.server } : {}),
  }];
}

/** One entry per application and server, and at most MAX_RECENT_APPS per server. */
function dedupe(apps: RecentApp[]): RecentApp[] {
  const seen = new Set<string>();
  const per = new Map<string | undefined, number>();
  return apps.filter((a) => {
    const id = `${a.server ?? ''}\n${a.uuid}`;
    const n = per.get(a.server) ?? 0;
    if (seen.has(id) || n >= MAX_RECENT_APPS) return false;
    seen.add(id);
    per.set(a.server, n + 1);
    return true;
  });
}
