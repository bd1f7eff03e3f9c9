// The board: one row per application, from its newest page of deployments — the history strip
// (a phase per deployment, newest first), the last deployment's status and when it started, and
// why it ended when it failed or was cancelled (reason.ts). Which rows are running (a board
// refreshes while any is) and which deployments ended since the board last read them (the
// notifications). Pure: no Ink, no I/O. Strings are cleaned; URL passwords masked.
import type { DeploymentPage } from '../api/schemas/deployment.js';
import { isApiError } from '../api/errors.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { clean } from '../text/sanitize.js';
import { PHASE_MARKS, viewOf, type DeploymentView, type Phase } from './deployment.js';
import { reasonOf } from './reason.js';

/** Deployments read per application: the strip's length and the board's one request per tick. */
export const BOARD_TAKE = 10;
/** Requests in flight at most, for the whole board (the picker's overview keeps to the same). */
export const BOARD_LIMIT = 4;
/** Longest why-line kept (a line of the board, not the whole reason). */
const WHY_MAX = 300;

/** An application on the board: where it was opened (its context: null for the connection in use). */
export interface BoardApp {
  readonly uuid: string;
  readonly name?: string;
  readonly context: string | null;
}

/** What a board row shows of the newest deployment. */
export interface BoardLast {
  readonly id: number | null;
  /** The deployment's uuid, '' when the row has none. */
  readonly uuid: string;
  readonly phase: Phase;
  readonly status: string;
  readonly statusText: string;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
  readonly subject: string;
}

export interface BoardRow {
  readonly app: BoardApp;
  /** The application's name: as opened, else as the rows say; '' when neither. */
  readonly name: string;
  /** Phases of the page, newest first. */
  readonly strip: readonly Phase[];
  /** The page's deployments as the board keeps them, newest first (what ended is looked for here). */
  readonly items: readonly BoardLast[];
  /** The newest deployment; null with none (or when the page could not be read). */
  readonly last: BoardLast | null;
  /** Some deployment of the page is queued or running: the board keeps reading it. */
  readonly running: boolean;
  /** Why the newest deployment failed or was cancelled, one line; '' otherwise. */
  readonly why: string;
  /** Why the page could not be read, in a few words; '' when it was. */
  readonly problem: string;
}

function lastOf(v: DeploymentView): BoardLast {
  return {
    id: v.id,
    uuid: v.uuid,
    phase: v.phase,
    status: v.status,
    statusText: v.statusText,
    startedAt: v.startedAt,
    finishedAt: v.finishedAt,
    subject: maskUrlPasswords(v.subject).slice(0, 200),
  };
}

/** One line: the first of the reason, cleaned and cut. */
function oneLine(text: string): string {
  return clean(text.split('\n')[0] ?? '')
    .trim()
    .slice(0, WHY_MAX);
}

export interface BoardRowOptions {
  /** Hides the token (the client's redact). */
  readonly redact?: (text: string) => string;
}

/** The board row of an application from its newest page. */
export function boardRowOf(app: BoardApp, page: DeploymentPage, options: BoardRowOptions = {}): BoardRow {
  const views = page.deployments.map((r) => viewOf(r));
  const items = views.map(lastOf);
  const first = views[0];
  const reason = first ? reasonOf(first.record, { redact: options.redact }) : null;
  const named = app.name ?? views.find((v) => v.application !== '')?.application ?? '';
  return {
    app,
    name: maskUrlPasswords(clean(named)).slice(0, 200),
    strip: views.map((v) => v.phase),
    items,
    last: items[0] ?? null,
    running: views.some((v) => v.active),
    why: reason?.kind === 'reason' ? oneLine(maskUrlPasswords(reason.text)) : '',
    problem: '',
  };
}

/** The row of an application whose page could not be read (what it showed before is kept, if anything). */
export function boardProblemRow(app: BoardApp, problem: string, before?: BoardRow): BoardRow {
  const name = maskUrlPasswords(clean(app.name ?? before?.name ?? '')).slice(0, 200);
  return before
    ? { ...before, name, running: false, problem }
    : { app, name, strip: [], items: [], last: null, running: false, problem, why: '' };
}

/** The strip as text: oldest on the left, newest on the right. */
export function stripText(strip: readonly Phase[]): string {
  return strip
    .map((p) => PHASE_MARKS[p])
    .reverse()
    .join('');
}

/** The applications of the board, each once, in the order given (recents first, then the demo's). */
export function boardApps(lists: readonly (readonly BoardApp[])[]): BoardApp[] {
  const seen = new Set<string>();
  const out: BoardApp[] = [];
  for (const list of lists)
    for (const a of list) {
      const key = `${a.context ?? ''}\n${a.uuid}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(a);
    }
  return out;
}

/** The key a row is known by across reads (context and uuid). */
export function boardKey(app: BoardApp): string {
  return `${app.context ?? ''}\n${app.uuid}`;
}

/** A deployment that was running on the board and has ended since: what a notification says. */
export interface Ended {
  readonly app: BoardApp;
  readonly name: string;
  readonly last: BoardLast;
  /** Why it failed or was cancelled (read for the newest deployment only); '' otherwise. */
  readonly why: string;
}

const FINAL: ReadonlySet<Phase> = new Set(['finished', 'failed', 'cancelled']);

function sameDeployment(a: BoardLast, b: BoardLast): boolean {
  return (a.id !== null && a.id === b.id) || (a.uuid !== '' && a.uuid === b.uuid);
}

/**
 * The deployments that ended between two reads of a row: queued or running in `before`, final in
 * `after` (found by id or uuid, wherever newer ones pushed it on the page). One that left the page
 * in between, a first read and a row that could not be read say nothing.
 */
export function endedBetween(before: BoardRow | undefined, after: BoardRow): Ended[] {
  if (!before || after.problem !== '') return [];
  const out: Ended[] = [];
  for (const was of before.items) {
    if (was.phase !== 'running' && was.phase !== 'queued') continue;
    const now = after.items.find((i) => sameDeployment(i, was));
    if (!now || !FINAL.has(now.phase)) continue;
    out.push({ app: after.app, name: after.name, last: now, why: now === after.last ? after.why : '' });
  }
  return out;
}
/** Why a page could not be read, in a word or two (the board and the picker's overview). */
export type PageProblem = 'not found' | 'no access' | 'unreachable' | 'rate limited' | 'error';

export function boardProblem(error: unknown): PageProblem {
  if (!isApiError(error)) return 'error';
  switch (error.kind) {
    case 'not_found':
      return 'not found';
    case 'unauthorized':
    case 'forbidden':
      return 'no access';
    case 'network':
      return 'unreachable';
    case 'rate_limited':
      return 'rate limited';
    default:
      return 'error';
  }
}
