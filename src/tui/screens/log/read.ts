// The log read from the deployment's row into lines: again when the row changes, only the new
// entries when a followed deployment's row comes back longer; a big log from its end first (what
// the view shows), the earlier entries a part at a time after the first frame.
import type { Deployment } from '../../../api/schemas/deployment.js';
import { viewOf } from '../../../model/deployment.js';
import { countLines, findMatches, logLines, readLog, type Masker } from '../../../model/log.js';
import { stepsOf } from '../../../model/steps.js';
import { kept } from './place.js';
import { orderOf } from './shown.js';
import type { LogState } from './types.js';

/** Entries above which a log is shown from its end first; the part built at once, and then per step. */
export const LAZY_ENTRIES = 4000;
const TAIL_ENTRIES = 1500;
const STEP_ENTRIES = 6000;

/** The log as the deployment's row holds it now (another row, or the same one come back longer). */
export function withRecord(s: LogState, record: Deployment, mask: Masker): LogState {
  const read = readLog(record);
  const view = viewOf(record);
  if (read.kind !== 'entries') {
    return {
      ...s,
      record,
      view,
      source: read.kind,
      reason: read.kind === 'unreadable' ? read.reason : '',
      lines: [],
      order: [],
      entries: 0,
      built: 0,
      pending: null,
      counts: countLines([]),
      top: 0,
      steps: [],
    };
  }
  // The same log, longer: only the new entries are read into lines. Shorter or newly readable: read again.
  const append = s.source === 'entries' && s.entries > 0 && read.entries.length >= s.entries;
  if (append && read.entries.length === s.entries && view.status === s.view.status && view.finishedAt === s.view.finishedAt) {
    return s; // nothing new to show
  }
  // A big log opened: its end first (what the view shows), the rest after the first frame.
  const built = append ? s.built : read.entries.length > LAZY_ENTRIES ? read.entries.length - TAIL_ENTRIES : 0;
  const added = logLines(read.entries, mask, append ? s.entries : built);
  const lines = append ? (added.length > 0 ? [...s.lines, ...added] : s.lines) : added;
  const pattern = s.filter.line.value;
  const order = append
    ? added.length > 0
      ? orderOf(lines, s.debug, pattern, s.lines.length, [...s.order])
      : s.order
    : orderOf(lines, s.debug, pattern);
  let next: LogState = {
    ...s,
    record,
    view,
    source: 'entries',
    reason: '',
    skipped: read.skipped,
    entries: read.entries.length,
    built,
    pending: built > 0 ? { entries: read.entries, mask } : null,
    lines,
    order,
    counts: lines === s.lines ? s.counts : countLines(lines),
    top: append ? s.top : 0,
    // A 20,000-entry log in a few ms (bench figure 12): read again as the log grows.
    steps: stepsOf(read.entries, { running: view.active }),
  };
  if (order !== s.order && next.search.line.value !== '') {
    const matches = findMatches(lines, order, next.search.line.value);
    next = { ...next, search: { ...next.search, matches, current: Math.min(next.search.current, matches.length - 1) } };
  }
  return kept(next);
}

/** The next earlier part of a big log turned into lines; the same line stays at the top. */
export function builtEarlier(s: LogState): LogState {
  if (!s.pending || s.built === 0) return s;
  const from = Math.max(0, s.built - STEP_ENTRIES);
  const earlier = logLines(s.pending.entries, s.pending.mask, from, s.built);
  const lines = [...earlier, ...s.lines];
  const order = orderOf(lines, s.debug, s.filter.line.value);
  // The same line stays at the top: positions move down by the earlier lines now shown.
  const shownEarlier = order.length - s.order.length;
  let next: LogState = {
    ...s,
    lines,
    order,
    built: from,
    pending: from > 0 ? s.pending : null,
    counts: countLines(lines),
    top: s.top + shownEarlier,
  };
  if (next.search.line.value !== '') {
    const matches = findMatches(lines, order, next.search.line.value);
    const was = s.search.current >= 0 ? s.search.matches[s.search.current]! + shownEarlier : -1;
    next = { ...next, search: { ...next.search, matches, current: was >= 0 ? matches.indexOf(was) : -1 } };
  }
  return kept(next);
}
