// The deployments list's text, as pure functions of its state: what the body says instead of the table, the message line under it (one of a dozen, by what
// matters most), and the notes keys leave in the footer. Every key a sentence names comes from
// the key table in force (`keys.hint`), so keys.json reaches it.
import type { KeyTable } from '../../keys.js';
import type { LineState } from '../../input/line-edit.js';
import { PHASE_MARKS, type DeploymentView, type Phase } from '../../../model/deployment.js';
import type { Reason } from '../../../model/reason.js';
import { noReasonText } from '../../../model/reason.js';
import { truncate } from '../../../text/cells.js';
import { clean } from '../../../text/sanitize.js';
import { thousands } from '../../../text/thousands.js';
import type { Notice, PagingState } from '../../browse/paging.js';
import { filterProblem } from '../../browse/paging-state.js';
import { ESC_STOP, type SearchState } from '../../browse/search.js';
import type { BrowseState } from '../../browse/state.js';
import type { CompareRefusal } from '../../browse/marks.js';
import { sideName } from '../../../model/compare-rows.js';

/** How a line is drawn: its colour (the theme's), and whether it wraps (else it is cut at the edge). */
export type Tone = 'muted' | 'warning' | 'error';
export interface TextLine {
  readonly text: string;
  readonly tone: Tone;
  readonly wrap?: boolean;
}

/** The line under the table: a line being typed (the filter, go to), a text line, or nothing. */
export type MessageLine =
  | {
      readonly kind: 'edit';
      readonly prompt: string;
      readonly line: LineState;
      readonly placeholder: string;
      /** What is wrong with what was typed (a query that does not read), after it. */
      readonly error?: string;
    }
  | ({ readonly kind: 'text' } & TextLine)
  | { readonly kind: 'blank' };

/**
 * When the page holds fewer rows than the server's count says it should: what is missing and
 * where `n` goes (`The server sent 3 of the 10 deployments of 1–10 (39 in all): 4–10 are not
 * shown. n goes on to 11–20.`). An empty page of a non-empty history says so. Null otherwise.
 */
export function pageGap(state: Pick<PagingState, 'shown' | 'rows' | 'total'>, keys: KeyTable): string | null {
  const { shown, total } = state;
  if (!shown || total === null || total <= shown.skip) return null;
  const { skip, take } = shown;
  const sent = state.rows.length;
  const end = Math.min(skip + take, total);
  if (sent >= end - skip) return null;
  const range = (from: number, to: number) => (from === to ? thousands(from) : `${thousands(from)}–${thousands(to)}`);
  const next = end < total ? ` ${keys.hint('nextPage')} goes on to ${range(end + 1, Math.min(end + take, total))}.` : '';
  if (sent === 0) {
    const where = skip > 0 ? `${keys.hint('firstPage')} goes to the first page` : `${keys.hint('refresh')} asks again`;
    return `No deployments on this page (${range(skip + 1, end)}), though the server counts ${thousands(total)} — ${where}.${next}`;
  }
  return `The server sent ${thousands(sent)} of the ${thousands(end - skip)} deployments of ${range(skip + 1, end)} (${thousands(total)} in all): ${range(skip + sent + 1, end)} ${end - skip - sent === 1 ? 'is' : 'are'} not shown.${next}`;
}

/** A notice as it reads. */
export function noticeText(notice: Notice, keys: KeyTable): string {
  switch (notice.kind) {
    case 'lastPage':
      return 'This is the last page.';
    case 'firstPage':
      return 'This is the first page.';
    case 'alreadyFirst':
      return 'Already on the first page.';
    case 'noMore':
      return 'No more deployments: this is the last page.';
    case 'noCount':
      return `The server does not say how many deployments there are: ${keys.hint('nextPage')} goes on page by page.`;
    case 'sizeStays':
      return `Page size stays ${notice.take} (between ${notice.min} and ${notice.max}).`;
    case 'fitsAlready':
      return `Pages already hold the ${notice.take} rows that fit the screen.`;
    case 'tooBig':
      return `A page of ${notice.take} deployments was too big (${notice.size}): pages now hold ${notice.fewer}.`;
    case 'autoRefresh':
      return notice.on ? 'Auto-refresh on.' : 'Auto-refresh off.';
    case 'said':
      return notice.text;
  }
}

export function progressText(s: SearchState): string {
  if (!s.scanning && s.stopped === null && s.before) return `searched the newest ${thousands(s.read)} (the older ones start before since:)`;
  if (!s.scanning && s.stopped === null) return `searched all ${thousands(s.read)}`;
  return `searched ${thousands(s.read)}${s.total !== null ? ` of ${thousands(s.total)}` : ''}`;
}

/** `“rollback”`, `failed deployments`, `“api” among failed deployments`. */
function queryLabel(s: SearchState): string {
  if (s.cluster !== undefined) return `failed with “${clean(s.cluster)}”`;
  const text = s.text ? `“${clean(s.text)}”` : '';
  const status = s.status === 'all' ? '' : `${s.status} deployments`;
  return text && status ? `${text} among ${status}` : text || status || 'everything';
}

/** The line under the table while a search or a jump reads, and once it is done. */
function searchLine(s: SearchState, keys: KeyTable): TextLine {
  const esc = keys.hint('listBack');
  const what = queryLabel(s);
  const progress = progressText(s);
  const waiting = s.pause ? ` · waiting: ${s.pause}` : '';
  const gaps = s.gaps ? ' · the history changed while it was read: some may be missing' : '';
  if (s.kind === 'jump') {
    if (s.scanning) return { text: `Looking for ${what}: ${progress} — ${esc} stops${waiting}`, tone: 'muted' };
    // Stopped with Esc: the key as bound.
    const stopped = s.stopped === ESC_STOP ? esc : s.stopped;
    return {
      text: `No deployment has the id, uuid or commit ${what} (${progress}${stopped ? `, ${stopped}` : ''}). ${esc} clears this.`,
      tone: 'warning',
    };
  }
  const found = `${thousands(s.results.length)} found`;
  if (s.cluster !== undefined) return { text: `${what}: ${found} · ${keys.hint('open')} opens · ${esc} back to the page`, tone: 'muted' };
  if (s.scanning) return { text: `${what}: ${found} · ${progress} — ${esc} stops${waiting}${gaps}`, tone: 'muted' };
  if (s.stopped === ESC_STOP)
    return { text: `${what}: ${found} · ${progress}, stopped with ${esc} · ${esc} back to the page${gaps}`, tone: 'muted' };
  if (s.stopped)
    return { text: `${what}: ${found} · ${progress}, stopped: ${s.stopped} · ${esc} back to the page${gaps}`, tone: 'warning' };
  return { text: `${what}: ${found} · ${progress} · ${keys.hint('open')} opens · ${esc} back to the page${gaps}`, tone: 'muted' };
}

/** What the body shows instead of the table (a search with no results yet, an empty page, …); null: the table. */
export function bodyNote(browse: BrowseState, visible: number, keys: KeyTable): TextLine | null {
  const p = browse.paging;
  const search = browse.search?.kind === 'search' ? browse.search : null;
  if (search) {
    if (search.results.length > 0) return null;
    return {
      text: search.scanning ? `Searching the whole history for ${queryLabel(search)}…` : `No deployment matches ${queryLabel(search)}.`,
      tone: 'muted',
    };
  }
  if (!p.everLoaded && p.rows.length === 0) return { text: p.loading ? 'Loading deployments…' : ' ', tone: 'muted' };
  if (p.rows.length === 0 && browse.awaitingNewest) {
    return {
      text: `Waiting for the deployment the creation started: its log opens here once the server lists it. ${keys.hint('listBack')} goes back.`,
      tone: 'muted',
    };
  }
  if (p.rows.length === 0) {
    // An empty page of a history the server counts is not an empty history.
    const gap = pageGap(p, keys);
    return gap ? { text: gap, tone: 'warning' } : { text: 'No deployments for this application yet.', tone: 'muted' };
  }
  if (visible === 0)
    return { text: `No deployment on this page matches “${clean(p.filter)}”. ${keys.hint('listBack')} clears the filter.`, tone: 'muted' };
  return null;
}

/** What the message line and the table's border need besides the state: how the table came out. */
export interface TableFacts {
  /** Rows of the page the filter leaves. */
  readonly visible: number;
  /** The first of them drawn, and how many the table drew. */
  readonly offset: number;
  readonly drawn: number;
  /** The table shows the Δ column. */
  readonly changedColumn: boolean;
  /** The wide view (W): the columns shown of all of them. */
  readonly wide?: { readonly from: number; readonly to: number; readonly of: number } | null;
  /** The cursor row's reason (a failed or cancelled row, once read after the frame), and the line's width in cells. */
  readonly reason?: { readonly phase: Phase; readonly reason: Reason; readonly width: number } | null;
}

/**
 * The cursor row's reason as the line under the table: `✗ why: <the line>` in the error tone, or
 * `no reason: <why>` muted; cut to `width` cells. The reason is a line under the table, not a
 * column: issue 24 made the columns stable (they stay while the width does), and a column that
 * comes and goes with failed rows, or takes the room of the subject, would move them.
 */
export function reasonNote(phase: Phase, reason: Reason, width: number): TextLine | null {
  if (reason.kind === 'reason') return { text: truncate(`${PHASE_MARKS[phase]} why: ${reason.text}`, width), tone: 'error' };
  if (reason.why === 'not ended badly') return null;
  // The row carries no logs: the token's rows never do (the server sends logs only to a token that may read sensitive data).
  const why = reason.why === 'no logs' ? "this token's rows carry no logs" : noReasonText(reason.why, reason.detail);
  return { text: truncate(`no reason: ${why}`, width), tone: 'muted' };
}

/** The line under the table: the first that applies, from the line being typed down to a hint. */
export function messageLine(browse: BrowseState, t: TableFacts, keys: KeyTable): MessageLine {
  const p = browse.paging;
  const text = (line: TextLine): MessageLine => ({ kind: 'text', ...line });
  if (browse.mode === 'jump')
    return { kind: 'edit', prompt: 'go to: ', line: browse.jumpLine, placeholder: ' an id, a uuid or the start of a commit' };
  if (browse.mode === 'filter') {
    const error = filterProblem(p.filter);
    return {
      kind: 'edit',
      prompt: '/ ',
      line: { value: p.filter, cursor: p.filterCursor },
      placeholder: ' words, "a phrase", /regex/, status:failed branch:main dur>5m since:7d, -term',
      ...(error ? { error } : {}),
    };
  }
  if (browse.fetching) {
    const v = browse.fetching.summary;
    return text({ text: `Opening deployment ${v.id ?? v.uuid}…`, tone: 'muted' });
  }
  const s = browse.search;
  // Once a search has read everything, its cursor row's reason as on the list (the header keeps the
  // count); a row without one, or a search that was stopped (its results are partial: said), keeps the search's line.
  if (s?.kind === 'search' && !s.scanning && !s.stopped && t.reason?.reason.kind === 'reason')
    return text(reasonNote(t.reason.phase, t.reason.reason, t.reason.width)!);
  if (s && (s.kind === 'search' || s.scanning || !p.notice)) return text(searchLine(s, keys));
  // Wrapped, never cut: what to do (check the context's token, the URL) is at the end.
  if (p.error)
    return text({
      text: `✗ ${p.error.message}${p.error.retrying ? ` Retrying every few seconds, or press ${keys.hint('refresh')}.` : ''}`,
      tone: 'error',
      wrap: true,
    });
  if (p.notice) return text({ text: noticeText(p.notice, keys), tone: 'warning' });
  // The cursor row's reason, under the warnings above and above the notes below: moving through
  // failures (a filter of `failed` too, the filter's note back on any other row) reads like a list of causes.
  const gap = p.rows.length > 0 ? pageGap(p, keys) : null;
  const why = t.reason && !gap ? reasonNote(t.reason.phase, t.reason.reason, t.reason.width) : null;
  if (why) return text(why);
  if (p.filter) {
    const error = filterProblem(p.filter);
    if (error) return text({ text: `✗ filter: ${error} ${keys.hint('listBack')} clears`, tone: 'error' });
    return text({
      text: `filter: ${clean(p.filter)} (${t.visible} of ${p.rows.length} rows) · ${keys.hint('listBack')} clears`,
      tone: 'muted',
    });
  }
  if (gap) return text({ text: gap, tone: 'warning', wrap: true });
  if (t.wide) {
    const { from, to, of } = t.wide;
    const sideways = to - from + 1 < of ? ` · ${keys.hint('columnsLeft')}/${keys.hint('columnsRight')} scroll sideways` : '';
    return text({
      text: `wide: columns ${from}–${to} of ${of}${sideways} · ${keys.hint('wide')} back to the columns that fit`,
      tone: 'muted',
    });
  }
  if (t.changedColumn)
    return text({ text: `Δ settings changed since the deployment before · ${keys.hint('open')} shows what changed`, tone: 'muted' });
  return { kind: 'blank' };
}

/**
 * The table's bottom border says when the page has more rows than it shows, whatever the line
 * under it says: `1–8 of 30 rows · ↑/↓ scroll` (of the rows the filter leaves), shorter when the
 * border is short: the first of `rowsLabels` that fits; `0 of 30 rows (no room)` while the lines
 * under the table take all its room. None when every row is shown.
 */
export function rowsLabels(t: Pick<TableFacts, 'visible' | 'offset' | 'drawn'>, keys: KeyTable): string[] {
  if (t.drawn >= t.visible) return [];
  if (t.drawn <= 0) return [`0 of ${thousands(t.visible)} rows (no room)`, `0 of ${thousands(t.visible)}`];
  const shown = `${thousands(t.offset + 1)}–${thousands(t.offset + t.drawn)} of ${thousands(t.visible)}`;
  return [`${shown} rows · ${keys.hint('cursorUp')}/${keys.hint('cursorDown')} scroll`, `${shown} rows`, shown];
}

/** The message line while `:ctx NAME` switches, and when it could not. */
export function switchingNote(name: string): string {
  return `Switching to context ${clean(name)}…`;
}
export function switchFailedNote(error: string): string {
  return `✗ ${error}`;
}

/** The footer's note when `=` opens nothing. */
export function refusalNote(why: CompareRefusal, keys: KeyTable): string {
  const mark = keys.hint('markRow');
  const compare = keys.hint('compare');
  switch (why) {
    case 'noRow':
      return 'No deployment under the cursor.';
    case 'sameRow':
      return `This is the marked row: move to another and press ${compare} (${mark} unmarks it).`;
    case 'noMark':
      return `Mark a row with ${mark}, then press ${compare} on another (on a failed row, ${compare} alone compares it with the last good one).`;
    case 'manyMarks':
      return `${compare} compares two marked rows: ${mark} on a marked row unmarks it (Esc unmarks them all).`;
  }
}

/** The footer's note after Space. */
export function markNote(marked: DeploymentView | null, keys: KeyTable, count = marked ? 1 : 0): string {
  if (count === 0) return 'Unmarked.';
  if (!marked) return `Unmarked: ${count} marked · ${keys.hint('copyMarked')} copies their ids.`;
  if (count === 1) return `Marked ${sideName(marked)}: move to another row and press ${keys.hint('compare')} to compare.`;
  const compare = count === 2 ? `${keys.hint('compare')} compares the two, ` : '';
  return `Marked ${sideName(marked)} (${count} marked): ${compare}${keys.hint('copyMarked')} copies their ids.`;
}
