// A deployment's log, from the row's `logs` field (service-behaviour.md, "Deployment logs"): a
// JSON-encoded string of entries, decoded only when someone opens it. Entries become display
// lines: one per output line, commands as their own line, colour codes as spans, everything
// else a terminal would obey removed, URL passwords, the record's secrets and the token masked.
// Pure: no Ink, no I/O.
import type { Deployment } from '../api/schemas/deployment.js';
import { lineSpans, spansText, styled, type Span } from '../text/ansi.js';
import { clean } from '../text/sanitize.js';
import { hiderOf } from '../text/hide.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { secretsIn } from '../text/secrets-in.js';
import { boolOf, intOf, textOf, timeOf } from './read.js';

export interface LogEntry {
  /** The command this output belongs to (shown as `$ command`), or null. */
  readonly command: string | null;
  /** The output as sent: may hold several lines, colour codes, carriage returns. */
  readonly output: string;
  readonly stderr: boolean;
  /** A debug line (the service's web page shows it only with debug logs on). */
  readonly hidden: boolean;
  /** The timestamp as sent ('' when none). */
  readonly timestamp: string;
  /** The timestamp in ms since the epoch, when it reads as one. */
  readonly at: number | null;
  readonly batch: number | null;
  readonly order: number | null;
}

export type LogRead =
  /** The row has no `logs` key: the token may not read sensitive data (or the server keeps none). */
  | { readonly kind: 'absent' }
  /** `logs` is there but is not the JSON the service sends. */
  | { readonly kind: 'unreadable'; readonly reason: string }
  /** Entries, oldest first; `skipped` elements were not entries at all. */
  | { readonly kind: 'entries'; readonly entries: readonly LogEntry[]; readonly skipped: number };

/** What dms says when a row carries no logs. */
export const NO_LOGS = 'This server sent no logs: a token allowed to read sensitive data receives them.';

/** True when the row carries a `logs` field (decoded or not). */
export function hasLogField(record: Deployment): boolean {
  return Object.prototype.hasOwnProperty.call(record, 'logs');
}

/** An element of the list as an entry; undefined when it is not one (no output and no command). */
export function entryOf(value: unknown): LogEntry | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const e = value as Record<string, unknown>;
  const hasOutput = typeof e.output === 'string' || typeof e.output === 'number';
  const command = typeof e.command === 'string' && e.command.trim() !== '' ? e.command : null;
  if (!hasOutput && command === null) return undefined;
  const timestamp = textOf(e.timestamp);
  return {
    command,
    output: textOf(e.output),
    stderr: e.type === 'stderr',
    hidden: boolOf(e.hidden) === true,
    timestamp: timestamp.length > 64 ? '' : timestamp,
    at: timeOf(timestamp),
    batch: intOf(e.batch),
    order: intOf(e.order),
  };
}

/** Decodes the row's `logs`: a JSON string of entries (an array sent as is is read too). */
export function readLog(record: Deployment): LogRead {
  if (!hasLogField(record)) return { kind: 'absent' };
  let value: unknown = (record as Record<string, unknown>).logs;
  if (value === null || value === '') return { kind: 'entries', entries: [], skipped: 0 };
  // Some proxies encode it once more.
  for (let i = 0; i < 2 && typeof value === 'string'; i++) {
    try {
      value = JSON.parse(value);
    } catch {
      return { kind: 'unreadable', reason: 'the logs field is not JSON' };
    }
  }
  if (!Array.isArray(value)) {
    const what = typeof value === 'string' ? 'text' : value === null ? 'null' : typeof value === 'object' ? 'an object' : typeof value;
    return { kind: 'unreadable', reason: `the logs field holds ${what}, not a list of entries` };
  }
  const entries: LogEntry[] = [];
  let skipped = 0;
  for (const item of value) {
    const entry = entryOf(item);
    if (entry) entries.push(entry);
    else skipped += 1;
  }
  if (entries.length === 0 && skipped > 0) return { kind: 'unreadable', reason: `none of its ${skipped} elements is a log entry` };
  return { kind: 'entries', entries, skipped };
}

export type LineKind = 'out' | 'err' | 'cmd';

export interface LogLine {
  readonly kind: LineKind;
  /** The line as shown, without colour: cleaned and masked (search and saving use it). */
  readonly text: string;
  /** The same text with its colours, when it has any (null: plain). */
  readonly spans: readonly Span[] | null;
  readonly hidden: boolean;
  readonly at: number | null;
  /** The entry's timestamp as sent, cleaned and masked. */
  readonly timestamp: string;
  /** Index of the entry it came from. */
  readonly entry: number;
}

/** Hides secrets in log text: URL passwords, the record's secret values, and whatever `redact` hides (the token). */
export type Masker = (text: string) => string;

/** A masker for one record's log: the secret fields it carries are hidden wherever they appear. */
export function maskerFor(record: Deployment, redact: (s: string) => string = (s) => s): Masker {
  // Every secret the record holds (nested ones, keys inside its text), looked for as shown: with
  // escapes and controls between their letters (text/hide.ts).
  const secrets = hiderOf(
    secretsIn(record as Record<string, unknown>).filter((v) => !v.includes('\n')),
    '••••',
  );
  return (text) => redact(secrets(maskUrlPasswords(text)));
}

/** The display lines of entries `from` to `to` (a followed log appends only its new entries; a big one is read from its end). */
export function logLines(entries: readonly LogEntry[], mask: Masker, from = 0, to = entries.length): LogLine[] {
  const lines: LogLine[] = [];
  for (let i = from; i < to; i++) {
    const e = entries[i]!;
    // Any text a server sends may hold a secret: the timestamp is masked too.
    const timestamp = e.timestamp === '' ? '' : mask(clean(e.timestamp));
    // Each line written out in full: `{ ...base, kind, text }` made logLines 4x slower on 200,000 entries.
    const line = (kind: LineKind, text: string, spans: readonly Span[] | null): LogLine => ({
      kind,
      text,
      spans,
      hidden: e.hidden,
      at: e.at,
      timestamp,
      entry: i,
    });
    if (e.command !== null) {
      const command = clean(e.command).trim();
      // A command that was only escape codes leaves nothing to show.
      if (command !== '') lines.push(line('cmd', mask(command), null));
    }
    if (e.output === '') continue;
    const kind: LineKind = e.stderr ? 'err' : 'out';
    const pieces = e.output.split(/\r?\n/);
    // A final newline ends the last line; it does not start another.
    if (pieces.length > 1 && pieces[pieces.length - 1] === '') pieces.pop();
    for (const piece of pieces) {
      const spans = lineSpans(piece);
      // A line that was only escape codes (a clear, a title) leaves nothing to show.
      if (spans.length === 0 && piece !== '') continue;
      const plain = spansText(spans);
      const text = mask(plain);
      lines.push(line(kind, text, text === plain && styled(spans) ? spans : null));
    }
  }
  return lines;
}

export interface LogCounts {
  readonly lines: number;
  readonly hidden: number;
  readonly stderr: number;
}

export function countLines(lines: readonly LogLine[]): LogCounts {
  let hidden = 0;
  let stderr = 0;
  for (const l of lines) {
    if (l.hidden) hidden += 1;
    if (l.kind === 'err') stderr += 1;
  }
  return { lines: lines.length, hidden, stderr };
}

/** A line as plain text (headless output, saving): `$ ` before commands, the timestamp when asked. */
export function plainLine(line: LogLine, options: { readonly timestamps?: boolean } = {}): string {
  const text = line.kind === 'cmd' ? `$ ${line.text}` : line.text;
  return options.timestamps && line.timestamp !== '' ? `${line.timestamp} ${text}` : text;
}

/**
 * Lower case, one UTF-16 unit for one: positions in the result are positions in `text`. (`İ`
 * lower-cases to two units, `i̇`: it folds to `i`, so a match's range is not shifted by it.)
 */
function fold(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const ch of text) {
    const l = ch.toLowerCase();
    if (l.length === ch.length) out += l;
    else {
      const first = String.fromCodePoint(l.codePointAt(0)!);
      out += first.length === ch.length ? first : ch;
    }
  }
  return out;
}

/**
 * Search is case-insensitive unless the query has a capital letter (smart case). Returns the
 * positions in `order` (indices into `lines`) whose text contains the query.
 */
export function findMatches(lines: readonly LogLine[], order: readonly number[], query: string): number[] {
  if (query === '') return [];
  const test = textTest(query);
  const found: number[] = [];
  for (let p = 0; p < order.length; p++) if (test(lines[order[p]!]!.text)) found.push(p);
  return found;
}

/** Whether a text holds the query (smart case, as findMatches). */
export function textTest(query: string): (text: string) => boolean {
  const exact = query !== query.toLowerCase();
  const q = exact ? query : fold(query);
  return exact ? (text) => text.includes(q) : (text) => fold(text).includes(q);
}

/** Every text that holds `next` holds `before` too (both read the same way): its matches are among those of `before`. */
export function narrows(next: string, before: string): boolean {
  return before !== '' && next.includes(before) && (next !== next.toLowerCase()) === (before !== before.toLowerCase());
}

/** Where the query occurs in one text: [start, end) pairs, not overlapping. */
export function matchRanges(text: string, query: string): [number, number][] {
  if (query === '') return [];
  const exact = query !== query.toLowerCase();
  const hay = exact ? text : fold(text);
  const q = exact ? query : fold(query);
  const out: [number, number][] = [];
  for (let i = hay.indexOf(q); i !== -1; i = hay.indexOf(q, i + q.length)) out.push([i, i + q.length]);
  return out;
}
