// Saved views of the deployments list: a name for a query and a sort (`:view save NAME` in the
// TUI, `--view NAME` headless), kept per server (recentsServer) and application in
// $dir/views.json (mode 0600). Unreadable or odd entries read as none; a view is saved under the
// file's lock, so views another dms saved meanwhile are kept.
import { join } from 'node:path';
import { isRecord, readJsonFile, SCREEN_WAIT, updatePrivateFile } from './private-file.js';

/** Views kept in all, over every server and application; the least recently saved go first. */
export const MAX_VIEWS = 500;
/** Letters, digits, `.`, `_` and `-`, up to 40. */
export const VIEW_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
export const VIEW_NAME_HELP = 'letters, digits, . _ and - (up to 40, starting with a letter or digit)';
/** Longest query kept (the filter line's own limit). */
const FILTER_MAX = 200;

export interface SavedView {
  readonly name: string;
  /** The query, as typed. */
  readonly filter: string;
  /** `duration:asc`, `started:desc`. */
  readonly sort: string;
}

interface Entry extends SavedView {
  readonly server: string;
  readonly app: string;
}

function path(dir: string): string {
  return join(dir, 'views.json');
}

const text = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

function read(dir: string): Entry[] {
  let raw: unknown;
  try {
    raw = readJsonFile(path(dir));
  } catch {
    raw = undefined;
  }
  if (!isRecord(raw) || !Array.isArray(raw.views)) return [];
  return raw.views.flatMap((e: unknown) =>
    isRecord(e) &&
    text(e.server, 500) &&
    text(e.app, 500) &&
    typeof e.name === 'string' &&
    VIEW_NAME.test(e.name) &&
    text(e.filter, FILTER_MAX) &&
    text(e.sort, 40)
      ? [{ server: e.server, app: e.app, name: e.name, filter: e.filter, sort: e.sort }]
      : [],
  );
}

/** The views saved for the application on the server, the most recently saved last. */
export function listViews(dir: string | undefined, server: string, app: string): SavedView[] {
  if (!dir) return [];
  return read(dir)
    .filter((e) => e.server === server && e.app === app)
    .map(({ name, filter, sort }) => ({ name, filter, sort }));
}

export function loadView(dir: string | undefined, server: string, app: string, name: string): SavedView | undefined {
  return listViews(dir, server, app).find((v) => v.name === name);
}

/** Saves (or replaces) the view; throws when the file cannot be written (the caller says so). */
export function saveView(dir: string, server: string, app: string, view: SavedView): void {
  if (!VIEW_NAME.test(view.name)) throw new Error(`a view's name is ${VIEW_NAME_HELP}`);
  updatePrivateFile(
    path(dir),
    () => {
      const others = read(dir).filter((e) => !(e.server === server && e.app === app && e.name === view.name));
      const views = [...others, { server, app, name: view.name, filter: view.filter.slice(0, FILTER_MAX), sort: view.sort }].slice(
        -MAX_VIEWS,
      );
      return `${JSON.stringify({ views }, null, 2)}\n`;
    },
    SCREEN_WAIT,
  );
}
