// The log viewer's words: the title's parts (name, follow status, the range and counts), the
// message line (notes, the search, the outcome) and the empty log. Pure text; every key a
// sentence names is the key in force (the KeyTable), never a literal.
import { PHASE_MARKS, type DeploymentView } from '../../../model/deployment.js';
import { NO_LOGS } from '../../../model/log.js';
import { NO_STEPS } from '../../../model/step-timings.js';
import type { StepName } from '../../../model/steps.js';
import { maskUrlPasswords } from '../../../text/secrets.js';
import { timeAt, type TimeMode } from '../../../text/format.js';
import { thousands } from '../../../text/thousands.js';
import type { KeyTable } from '../../keys.js';
import { searchFound as foundText, searchNoteText, searchStatus as statusOf } from '../../state/line-search.js';
import type { LogNote, LogState } from './state.js';

/** `Log 42 · ` (the id, else the uuid's start). */
export function titleName(v: DeploymentView): string {
  const name = v.id !== null ? String(v.id) : v.uuid ? v.uuid.slice(0, 40) : '(no id)';
  return `Log ${name} · `;
}

/** `✓ finished` */
export function statusText(v: DeploymentView): string {
  return `${PHASE_MARKS[v.phase]} ${v.statusText}`;
}

/** After the status: ` 1m 02s · following` (or `paused`) while it runs, ` after 3m 12s` once final. */
export function followStatus(v: DeploymentView, follow: boolean, duration: string): string {
  if (v.active) return `${duration ? ` ${duration}` : ''} · ${follow ? 'following' : 'paused'}`;
  return duration ? ` after ${duration}` : '';
}

/** After the follow status: ` · started 3d 4h ago`, or ` · started 2026-11-24 14:03 +01` (T); nothing without a start. */
export function startedText(v: DeploymentView, now: number, time: TimeMode): string {
  const at = v.startedAt === null ? '' : timeAt(v.startedAt, now, time);
  return at === '' ? '' : ` · started ${at}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A line's time, 8 cells (blank without one): in absolute mode the local clock (`14:03:07`, the
 * zone is the title's); in relative mode how long after the deployment started (`   +2:31`, right-aligned;
 * `+1:02:03`, `+12h05m` from 10 hours on; `-0:02` before it, a clock skew), or the local clock
 * when the deployment has no start.
 */
export function stampOf(at: number | null, time: TimeMode, startedAt: number | null): string {
  if (at === null || !Number.isFinite(at)) return ' '.repeat(8);
  if (time === 'absolute' || startedAt === null) {
    const d = new Date(at);
    return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  }
  const s = Math.round((at - startedAt) / 1000);
  const a = Math.abs(s);
  const h = Math.floor(a / 3600);
  const m = Math.floor((a % 3600) / 60);
  const span = h >= 10 ? `${h}h${two(m)}m` : h > 0 ? `${h}:${two(m)}:${two(a % 60)}` : `${m}:${two(a % 60)}`;
  return `${s < 0 ? '-' : '+'}${span}`.padStart(8).slice(-8);
}

/**
 * The title's muted part: lines on screen of the lines shown, the filter, the step the view is in,
 * debug and stderr counts, skipped entries, cut lines.
 */
export function rangeText(s: LogState, lastShown: number, keys: KeyTable, step?: StepName): string {
  const shown = s.order.length;
  const c = s.counts;
  const pattern = s.filter.line.value;
  return (
    `  ${shown === 0 ? 0 : s.top + 1}–${lastShown} of ${thousands(shown)}${s.built > 0 ? '… (reading the start)' : ''}` +
    (pattern !== '' && !s.filter.editing ? ` · only lines with “${pattern}” (${keys.hint('logFilter')} shows all)` : '') +
    (step ? ` · step ${step}` : '') +
    (c.hidden > 0 ? ` · ${thousands(c.hidden)} debug ${s.debug ? 'shown' : `hidden (${keys.hint('logDebug')})`}` : '') +
    (c.stderr > 0 ? ` · ${thousands(c.stderr)} stderr` : '') +
    (s.skipped > 0 ? ` · ${s.skipped} unreadable entries skipped` : '') +
    (s.wrap
      ? ''
      : ` · cut${s.left > 0 ? ` from column ${thousands(s.left + 1)}` : ''} (${keys.hint('logWrap')} wraps, ${keys.hint('logLeft')}/${keys.hint('logRight')} scroll)`)
  );
}

/** What the body says when no line is shown. */
export function emptyText(s: LogState, keys: KeyTable): string {
  if (s.source === 'absent') return NO_LOGS;
  if (s.source === 'unreadable')
    return `This deployment's log could not be read: ${s.reason}. dms logs says the same; the rows themselves are fine.`;
  if (s.filter.line.value !== '' && s.lines.length > 0) {
    return `No line holds “${s.filter.line.value}”${s.filter.editing ? '' : `: ${keys.hint('logFilter')} shows every line`}.`;
  }
  if (s.lines.length > 0) return `Only debug lines here (${thousands(s.counts.hidden)}): ${keys.hint('logDebug')} shows them.`;
  if (s.view.phase === 'queued') return 'Waiting for the deployment to start: its log appears here as it runs.';
  if (s.view.active) return 'No output yet: new lines appear here as the deployment runs.';
  return 'The log is empty.';
}

/** A note as the message line says it. */
export function noteText(note: LogNote, keys: KeyTable): string {
  switch (note.kind) {
    case 'debug':
      return note.shown
        ? `Debug lines shown (${thousands(note.count)}): ${keys.hint('logDebug')} hides them.`
        : `Debug lines hidden: ${keys.hint('logDebug')} shows them.`;
    case 'wrap':
      return note.on
        ? `Long lines wrap (${keys.hint('logWrap')} cuts them at the edge).`
        : `Long lines are cut at the edge (${keys.hint('logWrap')} wraps them).`;
    case 'noSearch':
    case 'noMatch':
    case 'searchWrapped':
      return searchNoteText(note, keys.hint('logSearch'), 'the log');
    case 'saved':
      return `Saved ${thousands(note.lines)} lines to ${note.path} (mode 0600).`;
    case 'notSaved':
      return `Not saved: ${note.problem}`;
    case 'lost':
      return `Lost track of this deployment: it is no longer near where it was in the history. ${keys.hint('logBack')} and open it again.`;
    case 'followError':
      return `Following paused by an error: ${note.message} Trying again every ${note.seconds} s.`;
    case 'errorLine': {
      const error = note.which === 'error';
      const kind = error ? 'error line' : 'stderr line';
      return (
        (note.past === 'end'
          ? `Past the end: back to the first ${kind}. `
          : note.past === 'start'
            ? `Past the start: on to the last ${kind}. `
            : '') +
        `Line ${thousands(note.position + 1)} ${error ? 'reads as an error' : 'was written to stderr'}` +
        ` · ${error ? `${keys.hint('logNextError')}/${keys.hint('logPrevError')}` : `${keys.hint('logNextStderr')}/${keys.hint('logPrevStderr')}`} next/previous`
      );
    }
    case 'noErrors':
      return note.which === 'stderr'
        ? 'No line among the lines shown was written to stderr.'
        : 'No line among the lines shown reads as an error (ERROR, error:, FATAL, panic, failed, an exception, an exit code other than 0…)' +
            (note.stderr > 0
              ? `; ${thousands(note.stderr)} ${note.stderr === 1 ? 'was' : 'were'} written to stderr: ${keys.hint('logNextStderr')}/${keys.hint('logPrevStderr')} go to ${note.stderr === 1 ? 'it' : 'them'}.`
              : '.');
    case 'filterCleared':
      return `Every line shown again (${thousands(note.lines)}).`;
    case 'noSideways':
      return note.why === 'wrap'
        ? `Long lines wrap: nothing to scroll sideways (${keys.hint('logWrap')} cuts them at the edge).`
        : 'Every line on screen fits: nothing to scroll sideways.';
    case 'step':
      return `Step ${note.index + 1} of ${note.count}: ${note.name} · ${keys.hint('logNextStep')}/${keys.hint('logPrevStep')} next/previous step`;
    case 'stepEdge':
      return note.direction === 1
        ? `No step after this one (${note.count} in all): ${keys.hint('logPrevStep')} goes back.`
        : `No step before this one (${note.count} in all): ${keys.hint('logNextStep')} goes on.`;
    case 'noSteps':
      return NO_STEPS;
    case 'sideways':
      return note.column === 1
        ? `Lines shown from their start (${keys.hint('logRight')} scrolls right).`
        : `Lines shown from column ${thousands(note.column)} (${keys.hint('logLeft')}/${keys.hint('logRight')} scroll, ${keys.hint('logWrap')} wraps).`;
  }
}

/** A note that says something went wrong (the error colour; the others are warnings). */
export function noteIsTrouble(note: LogNote): boolean {
  return note.kind === 'notSaved' || note.kind === 'lost';
}

/** The save prompt's label. */
export const SAVE_PROMPT = 'Save the log to: ';
/** The search line's prompt (the mark of a search, as in less and vi; not a key name). */
export const SEARCH_PROMPT = '/ ';
/** The filter line's prompt (less's mark for it). */
export const FILTER_PROMPT = '& ';

/** After the pattern being typed: `  12 of 3,400 lines hold it`, `  no line holds it`, or nothing for an empty pattern. */
export function filterFound(s: LogState): string {
  if (s.filter.line.value === '') return '';
  return s.order.length === 0 ? '  no line holds it' : `  ${thousands(s.order.length)} lines hold it`;
}

/** After the query being typed: `  no match`, `  3 of 12 matching lines`, or nothing for an empty query. */
export function searchFound(s: LogState): string {
  return foundText(s.search);
}

/** A search kept: `“error”: line 3 of 12 matching · n/N move · Esc clears`. */
export function searchStatus(s: LogState, keys: KeyTable): string {
  return statusOf(s.search, { next: keys.hint('logNext'), prev: keys.hint('logPrev'), clear: keys.hint('logBack') });
}

/** `✓ The deployment finished after 3m 12s.` for a final deployment; undefined while it may change. */
export function outcomeText(v: DeploymentView, duration: string): string | undefined {
  if (v.active || (v.phase !== 'finished' && v.phase !== 'failed' && v.phase !== 'cancelled')) return undefined;
  const outcome = v.phase === 'finished' ? 'finished' : v.phase === 'failed' ? 'failed' : 'was cancelled';
  return `${PHASE_MARKS[v.phase]} The deployment ${outcome}${duration ? ` after ${duration}` : ''}.`;
}

/** What a notification says when the deployment followed ends: `shop-api: failed`, `#248 Fix cart`. */
export function followedEnded(v: DeploymentView): [title: string, body: string] {
  const name = maskUrlPasswords(v.application) || 'deployment';
  const id = v.id !== null ? `#${v.id}` : v.uuid.slice(0, 8);
  return [`${name}: ${v.statusText}`, [id, maskUrlPasswords(v.subject)].filter(Boolean).join(' ')];
}
