// Every sentence the board shows, and what a notification says.
import type { BoardRow, Ended } from '../../../model/board.js';
import { PHASE_MARKS } from '../../../model/deployment.js';
import { relativeAt } from '../../../text/format.js';

export const BOARD_TITLE = 'Board: every recent application';

export const NO_APPS = '  No recent application yet: open one from the picker (or dms browse APP_UUID) and it is on the board.';

/** The line under the title: how many, how many run, how often it reads again. */
export function boardStatus(rows: readonly BoardRow[], shown: number, periodMs: number, opening: boolean): string {
  if (opening) return 'Connecting to the saved contexts…';
  const running = rows.filter((r) => r.running).length;
  const every = `reading every ${periodMs < 1000 ? `${periodMs} ms` : `${Math.round(periodMs / 1000)} s`}`;
  const parts = [`${shown} application${shown === 1 ? '' : 's'}`];
  // "none running" only once every row is read: before, it is not known.
  if (rows.length < shown) parts.push(`reading ${shown - rows.length}…`);
  else parts.push(running > 0 ? `${running} running · ${every}` : `none running · ${every}`);
  return parts.join(' · ');
}

/** The last deployment's cell: its mark and status, why the page could not be read, or none. */
export function lastCell(row: BoardRow | undefined): { mark: string; text: string } {
  if (!row) return { mark: ' ', text: '…' };
  if (row.problem) return { mark: '!', text: row.problem };
  if (!row.last) return { mark: '·', text: 'no deployments' };
  return { mark: PHASE_MARKS[row.last.phase], text: row.last.statusText };
}

/** How long ago the last deployment started, one unit. */
export function ageCell(row: BoardRow | undefined, now: number): string {
  const at = row?.last?.startedAt;
  return at == null ? '' : relativeAt(at, now, 1);
}

/** A notification's title and body: `shop-api: failed`, `#248 Fix cart · npm ci exited with 1`. */
export function endedWords(ended: Ended): { title: string; body: string } {
  const { last } = ended;
  const name = ended.name || ended.app.uuid.slice(0, 8);
  const id = last.id !== null ? `#${last.id}` : last.uuid.slice(0, 8);
  const body = [id, last.subject].filter(Boolean).join(' ');
  return { title: `${name}: ${last.statusText}`, body: ended.why ? `${body} · ${ended.why}` : body };
}
