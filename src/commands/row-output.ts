// The outputs of `dms deployments`, written as rows come (a page, or chunk after chunk of a whole
// history), waiting whenever stdout is full: a table, one JSON array, JSON lines, or CSV.
// Secrets are masked in all of them unless --show-secrets; server text is cleaned of control
// characters in the table and the CSV, and escaped in JSON.
// Over 300 lines: four formats that share the writing as rows come and the waiting on stdout.
import type { Deployment } from '../api/schemas/deployment.js';
import { invalidFieldsOf } from '../api/schemas/deployment-page.js';
import { viewOf, type DeploymentView } from '../model/deployment.js';
import { hasLogField } from '../model/log.js';
import { reasonText } from '../model/reason.js';
import { boundDepth } from '../text/depth.js';
import { maskOwnRecord, maskRecord, maskUrlPasswords } from '../text/secrets.js';
import { jsonSafe } from '../text/sanitize.js';
import type { OutputFormat, TimeDisplay } from './deployments-args.js';
import type { Style } from './table.js';

/** One deployment to print. */
export interface Row {
  /** The record as read from the answer. */
  readonly record: Deployment;
  /** Its view, when the filters or the output needed it already. */
  readonly view?: DeploymentView;
  /** Its settings differ from the deployment before it in the history (the table's Δ). */
  readonly changed?: boolean;
  /** Its reason's text when known already ('' none): the cache's rows carry no logs to read it from. */
  readonly reason?: string;
}

/** stdout, written with backpressure; it stops accepting text once the reader went away (EPIPE). */
export interface Output {
  write(text: string): Promise<void>;
  /** The reader closed the stream: nothing more will be written. */
  readonly closed: boolean;
}

export interface OutputHooks {
  /** Told once when the reader goes away. */
  readonly onClosed?: () => void;
  /** Runs before and after each write (a progress line on the same terminal steps aside). */
  readonly before?: () => void;
  readonly after?: () => void;
}

/** Resolves when the stream can take more, or will never (closed, failed). */
function drained(out: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
    out.on('error', done);
  });
}

export function createOutput(out: NodeJS.WritableStream, hooks: OutputHooks = {}): Output {
  let closed = false;
  const onError = () => {
    if (closed) return;
    closed = true;
    hooks.onClosed?.();
  };
  // Kept for the rest of the run: an EPIPE may come for what was written last, after the command is done.
  out.on('error', onError);
  return {
    get closed() {
      return closed;
    },
    async write(text) {
      if (closed || text === '') return;
      hooks.before?.();
      const ok = out.write(text);
      hooks.after?.();
      if (!ok) await drained(out);
    },
  };
}

/** JSON text with the characters a terminal could act on written as `\uXXXX` (text/sanitize.ts). */
export { jsonSafe } from '../text/sanitize.js';

/**
 * The record as the server sent it, masked unless `show`: a field of an unexpected type that
 * reading moved aside is put back (after the others). Masked where it stands: each record is
 * printed and dropped. Arrays and objects nested deeper than text/depth.ts's MAX_DEPTH are
 * `[nested too deep]`.
 */
export function sentRecord(record: Deployment, show: boolean): unknown {
  // The raw elements of a list (`--json` reads them unread) may be anything, null included.
  const invalid = record !== null && typeof record === 'object' ? invalidFieldsOf(record) : {};
  let value: unknown = record;
  if (Object.keys(invalid).length > 0) {
    value = '(record)' in invalid ? invalid['(record)'] : Object.assign({ ...(record as Record<string, unknown>) }, invalid);
  }
  // Nested deeper than JSON.stringify can go: the deep parts as `[nested too deep]` (masking bounds them too).
  if (show) return boundDepth(value);
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? maskOwnRecord(value as Record<string, unknown>)
    : maskRecord(value);
}

export interface RowSink {
  /** The rows need their views (the table, the CSV). */
  readonly needsView: boolean;
  /** The rows need Δ (the table of snapshot records). */
  readonly needsChanged: boolean;
  write(rows: readonly Row[]): Promise<void>;
  /** `complete` false: the reading stopped on a fault (a JSON array is left open, so a reader of it fails too). */
  end(complete: boolean): Promise<void>;
}

/** Records stringified and written together (a write per record costs a system call each on a pipe). */
const BATCH = 100;

/**
 * One JSON array, 2-space indented like `JSON.stringify(records, null, 2)`, written 100 records at a
 * time. With `countOf` (`-o json --with-total`), the array is wrapped as `JSON.stringify({count,
 * deployments}, null, 2)` writes it; `count` is asked for when the first text is written (with
 * --all: once the first answer is in).
 */
export function jsonArraySink(out: Output, show: boolean, countOf?: () => number | null): RowSink {
  let started = false;
  const open = () => (countOf ? `{\n  "count": ${JSON.stringify(countOf())},\n  "deployments": [\n` : '[\n');
  return {
    needsView: false,
    needsChanged: false,
    async write(rows) {
      for (let start = 0; start < rows.length; start += BATCH) {
        const text = JSON.stringify(
          rows.slice(start, start + BATCH).map((r) => sentRecord(r.record, show)),
          null,
          2,
        );
        // `[\n  {…},\n  {…}\n]`: the batch's records keep their indentation inside the one array
        // (two more spaces inside the object: JSON strings hold no raw line breaks).
        const body = jsonSafe(text.slice(2, -2));
        await out.write(`${started ? ',\n' : open()}${countOf ? indent(body) : body}`);
        started = true;
      }
    },
    async end(complete) {
      if (!complete) return;
      if (countOf) await out.write(started ? '\n  ]\n}\n' : `{\n  "count": ${JSON.stringify(countOf())},\n  "deployments": []\n}\n`);
      else await out.write(started ? '\n]\n' : '[]\n');
    },
  };
}

/** Two more spaces at the start of every line. */
export function indent(text: string): string {
  return `  ${text.replaceAll('\n', '\n  ')}`;
}

/** One record per line (JSON Lines). */
export function ndjsonSink(out: Output, show: boolean): RowSink {
  return {
    needsView: false,
    needsChanged: false,
    async write(rows) {
      for (let start = 0; start < rows.length; start += BATCH) {
        let text = '';
        for (const r of rows.slice(start, start + BATCH)) text += `${JSON.stringify(sentRecord(r.record, show))}\n`;
        await out.write(jsonSafe(text));
      }
    },
    async end() {},
  };
}

export const CSV_COLUMNS = [
  'status',
  'source',
  'commit',
  'subject',
  'branch',
  'started',
  'finished',
  'duration',
  'server',
  'id',
  'uuid',
] as const;

/** `2026-11-01T10:00:00Z` (milliseconds only when there are some). */
function iso(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** `2026-11-01T10:00:00Z`, to the second: the table's `started` with `--time iso`. */
export function isoSeconds(ms: number | null): string {
  return ms === null ? '' : `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/**
 * One CSV field (RFC 4180): a text that a spreadsheet would run as a formula (it starts with
 * `=`, `+`, `-` or `@`) gets a `'` in front (OWASP's advice on CSV injection); a field with a
 * comma, quote or line break is quoted.
 */
export function csvField(text: string): string {
  // Cells are cleaned of control characters already; line and paragraph separators go too.
  const flat = text.replace(/[\u2028\u2029]/g, ' ');
  const safe = /^[=+\-@]/.test(flat) ? `'${flat}` : flat;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** A row's CSV fields: the model's columns, times in ISO 8601 UTC, the duration in seconds (once final). */
export function csvFields(view: DeploymentView, show: boolean): string[] {
  const text = (s: string) => (show ? s : maskUrlPasswords(s));
  const final = view.phase === 'finished' || view.phase === 'failed' || view.phase === 'cancelled';
  const seconds =
    final && view.startedAt !== null && view.finishedAt !== null ? String(Math.round((view.finishedAt - view.startedAt) / 1000)) : '';
  return [
    text(view.status),
    view.source,
    text(view.commit),
    text(view.subject),
    text(view.branch),
    iso(view.startedAt),
    iso(view.finishedAt),
    seconds,
    text(view.server),
    view.id === null ? '' : String(view.id),
    text(view.uuid),
  ];
}

export interface CsvOptions {
  /** Hides the token in the reason (the client's redact). */
  readonly redact?: (text: string) => string;
  /** Rows come chunk after chunk (--all): the first chunk decides the reason column. */
  readonly streamed?: boolean;
}

/**
 * The CSV: its columns, and `reason` last when a row has one (the whole line, cleaned and masked).
 * The header is written with the first rows: on one page, when any row has a reason; with --all,
 * when a row of the first chunk has one or carries logs (whether rows carry logs is the token's
 * permission, the same on every page: a later failure would have a reason).
 */
export function csvSink(out: Output, show: boolean, options: CsvOptions = {}): RowSink {
  let reasons: boolean | undefined;
  const header = async (withReason: boolean) => {
    if (reasons !== undefined) return;
    reasons = withReason;
    await out.write(csvLine(withReason ? [...CSV_COLUMNS, 'reason'] : CSV_COLUMNS));
  };
  return {
    needsView: true,
    needsChanged: false,
    async write(rows) {
      const texts = rows.map((r) => r.reason ?? reasonText(r.record, { redact: options.redact }));
      await header(texts.some((t) => t !== '') || (options.streamed === true && rows.some((r) => hasLogField(r.record))));
      for (let start = 0; start < rows.length; start += BATCH) {
        let text = '';
        for (let i = start; i < Math.min(rows.length, start + BATCH); i++) {
          const r = rows[i]!;
          const fields = csvFields(r.view ?? viewOf(r.record), show);
          text += csvLine(reasons ? [...fields, texts[i]!] : fields);
        }
        await out.write(text);
      }
    },
    async end(complete) {
      if (complete) await header(false);
    },
  };
}

export interface TableOptions {
  readonly out: Output;
  /** Where the line of values every row shares goes (above the table). */
  readonly stderr: { write(text: string): unknown };
  readonly style: Style;
  readonly show: boolean;
  /** Cells a line may take (the terminal's width), Infinity when stdout is not a terminal. */
  readonly width: number;
  /** Rows read before the columns are chosen and sized; the rest are printed in those columns. Infinity: all of them (one page). */
  readonly firstBlock: number;
  /** What `started` counts back from. */
  readonly now: number;
  /** `started` as `3h 5m ago` (default) or `2026-11-01T10:00:00Z`. */
  readonly time?: TimeDisplay;
  /** Hides the token in reasons (the client's redact); the record's secrets and URL passwords are always hidden there. */
  readonly redact?: (text: string) => string;
}

/** Rows printed together once the columns are set. */
const BLOCK = 500;

/** The deployments table: columns chosen and sized by the first rows, then printed in blocks in the same columns. */
export async function tableSink(options: TableOptions): Promise<RowSink> {
  // The deployment model's columns and string-width (behind them) load only for the human table.
  const [{ columnsTable, paint, statusColour }, { cellsOf, fitColumns, pageColumns, PLAIN, COLUMNS, REASON_COLUMN }] = await Promise.all([
    import('./table.js'),
    import('../model/columns.js'),
  ]);
  type Laid = ReturnType<typeof fitColumns>;
  const { out, style, show, now } = options;
  const isoTime = options.time === 'iso';
  // An ISO time is 20 cells, never cut.
  const specs = [...(isoTime ? COLUMNS.map((c) => (c.key === 'started' ? { ...c, min: 20, max: 20 } : c)) : COLUMNS), REASON_COLUMN];
  let views: DeploymentView[] = [];
  let cells: ReturnType<typeof cellsOf>[] = [];
  let laid: Laid | undefined;

  async function print(): Promise<void> {
    if (cells.length === 0) return;
    const heading = laid === undefined;
    if (laid === undefined) {
      const { columns, header } = pageColumns(cells, specs);
      laid = fitColumns(columns, cells, options.width, PLAIN);
      const about = appLine(header);
      if (about) options.stderr.write(`${about}\n`);
    }
    const shown = views;
    const text = columnsTable(
      laid,
      cells,
      (row, column, t) => {
        if (column.key === 'status') return paint(style, statusColour(shown[row]!.status), t);
        return column.key === 'changed' ? paint(style, 'yellow', t) : t;
      },
      { heading },
    );
    views = [];
    cells = [];
    await out.write(`${text}\n`);
  }

  return {
    needsView: true,
    needsChanged: true,
    async write(rows) {
      for (const r of rows) {
        const view = r.view ?? viewOf(r.record);
        views.push(view);
        // The reason is worked out as the row passes (from the end of its log) and only its line is kept.
        const c = cellsOf(view, now, {
          changed: r.changed === true,
          reveal: show,
          reason: r.reason ?? reasonText(r.record, { redact: options.redact }),
        });
        cells.push(isoTime ? { ...c, started: isoSeconds(view.startedAt) } : c);
      }
      if (cells.length >= (laid === undefined ? options.firstBlock : BLOCK)) await print();
    },
    async end() {
      await print();
    },
  };
}

/** The application's values that every row shares, for the line above the table. */
export function appLine(header: Partial<Record<string, string>>): string {
  const ABOUT = [
    ['application', 'app'],
    ['build', 'build'],
    ['server', 'server'],
    ['domains', 'domains'],
  ] as const;
  return ABOUT.filter(([k]) => header[k])
    .map(([k, label]) => `${label} ${header[k]}`)
    .join(' · ');
}

export interface SinkOptions extends TableOptions {
  readonly format: OutputFormat;
  /** `-o json --with-total`: the count to wrap the array with (asked for when the first text is written). */
  readonly countOf?: () => number | null;
  /** Rows come chunk after chunk (--all). */
  readonly streamed?: boolean;
}

export async function createSink(o: SinkOptions): Promise<RowSink> {
  switch (o.format) {
    case 'json':
      return jsonArraySink(o.out, o.show, o.countOf);
    case 'ndjson':
      return ndjsonSink(o.out, o.show);
    case 'csv':
      return csvSink(o.out, o.show, { redact: o.redact, streamed: o.streamed });
    case 'table':
      return tableSink(o);
  }
}
