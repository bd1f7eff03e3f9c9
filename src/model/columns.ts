// The deployments table as data, shared by the TUI and `dms deployments`: which columns exist,
// what each row shows in them, which columns a page fills, and how they fit a width. Pure.
import { widthOf } from '../text/cells.js';
import { relativeAt } from '../text/format.js';
import { maskUrlPasswords } from '../text/secrets.js';
import { PHASE_MARKS, type DeploymentView } from './deployment.js';
import { durationOf } from './duration.js';

export type ColumnKey =
  | 'changed' | 'status' | 'source' | 'commit' | 'subject' | 'branch' | 'started' | 'duration' | 'server'
  | 'application' | 'build' | 'domains' | 'id' | 'reason';

export interface ColumnSpec {
  readonly key: ColumnKey;
  readonly header: string;
  /** Narrowest it is drawn. */
  readonly min: number;
  /** Widest it gets, in cells. */
  readonly max: number;
  /** 0: always drawn (shrunk rather than dropped); otherwise lower numbers are kept first when space is short. */
  readonly priority: number;
  /** Takes the width left over. */
  readonly flex?: boolean;
  /** A flexible column's width before the less important columns get room. */
  readonly comfort?: number;
}

/** In the order they are drawn. */
export const COLUMNS: readonly ColumnSpec[] = [
  { key: 'changed', header: 'Δ', min: 1, max: 1, priority: 1 },
  { key: 'status', header: 'status', min: 6, max: 14, priority: 0 },
  { key: 'source', header: 'source', min: 6, max: 10, priority: 3 },
  { key: 'commit', header: 'commit', min: 7, max: 12, priority: 0 },
  { key: 'subject', header: 'subject', min: 16, max: 100, priority: 0, flex: true, comfort: 36 },
  { key: 'branch', header: 'branch', min: 6, max: 20, priority: 5 },
  { key: 'started', header: 'started', min: 7, max: 10, priority: 0 },
  { key: 'duration', header: 'duration', min: 7, max: 10, priority: 2 },
  { key: 'server', header: 'server', min: 6, max: 20, priority: 6 },
  { key: 'application', header: 'app', min: 6, max: 24, priority: 7 },
  { key: 'build', header: 'build', min: 5, max: 16, priority: 8 },
  { key: 'domains', header: 'domains', min: 10, max: 40, priority: 9 },
  { key: 'id', header: 'id', min: 2, max: 10, priority: 4 },
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
    started: view.startedAt === null ? '' : relativeAt(view.startedAt, now),
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

/** Which columns a page draws: none that no row fills; the application's values once, in the header, when they agree. */
export function pageColumns(rows: readonly Cells[], specs: readonly ColumnSpec[] = COLUMNS): PageColumns {
  const header: Partial<Record<ColumnKey, string>> = {};
  const columns = specs.filter((spec) => {
    const values = new Set<string>();
    for (const r of rows) if (r[spec.key] !== '' && r[spec.key] !== NONE) values.add(r[spec.key]);
    if (values.size === 0) return false;
    if (values.size === 1 && APP_COLUMNS.includes(spec.key)) {
      header[spec.key] = [...values][0]!;
      return false;
    }
    return true;
  });
  return { columns, header };
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
 */
export function fitColumns(
  specs: readonly ColumnSpec[], rows: readonly Cells[], available: number, frame: Frame = BORDERED,
  seen?: ReadonlyMap<ColumnKey, number>,
): LaidColumn[] {
  const natural = new Map<ColumnKey, number>();
  for (const spec of specs) {
    let w = Math.max(widthOf(spec.header), seen?.get(spec.key) ?? 0);
    for (const r of rows) w = Math.max(w, widthOf(r[spec.key]));
    natural.set(spec.key, Math.min(spec.max, Math.max(w, spec.flex ? 1 : spec.min)));
  }
  const width = new Map<ColumnKey, number>();
  const floor = (spec: ColumnSpec) => (spec.flex ? Math.min(spec.min, natural.get(spec.key)!) : natural.get(spec.key)!);
  let used = frame.base;
  for (const spec of specs) {
    if (spec.priority !== 0) continue;
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
  const optional = specs.filter((s) => s.priority !== 0).sort((a, b) => a.priority - b.priority);
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
