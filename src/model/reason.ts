// The reason of a failure: the one line of a failed or cancelled deployment's log that explains
// how it ended (service-behaviour.md, "How a failed deployment's log ends"). The service closes a
// failed log with an epilogue: a separator, `Deployment failed: <message>`, debug entries, a
// separator, "Removing the new version…". The cause is the message's `Error:` part when it has
// one, else the message, else the stderr just before it when the message only says a command
// failed. Without the epilogue (older servers, cancelled runs): a cancellation line that ends
// the log, else the last line that reads as an error, the last command's output first. Read from
// the end of the log (log-tail.ts): a 5 MB log is not decoded whole. Pure: no Ink, no I/O.
import type { Deployment } from '../api/schemas/deployment.js';
import { INVISIBLE_BMP, JOINERS } from '../text/invisible.js';
import { clean } from '../text/sanitize.js';
import { phaseOf } from './deployment.js';
import { logLines, maskerFor, type LogEntry, type LogLine, type Masker } from './log.js';
import { readLogTail, tailOfEntries, UnreadableLog, type LogTail } from './log-tail.js';
import { textOf } from './read.js';
import { ERROR_WORD, readsAsError } from './error-line.js';

/** Where the reason stands: its entry (counted from the end: 0 is the last) and its line among that entry's display lines (logLines). */
export interface ReasonAt {
  readonly fromEnd: number;
  readonly line: number;
}

/** Where the line came from. */
export type ReasonSource = 'message' | 'stderr' | 'error line' | 'cancellation';

/** Why a row has no reason. */
export type NoReason =
  /** Neither failed nor cancelled. */
  | 'not ended badly'
  /** The row has no `logs`: the token may not read sensitive data. */
  | 'no logs'
  | 'unreadable'
  | 'empty'
  /** The log holds no line that explains the end. */
  | 'no cause';

export type Reason =
  | { readonly kind: 'reason'; readonly text: string; readonly at: ReasonAt; readonly source: ReasonSource }
  | { readonly kind: 'none'; readonly why: NoReason; readonly detail?: string };

/** Longest reason kept (UTF-16 units): one line a person reads, not a megabyte of minified output. */
export const REASON_MAX = 1000;

/**
 * Entries (from the end) looked through for the epilogue, a command or an error line: a huge
 * build log's worth. Read one at a time from the end, 20,000 take ~60 ms; all of a 200,000-entry
 * log ~1.5 s, more than decoding it whole (bench/reason.ts).
 */
export const SCAN_ENTRIES = 20_000;

/** Entries of stderr looked through just before the epilogue. */
const STDERR_RUN = 200;

/**
 * Output that shows as it is sent (no escape, control, carriage return or invisible character):
 * its display lines are pieces of it, so without an error word none of them reads as an error.
 */
const AS_SENT = new RegExp(`^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE_BMP}${JOINERS}\\ud800-\\udfff]*$`);

/** False only when no line of the entry's output can read as an error (a quick look before making its lines). */
function mayHoldError(output: string): boolean {
  return ERROR_WORD.test(output) || !AS_SENT.test(output);
}

const SEPARATOR = /^={10,}$/;
const TRAILER = /^Deployment failed\. Removing the new version/i;
const FAILED = /^Deployment failed:\s*/;
const ERROR_PART = /^Error:\s*/;
/** A message that only says a command failed: the command's stderr says why. */
const GENERIC = /^Command execution failed\b/i;
const CANCELLED = /\bcancell?ed\b/i;

/** Lines that never explain anything: separators, the closing trailer, nothing. */
function isFrame(text: string): boolean {
  const t = text.trim();
  return t === '' || SEPARATOR.test(t) || TRAILER.test(t);
}

/** One line: cleaned again (no control character, no line break), trimmed, at most REASON_MAX long. */
function oneLine(text: string): string {
  const flat = clean(text).trim();
  if (flat.length <= REASON_MAX) return flat;
  const cut = flat.slice(0, REASON_MAX - 1).replace(/[\ud800-\udbff]$/, '');
  return `${cut.trimEnd()}…`;
}

interface Reader {
  entry(k: number): LogEntry | undefined;
  /** The entry's display lines (cleaned and masked), as the log view shows them. */
  lines(k: number): readonly LogLine[];
}

function readerOf(tail: LogTail, mask: Masker): Reader {
  const cache = new Map<number, readonly LogLine[]>();
  return {
    entry: (k) => tail.fromEnd(k),
    lines(k) {
      let lines = cache.get(k);
      if (lines === undefined) {
        const e = tail.fromEnd(k);
        lines = e ? logLines([e], mask) : [];
        if (cache.size > 64) cache.clear();
        cache.set(k, lines);
      }
      return lines;
    },
  };
}

type Found = Extract<Reason, { kind: 'reason' }>;

const found = (text: string, fromEnd: number, line: number, source: ReasonSource): Found | undefined => {
  const t = oneLine(text);
  return t === '' ? undefined : { kind: 'reason', text: t, at: { fromEnd, line }, source };
};

/** The last line (going back from entry `from`) that reads as an error, among `count` entries that `keep` admits. */
function lastErrorLine(r: Reader, from: number, count: number, keep: (k: number, e: LogEntry) => boolean = () => true): Found | undefined {
  for (let k = from; k < from + count; k++) {
    const e = r.entry(k);
    if (!e) return undefined;
    if (e.hidden) continue;
    if (!keep(k, e)) return undefined;
    if (!mayHoldError(e.output)) continue;
    const lines = r.lines(k);
    for (let j = lines.length - 1; j >= 0; j--) {
      const l = lines[j]!;
      if (l.kind === 'cmd' || isFrame(l.text) || !readsAsError(l.text)) continue;
      const hit = found(l.text, k, j, 'error line');
      if (hit) return hit;
    }
  }
  return undefined;
}

/** The epilogue's message entry: the last shown entry that is not a separator or the trailer, when it says `Deployment failed:`. */
function epilogue(r: Reader): { k: number; line: number } | undefined {
  for (let k = 0; k < SCAN_ENTRIES; k++) {
    const e = r.entry(k);
    if (!e) return undefined;
    if (e.hidden) continue;
    const lines = r.lines(k);
    if (lines.every((l) => isFrame(l.text))) continue;
    const line = lines.findIndex((l) => l.kind !== 'cmd' && FAILED.test(l.text.trim()));
    return line === -1 ? undefined : { k, line };
  }
  return undefined;
}

/** The cause in the epilogue at entry `k`: its `Error:` part, the message, or the stderr just before it. */
function fromEpilogue(r: Reader, k: number, at: number): Reason | undefined {
  const lines = r.lines(k);
  const first = lines[at]!.text.trim().replace(FAILED, '');
  // The message's lines, the first without `Deployment failed:`.
  const message = lines.slice(at).map((l, i) => ({ text: i === 0 ? first : l.text.trim(), line: at + i }));
  const part = message.findIndex((m) => ERROR_PART.test(m.text));
  if (part !== -1) {
    const head = message[part]!;
    const rest = head.text.replace(ERROR_PART, '');
    const hit =
      rest !== ''
        ? found(rest, k, head.line, 'message')
        : message
            .slice(part + 1)
            .map((m) => found(m.text, k, m.line, 'message'))
            .find((x) => x !== undefined);
    if (hit) return hit;
  }
  const said = message.find((m) => !isFrame(m.text));
  if (said && !GENERIC.test(said.text)) return found(said.text, k, said.line, 'message');
  // The message only names a failed command (or nothing): the stderr just before the epilogue says why.
  let opened = false;
  const before = lastErrorLine(r, k + 1, STDERR_RUN, (k2, e) => {
    if (!opened) {
      // The epilogue's opening separator (and anything else that only frames it) comes first.
      if (r.lines(k2).every((l) => isFrame(l.text))) return true;
      opened = true;
    }
    return e.stderr;
  });
  if (before) return { ...before, source: 'stderr' };
  return said ? found(said.text, k, said.line, 'message') : undefined;
}

/** Without the epilogue: a cancellation line at the end, the last command's error line, or the last error line. */
function withoutEpilogue(r: Reader, cancelled: boolean): Reason | undefined {
  // The last shown line, when a cancelled deployment's log ends by saying so.
  if (cancelled) {
    for (let k = 0; k < SCAN_ENTRIES; k++) {
      const e = r.entry(k);
      if (!e) break;
      if (e.hidden) continue;
      const lines = r.lines(k);
      let j = lines.length - 1;
      while (j >= 0 && isFrame(lines[j]!.text)) j--;
      if (j === -1) continue;
      if (CANCELLED.test(lines[j]!.text)) return found(lines[j]!.text, k, j, 'cancellation');
      break;
    }
  }
  // The last command's output: from the last entry that names a command to the end, in its batch.
  let command = -1;
  for (let k = 0; k < SCAN_ENTRIES; k++) {
    const e = r.entry(k);
    if (!e) break;
    if (e.command !== null) {
      command = k;
      break;
    }
  }
  if (command !== -1) {
    const batch = r.entry(command)!.batch;
    // Entries after the command (k < command) that belong to it: the same batch, no command of their own.
    let last = command;
    while (last > 0) {
      const e = r.entry(last - 1)!;
      if (e.command !== null || e.batch !== batch) break;
      last -= 1;
    }
    const hit = lastErrorLine(r, last, command - last + 1);
    if (hit) return hit;
  }
  return lastErrorLine(r, 0, SCAN_ENTRIES);
}

function reasonIn(tail: LogTail, mask: Masker, cancelled: boolean): Reason {
  const r = readerOf(tail, mask);
  if (r.entry(0) === undefined) return { kind: 'none', why: 'empty' };
  const end = epilogue(r);
  const hit = end ? fromEpilogue(r, end.k, end.line) : withoutEpilogue(r, cancelled);
  return hit ?? { kind: 'none', why: 'no cause' };
}

export interface ReasonOptions {
  /** Hides the token too (the client's redact); the record's secrets and URL passwords are always hidden. */
  readonly redact?: (text: string) => string;
}

/** The reason of a row: for a failed or cancelled deployment whose row carries logs, else why there is none. */
export function reasonOf(record: Deployment, options: ReasonOptions = {}): Reason {
  const phase = phaseOf(clean(textOf((record as Record<string, unknown>).status)).trim());
  if (phase !== 'failed' && phase !== 'cancelled') return { kind: 'none', why: 'not ended badly' };
  const read = readLogTail(record);
  if (read.kind === 'absent') return { kind: 'none', why: 'no logs' };
  if (read.kind === 'unreadable') return { kind: 'none', why: 'unreadable', detail: read.reason };
  try {
    return reasonIn(read.tail, maskerFor(record, options.redact), phase === 'cancelled');
  } catch (error) {
    if (error instanceof UnreadableLog) return { kind: 'none', why: 'unreadable', detail: error.reason };
    throw error;
  }
}

/** The reason in entries already decoded (the log view has them): `cancelled` when the deployment was cancelled. */
export function reasonOfEntries(entries: readonly LogEntry[], mask: Masker, cancelled = false): Reason {
  return reasonIn(tailOfEntries(entries), mask, cancelled);
}

/** The reason's text, or '' when there is none (a table cell, a CSV field). */
export function reasonText(record: Deployment, options: ReasonOptions = {}): string {
  const r = reasonOf(record, options);
  return r.kind === 'reason' ? r.text : '';
}

/** The index in `lines` (logLines of all `entryCount` entries) of the reason's line, or -1. */
export function reasonLine(lines: readonly LogLine[], entryCount: number, at: ReasonAt): number {
  const entry = entryCount - 1 - at.fromEnd;
  // Lines are in entry order: the first line of the entry by binary search.
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (lines[mid]!.entry < entry) lo = mid + 1;
    else hi = mid;
  }
  const i = lo + at.line;
  return i < lines.length && lines[i]!.entry === entry ? i : -1;
}

/** Why a row has no reason, as a sentence's end: "this token cannot read logs". */
export function noReasonText(why: NoReason, detail?: string): string {
  switch (why) {
    case 'not ended badly':
      return 'only a failed or cancelled deployment has one';
    case 'no logs':
      return 'the server sent no logs (a token allowed to read sensitive data receives them)';
    case 'unreadable':
      return `its log could not be read${detail ? `: ${detail}` : ''}`;
    case 'empty':
      return 'its log is empty';
    case 'no cause':
      return 'no line of its log says why it ended';
  }
}
