// The deployments table as data, shared by the TUI and `dms deployments`: which columns exist,
// what each row shows in them, which columns the rows seen fill, and how they fit a width. Pure.
import { widthOf } from '../text/cells.js';
import { timeAt, type TimeMode } from '../text/format.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { PHASE_MARKS, type DeploymentView } from './deployment.js';
import { durationOf } from './duration.js';

export type ColumnKey =
  | 'changed'
  | 'status'
  | 'source'
  | 'commit'
  | 'subject'
  | 'branch'
  | 'started'
  | 'duration'
  | 'server'
  | 'application'
  | 'build'
  | 'domains'
  | 'id'
  | 'reason';

export interface ColumnSpec {
  readonly key: ColumnKey;
  readonly header: string;
  /** Narrowest it is drawn. */
  readonly min: number;
  /** Widest it gets, in cells. */
  readonly max: number;
  /** 0: always drawn (shrunk rather than dropped); otherwise lower numbers are kept first when space is short (the highest go first). */
  readonly priority: number;
  /** Takes the width left over. */
  readonly flex?: boolean;
  /** A flexible column's width before the less important columns get room. */
  readonly comfort?: number;
}

/**
 * In the order they are drawn. Always drawn: status, commit, subject, started and id (what `:` and
 * `dms logs APP ID` take). When space is short the others go, the highest priority first: the
 * application's values (when they differ between rows), then source, branch, duration, server.
 */
export const COLUMNS: readonly ColumnSpec[] = [
  { key: 'changed', header: 'Δ', min: 1, max: 1, priority: 1 },
  { key: 'status', header: 'status', min: 6, max: 14, priority: 0 },
  { key: 'source', header: 'source', min: 6, max: 10, priority: 6 },
  { key: 'commit', header: 'commit', min: 7, max: 12, priority: 0 },
  { key: 'subject', header: 'subject', min: 16, max: 100, priority: 0, flex: true, comfort: 36 },
  { key: 'branch', header: 'branch', min: 6, max: 20, priority: 5 },
  { key: 'started', header: 'started', min: 11, max: 11, priority: 0 },
  { key: 'duration', header: 'duration', min: 7, max: 10, priority: 4 },
  { key: 'server', header: 'server', min: 6, max: 20, priority: 3 },
  { key: 'application', header: 'app', min: 6, max: 24, priority: 7 },
  { key: 'build', header: 'build', min: 5, max: 16, priority: 8 },
  { key: 'domains', header: 'domains', min: 10, max: 40, priority: 9 },
  { key: 'id', header: 'id', min: 2, max: 10, priority: 0 },
];

/**
 * The line that explains a failure (model/reason.ts): `dms deployments` draws it last, after
 * COLUMNS, when a row has one; it gets room before the subject grows (fitColumns), cut to fit.
 */
export const REASON_COLUMN: ColumnSpec = { key: 'reason', header: 'reason', min: 12, max: 160, priority: 0, flex: true, comfort: 40 };

/** Columns whose value is the application's, not the deployment's: the same on every row goes to the header. */
export const APP_COLUMNS: readonly ColumnKey[] = ['application', 'build', 'domains', 'server'];

export type Cells = Readonly<Record<ColumnKey, string>>;

/**
 * A cell of a drawn column that the row has nothing for where one expects something: a deployment
 * without a commit message (a `HEAD` deployment started by hand, `commit_message: null`) reads
 * `—`, not as a blank that looks like a drawing fault. It does not count as filling the column
 * (pageColumns): a page where no row has a message draws no subject column.
 */
export const NONE = '—';

/** Longest text of one cell (the widest column is 100). */
const CELL_MAX = 200;

export interface CellOptions {
  /** Its settings differ from the deployment before it (Δ). */
  readonly changed?: boolean;
  /** Passwords in URLs shown as sent (`dms deployments --show-secrets`); the TUI's table never does. */
  readonly reveal?: boolean;
  /** `started` as `3d 4h ago` (default) or as the local time with its zone (T in the TUI). */
  readonly time?: TimeMode;
  /** The reason of a failure (model/reason.ts), already cleaned and masked; '' or absent: none. */
  readonly reason?: string;
}

/** What a row shows in each column: the view's clean text, URL passwords masked, shortened. */
export function cellsOf(view: DeploymentView, now: number, options: CellOptions = {}): Cells {
  const cell = (s: string): string => (options.reveal ? s : maskUrlPasswords(s)).slice(0, CELL_MAX);
  return {
    changed: options.changed ? 'Δ' : '',
    status: `${PHASE_MARKS[view.phase]} ${cell(view.statusText)}`,
    source: view.source,
    commit: cell(view.shortCommit),
    subject: cell(view.subject) || NONE,
    branch: cell(view.branch),
    started: view.startedAt === null ? '' : timeAt(view.startedAt, now, options.time ?? 'relative'),
    duration: durationOf(view, now).text,
    server: cell(view.server),
    application: cell(view.application),
    build: cell(view.buildPack),
    domains: cell(view.domains),
    id: view.id === null ? '' : String(view.id),
    reason: (options.reason ?? '').slice(0, CELL_MAX),
  };
}

export interface PageColumns {
  /** Columns some row fills, without those moved to the header. */
  readonly columns: readonly ColumnSpec[];
  /** The application's values that are the same on every row that has them. */
  readonly header: Partial<Record<ColumnKey, string>>;
}

/**
 * What the rows seen so far fill (the TUI keeps one per application, so paging never changes
 * which columns are drawn): the columns some row fills, and each application column's one value.
 */
export interface SeenColumns {
  readonly filled: ReadonlySet<ColumnKey>;
  /** An application column's value while every row seen that has one agrees; null once two differ. */
  readonly shared: ReadonlyMap<ColumnKey, string | null>;
}

export const NOTHING_SEEN: SeenColumns = { filled: new Set(), shared: new Map() };

/**
 * `seen` with `rows` added: the same object when they add nothing. `carried`: columns the record
 * shape has though these rows leave them empty (a record carrying `commit_message: null` has a
 * subject column, drawn `—`: shapeColumns).
 */
export function seeColumns(seen: SeenColumns, rows: readonly Cells[], carried: Iterable<ColumnKey> = []): SeenColumns {
  let filled: Set<ColumnKey> | undefined;
  let shared: Map<ColumnKey, string | null> | undefined;
  const fill = (key: ColumnKey) => {
    if (!(filled ?? seen.filled).has(key)) (filled ??= new Set(seen.filled)).add(key);
  };
  for (const key of carried) fill(key);
  for (const r of rows) {
    for (const key of Object.keys(r) as ColumnKey[]) {
      const value = r[key];
      if (value === '' || value === NONE) continue;
      fill(key);
      if (!APP_COLUMNS.includes(key)) continue;
      const now = shared ?? seen.shared;
      if (!now.has(key)) (shared ??= new Map(seen.shared)).set(key, value);
      else if (now.get(key) !== null && now.get(key) !== value) (shared ??= new Map(seen.shared)).set(key, null);
    }
  }
  return filled || shared ? { filled: filled ?? seen.filled, shared: shared ?? seen.shared } : seen;
}

/** Columns the record shape has whatever this record's values: subject when it carries `commit_message` (null included). */
export function shapeColumns(view: DeploymentView): ColumnKey[] {
  return 'commit_message' in (view.record as Record<string, unknown>) ? ['subject'] : [];
}

/** The columns drawn from what was seen: none that no row filled; the application's values once, in the header, when they agree. */
export function columnsSeen(seen: SeenColumns, specs: readonly ColumnSpec[] = COLUMNS): PageColumns {
  const header: Partial<Record<ColumnKey, string>> = {};
  const columns = specs.filter((spec) => {
    if (!seen.filled.has(spec.key)) return false;
    const one = seen.shared.get(spec.key);
    if (typeof one === 'string') {
      header[spec.key] = one;
      return false;
    }
    return true;
  });
  return { columns, header };
}

/** Which columns one page draws (`dms deployments`): columnsSeen of its rows alone. */
export function pageColumns(rows: readonly Cells[], specs: readonly ColumnSpec[] = COLUMNS): PageColumns {
  return columnsSeen(seeColumns(NOTHING_SEEN, rows), specs);
}

export interface LaidColumn {
  readonly key: ColumnKey;
  readonly header: string;
  /** Content width in cells. */
  readonly width: number;
}

export interface Frame {
  /** Cells taken whatever the columns (outer borders). */
  readonly base: number;
  /** Cells each column takes besides its content (separator, padding). */
  readonly perColumn: number;
}

/** The TUI's bordered table: `│ a │ b │`. */
export const BORDERED: Frame = { base: 1, perColumn: 3 };
/** Plain text columns separated by two spaces. */
export const PLAIN: Frame = { base: -2, perColumn: 2 };

/** Optional columns at or below this priority come before the flexible column grows to its comfortable width. */
const EARLY = 2;

/**
 * Picks and sizes the columns for `available` cells: the required ones (the flexible one at its
 * minimum), then the first optional ones (Δ, duration), then the flexible column up to a
 * comfortable width, then the other optional ones by priority while they fit (the last one that
 * does not fit whole is shrunk to the room left, down to its minimum), then the spare width to
 * the flexible column. Returns them in drawing order. `seen`: the widest each column has been
 * before (the TUI keeps widths across pages and refreshes of one application, so they do not jump).
 * `keep`: columns drawn whatever their priority (shrunk rather than dropped), as the required ones:
 * the TUI keeps the columns it drew at this width, so a wider cell on another page drops none.
 */
export function fitColumns(
  specs: readonly ColumnSpec[],
  rows: readonly Cells[],
  available: number,
  frame: Frame = BORDERED,
  seen?: ReadonlyMap<ColumnKey, number>,
  keep: ReadonlySet<ColumnKey> = new Set(),
): LaidColumn[] {
  const natural = new Map<ColumnKey, number>();
  for (const spec of specs) {
    let w = Math.max(widthOf(spec.header), seen?.get(spec.key) ?? 0);
    for (const r of rows) w = Math.max(w, widthOf(r[spec.key]));
    natural.set(spec.key, Math.min(spec.max, Math.max(w, spec.flex ? 1 : spec.min)));
  }
  const width = new Map<ColumnKey, number>();
  const floor = (spec: ColumnSpec) => (spec.flex ? Math.min(spec.min, natural.get(spec.key)!) : natural.get(spec.key)!);
  const required = (spec: ColumnSpec) => spec.priority === 0 || keep.has(spec.key);
  let used = frame.base;
  for (const spec of specs) {
    if (!required(spec)) continue;
    width.set(spec.key, floor(spec));
    used += floor(spec) + frame.perColumn;
  }
  // Too narrow even for the required columns: shrink the widest until they fit (never below one cell).
  while (used > available) {
    let widest: ColumnKey | undefined;
    for (const [k, w] of width) if (w > 1 && (widest === undefined || w > width.get(widest)!)) widest = k;
    if (widest === undefined) break;
    width.set(widest, width.get(widest)! - 1);
    used--;
  }
  // Room goes to the last flexible column first: the reason, when drawn, before the subject.
  const flexFirst = specs.filter((s) => s.flex).reverse();
  const growFlex = (upTo: (spec: ColumnSpec) => number) => {
    for (const spec of flexFirst) {
      if (!spec.flex || !width.has(spec.key)) continue;
      const grow = Math.max(0, Math.min(upTo(spec) - width.get(spec.key)!, available - used));
      width.set(spec.key, width.get(spec.key)! + grow);
      used += grow;
    }
  };
  const optional = specs.filter((s) => !required(s)).sort((a, b) => a.priority - b.priority);
  const place = (spec: ColumnSpec, shrink: boolean) => {
    const room = available - used - frame.perColumn;
    const w = floor(spec) <= room ? floor(spec) : shrink && room >= spec.min ? room : 0;
    if (w === 0) return;
    width.set(spec.key, w);
    used += w + frame.perColumn;
  };
  for (const spec of optional) if (spec.priority <= EARLY) place(spec, false);
  growFlex((spec) => Math.min(natural.get(spec.key)!, spec.comfort ?? spec.min));
  for (const spec of optional) if (spec.priority > EARLY) place(spec, true);
  growFlex((spec) => natural.get(spec.key)!);
  return specs.filter((s) => width.has(s.key)).map((s) => ({ key: s.key, header: s.header, width: width.get(s.key)! }));
}

/** Cells a bordered table of these columns takes. */
export function tableWidth(columns: readonly LaidColumn[], frame: Frame = BORDERED): number {
  return frame.base + columns.reduce((sum, c) => sum + c.width + frame.perColumn, 0);
}

/**
 * The columns with `started` as wide as a local time with its zone (`2026-11-24 14:03 +01`, 20
 * cells; 23 where the offset has minutes). Relative times take a fixed 11 (COLUMNS), so the
 * column keeps its width from page to page; only T changes it.
 */
export function absoluteTimeColumns(specs: readonly ColumnSpec[] = COLUMNS): ColumnSpec[] {
  return specs.map((c) => (c.key === 'started' ? { ...c, min: 20, max: 23 } : c));
}

/** The columns a wide table shows at `start` (the first shown), and where it may start. */
export interface ColumnWindow {
  readonly columns: readonly LaidColumn[];
  readonly start: number;
  /** The last `start` that still shows the last column. */
  readonly maxStart: number;
}

/**
 * The whole columns of `laid` (a table wider than `available`: the wide view) that fit from
 * `start` on; the first one is cut to the room when it alone does not fit.
 */
export function columnWindow(laid: readonly LaidColumn[], start: number, available: number, frame: Frame = BORDERED): ColumnWindow {
  const fits = (from: number, to: number) => tableWidth(laid.slice(from, to), frame) <= available;
  let maxStart = Math.max(0, laid.length - 1);
  while (maxStart > 0 && fits(maxStart - 1, laid.length)) maxStart--;
  const first = Math.max(0, Math.min(start, maxStart));
  let end = first + 1;
  while (end < laid.length && fits(first, end + 1)) end++;
  const columns = laid.slice(first, end);
  if (columns.length === 1 && !fits(first, end)) {
    const room = Math.max(1, available - frame.base - frame.perColumn);
    columns[0] = { ...columns[0]!, width: Math.min(columns[0]!.width, room) };
  }
  return { columns, start: first, maxStart };
}

/** The columns a table drew at a width: kept while the width stays. */
export interface DrawnColumns {
  readonly width: number;
  readonly keys: ReadonlySet<ColumnKey>;
}

/**
 * fitColumns for a table that keeps its shape: the columns drawn before at this width stay
 * (`drawn`: what was drawn last; another width starts afresh). Returns the columns and what was
 * drawn (`drawn` itself when the same).
 */
export function stableColumns(
  specs: readonly ColumnSpec[],
  rows: readonly Cells[],
  available: number,
  seen: ReadonlyMap<ColumnKey, number>,
  drawn: DrawnColumns | null,
): { laid: LaidColumn[]; drawn: DrawnColumns } {
  const kept = drawn?.width === available ? drawn : null;
  let laid = fitColumns(specs, rows, available, BORDERED, seen, kept?.keys);
  // Kept columns that no longer fit (a cell grew past what the flexible column can give): fit afresh.
  if (kept && tableWidth(laid) > available) laid = fitColumns(specs, rows, available, BORDERED, seen);
  const same = kept !== null && laid.length === kept.keys.size && laid.every((c) => kept.keys.has(c.key));
  return { laid, drawn: same ? kept : { width: available, keys: new Set(laid.map((c) => c.key)) } };
}

/**
 * Every column for the wide view (W), each at its width; the flexible one at its comfortable
 * width, or wider while the whole table still fits `available` (then nothing scrolls).
 */
export function wideColumns(
  specs: readonly ColumnSpec[],
  rows: readonly Cells[],
  available: number,
  seen?: ReadonlyMap<ColumnKey, number>,
): LaidColumn[] {
  const all = fitColumns(specs, rows, Number.POSITIVE_INFINITY, BORDERED, seen);
  const flexOf = (key: ColumnKey) => specs.find((s) => s.key === key && s.flex);
  const snug = all.map((c) => {
    const spec = flexOf(c.key);
    return spec ? { ...c, width: Math.min(c.width, Math.max(spec.min, spec.comfort ?? spec.min)) } : c;
  });
  let spare = available - tableWidth(snug);
  return snug.map((c, i) => {
    if (spare <= 0 || !flexOf(c.key)) return c;
    const grow = Math.min(spare, all[i]!.width - c.width);
    spare -= grow;
    return { ...c, width: c.width + grow };
  });
}
