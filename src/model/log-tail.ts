// A row's log read from its end. What explains how a deployment ended stands at the end of its
// log, and a log may be megabytes: the entries are decoded one at a time from the end of the JSON
// text, only as far as someone asks. Where the walk cannot be sure of an element's bounds (a log
// encoded twice, an element that is not an object, too many false starts) the log is read whole
// by readLog instead: the same entries. Pure: no Ink, no I/O.
import type { Deployment } from '../api/schemas/deployment.js';
import { entryOf, hasLogField, readLog, type LogEntry } from './log.js';

export interface LogTail {
  /** The entry `k` from the end (0: the last), or undefined before the first. Throws UnreadableLog when reading further shows the log is not JSON. */
  fromEnd(k: number): LogEntry | undefined;
  /** How many entries the log holds, once the reading reached its start (null until then). */
  count(): number | null;
}

export type TailRead =
  | { readonly kind: 'absent' }
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'entries'; readonly tail: LogTail };

/** Reading further back showed the log is not the JSON the service sends. */
export class UnreadableLog extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnreadableLog';
  }
}

/** Candidate starts of one element tried before the log is read whole instead. */
const MAX_TRIES = 32;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** A tail over entries already decoded. */
export function tailOfEntries(entries: readonly LogEntry[]): LogTail {
  return { fromEnd: (k) => (k >= 0 ? entries[entries.length - 1 - k] : undefined), count: () => entries.length };
}

/** The JSON text of an array, walked from its end; undefined when it is not one at a glance. */
function walker(text: string, whole: () => readonly LogEntry[]): LogTail | undefined {
  let start = 0;
  while (start < text.length && isSpace(text.charCodeAt(start))) start++;
  let end = text.length - 1;
  while (end > start && isSpace(text.charCodeAt(end))) end--;
  if (text[start] !== '[' || text[end] !== ']' || end === start) return undefined;

  const decoded: LogEntry[] = [];
  let skipped = 0;
  /** Where the next element (going back) ends: the `,` or `]` after it. */
  let pos = end;
  let done = false;
  let all: readonly LogEntry[] | null = null;

  /** Reads one more element from the end; false when the walk cannot (the log is then read whole). */
  const step = (): boolean => {
    let e = pos - 1;
    while (e > start && isSpace(text.charCodeAt(e))) e--;
    if (e === start) {
      // `[]` is empty; `[,{…}]` is not JSON (readLog says so).
      if (pos !== end) return false;
      done = true;
      return true;
    }
    if (text[e] !== '}') return false;
    let tries = 0;
    for (let c = text.lastIndexOf('{', e); c > start; c = text.lastIndexOf('{', c - 1)) {
      let b = c - 1;
      while (b > start && isSpace(text.charCodeAt(b))) b--;
      const before = text[b];
      if (before !== ',' && !(before === '[' && b === start)) continue;
      let value: unknown;
      try {
        value = JSON.parse(text.slice(c, e + 1));
      } catch {
        if (++tries >= MAX_TRIES) return false;
        continue;
      }
      const entry = entryOf(value);
      if (entry) decoded.push(entry);
      else skipped += 1;
      pos = b;
      if (before === '[') done = true;
      return true;
    }
    return false;
  };

  const finish = () => {
    if (done && decoded.length === 0 && skipped > 0) throw new UnreadableLog(`none of its ${skipped} elements is a log entry`);
  };

  return {
    fromEnd(k) {
      if (k < 0) return undefined;
      if (all) return all[all.length - 1 - k];
      while (decoded.length <= k && !done) {
        if (!step()) {
          all = whole();
          return all[all.length - 1 - k];
        }
      }
      finish();
      return decoded[k];
    },
    count() {
      if (all) return all.length;
      return done ? decoded.length : null;
    },
  };
}

/** The row's log, to be read from its end. */
export function readLogTail(record: Deployment): TailRead {
  if (!hasLogField(record)) return { kind: 'absent' };
  const logs = (record as Record<string, unknown>).logs;
  const whole = (): readonly LogEntry[] => {
    const read = readLog(record);
    if (read.kind === 'entries') return read.entries;
    throw new UnreadableLog(read.kind === 'unreadable' ? read.reason : 'the logs field is gone');
  };
  if (typeof logs === 'string') {
    const tail = walker(logs, whole);
    if (tail) return { kind: 'entries', tail };
  }
  const read = readLog(record);
  if (read.kind === 'entries') return { kind: 'entries', tail: tailOfEntries(read.entries) };
  return read;
}
