// Recently opened applications and recently used form values, in $dir/recents.json.
// Nothing here is essential: unreadable or odd content reads as empty.
//
// Applications and form values are remembered per server (`demo`, or the server's origin, see
// recentsServer): a uuid of one server means nothing to another, so the picker offers only the
// applications of the server it talks to, and a form only the values sent to it. Entries written
// before that carry no server (apps without `server`, the values under `values`): which server
// they belong to is not known, so they are offered only to callers that give none, never to a
// form or picker talking to a server. Several dms write the file at once: each change is made
// under its lock (private-file.ts updatePrivateFile), none is lost.
import { join } from 'node:path';
import type { LockOptions } from './file-lock.js';
import { isRecord, readJsonFile, updatePrivateFile } from './private-file.js';

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
/** Servers whose form values are kept; the least recently used go first. */
export const MAX_VALUE_SERVERS = 20;
/** The only form fields remembered: ids and names, never secrets. */
export const RECENT_VALUE_FIELDS: readonly string[] = [
  'project_uuid',
  'server_uuid',
  'environment_name',
  'environment_uuid',
  'destination_uuid',
];

const MAX_VALUE_LENGTH = 200;

type Values = Record<string, string[]>;

interface RecentsFile {
  apps: RecentApp[];
  /** Values written before servers were kept (and those of callers that give no server). */
  values: Values;
  /** Values per server, the most recently used server first. */
  serverValues: Record<string, Values>;
}

/**
 * What recents are kept under for a connection: `demo` for the embedded demo service (its
 * applications are the same on every run), else the server's origin (`https://host:port`).
 */
export function recentsServer(connection: { readonly demo: boolean; readonly origin?: string; readonly host: string }): string {
  return connection.demo ? 'demo' : (connection.origin ?? connection.host);
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
  dir: string,
  app: { uuid: string; name?: string },
  server?: string,
  onError?: (error: unknown) => void,
): RecentApp[] {
  const mine = (a: RecentApp) => a.server === server;
  if (!app.uuid) return read(dir).apps.filter(mine);
  let same: RecentApp[] = [];
  change(
    dir,
    (file) => {
      const old = file.apps.find((a) => mine(a) && a.uuid === app.uuid);
      const name = app.name || old?.name;
      const entry: RecentApp = {
        uuid: app.uuid,
        ...(name ? { name } : {}),
        openedAt: new Date().toISOString(),
        ...(server !== undefined ? { server } : {}),
      };
      same = [entry, ...file.apps.filter((a) => mine(a) && a.uuid !== app.uuid)].slice(0, MAX_RECENT_APPS);
      file.apps = [...same, ...file.apps.filter((a) => !mine(a))].slice(0, MAX_RECENT_APPS_ALL);
      return true;
    },
    onError,
  );
  return same;
}

/** Where-values recently sent to `server` in the create forms: newest first, at most 10 per field (without a server: those kept without one). */
export function loadRecentValues(dir: string, server?: string): Record<string, string[]> {
  const file = read(dir);
  return server === undefined ? file.values : (file.serverValues[server] ?? {});
}

/**
 * Remembers the given values of RECENT_VALUE_FIELDS as sent to `server`; other fields and empty
 * values are ignored. A file that cannot be written is passed over (`onError` hears why).
 */
export function addRecentValues(
  dir: string,
  values: Record<string, string | undefined>,
  server?: string,
  onError?: (error: unknown) => void,
): void {
  change(
    dir,
    (file) => {
      const mine = { ...(server === undefined ? file.values : file.serverValues[server]) };
      let changed = false;
      for (const field of RECENT_VALUE_FIELDS) {
        const value = values[field]?.trim();
        if (!value || value.length > MAX_VALUE_LENGTH) continue;
        const old = mine[field] ?? [];
        mine[field] = [value, ...old.filter((v) => v !== value)].slice(0, MAX_RECENT_VALUES);
        changed = true;
      }
      if (!changed) return false;
      if (server === undefined) file.values = mine;
      else
        file.serverValues = Object.fromEntries(
          [[server, mine] as const, ...Object.entries(file.serverValues).filter(([s]) => s !== server)].slice(0, MAX_VALUE_SERVERS),
        );
      return true;
    },
    onError,
  );
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
  const serverValues: Record<string, Values> = {};
  if (isRecord(record.serverValues)) {
    for (const [server, values] of Object.entries(record.serverValues).slice(0, MAX_VALUE_SERVERS)) {
      if (server !== '') serverValues[server] = valuesOf(values);
    }
  }
  return { apps: dedupe(apps).slice(0, MAX_RECENT_APPS_ALL), values: valuesOf(record.values), serverValues };
}

/** The well-formed lists of RECENT_VALUE_FIELDS in `raw`. */
function valuesOf(raw: unknown): Values {
  const values: Values = {};
  if (!isRecord(raw)) return values;
  for (const field of RECENT_VALUE_FIELDS) {
    const list = raw[field];
    if (Array.isArray(list)) {
      values[field] = list.filter((v): v is string => typeof v === 'string' && v !== '').slice(0, MAX_RECENT_VALUES);
    }
  }
  return values;
}

/** How long a change waits for the file's lock: recents are a convenience, not worth a longer stop. */
const WAIT: LockOptions = { waitMs: 5_000 };

/**
 * Reads the file, changes it and writes it (when `edit` says it changed) under its lock: what
 * another dms remembered meanwhile is kept. A read-only or full disk, or a lock that stays taken,
 * is passed over: it must not break what wanted to remember something (`onError` hears why).
 */
function change(dir: string, edit: (file: RecentsFile) => boolean, onError?: (error: unknown) => void): void {
  try {
    updatePrivateFile(
      path(dir),
      () => {
        const file = read(dir);
        return edit(file) ? `${JSON.stringify(file, null, 2)}\n` : undefined;
      },
      {
        // Not fsynced: losing the latest entry in a power cut costs nothing; waiting on the disk
        // after every headless read would (a corrupt file reads as empty and is moved aside).
        durable: false,
        ...WAIT,
      },
    );
  } catch (error) {
    onError?.(error);
  }
}

function toApp(value: unknown): RecentApp[] {
  if (!isRecord(value) || typeof value.uuid !== 'string' || value.uuid === '') return [];
  const openedAt = typeof value.openedAt === 'string' ? value.openedAt : '';
  return [
    {
      uuid: value.uuid,
      ...(typeof value.name === 'string' && value.name !== '' ? { name: value.name } : {}),
      openedAt,
      ...(typeof value.server === 'string' && value.server !== '' ? { server: value.server } : {}),
    },
  ];
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
