// `dms deployments` arguments, checked before anything is sent: paging or --all, the output
// format, and the filters (status, branch, since/until) with --limit.
import type { Phase } from '../model/deployment.js';
import type { RowFilter } from '../model/filter.js';
import type { AppAddress } from '../api/app-address.js';
import { intFlag, outputFlag, quotedArg, type Parsed } from './args.js';
import { appArg } from './app-arg.js';
import { UsageError } from './exit-codes.js';
import { TIME_FORMS, timeOfText } from '../model/time-text.js';
import { STATUS_HELP, STATUS_NAMES, readQuery, sinceOf } from '../model/query.js';
import { VIEW_NAME, VIEW_NAME_HELP, type SavedView } from '../config/views.js';
import { DEFAULT_SORT, SORT_HELP, sortOfText, type SortOrder } from '../model/sort.js';

export const OUTPUTS = ['table', 'json', 'ndjson', 'csv'] as const;
export type OutputFormat = (typeof OUTPUTS)[number];

export interface DeploymentsArgs {
  readonly app: string;
  /** APP was the address of the application's page: its host must be the connection's. */
  readonly address?: AppAddress;
  readonly skip: number | undefined;
  readonly take: number | undefined;
  /** Read the whole history (every page). */
  readonly all: boolean;
  readonly output: OutputFormat;
  readonly filter: RowFilter;
  /** Stop after this many matching rows. */
  readonly limit: number | undefined;
  readonly showSecrets: boolean;
  /** The table's `started` column: `--time iso|relative`; undefined = relative on a terminal, ISO when piped. */
  readonly time: TimeDisplay | undefined;
  /** `-o json --with-total`: `{"count": N, "deployments": [...]}` instead of the bare array. */
  readonly withTotal: boolean;
  /** `--cached`: the page from the page cache, not from the server. */
  readonly cached: boolean;
  /** `--sort FIELD[:asc|:desc]`: the order rows are printed in (default started:desc, the server's). */
  readonly sort: SortOrder;
  /** --sort was given (a saved view's sort gives way to it). */
  readonly sortGiven: boolean;
  /** `--filter` as typed ('' without it): a saved view's query goes with it. */
  readonly filterText: string;
  /** `--view NAME`: a saved view (config/views.ts) of the application on this server, read once connected. */
  readonly view?: string;
}

export const TIME_DISPLAYS = ['iso', 'relative'] as const;
export type TimeDisplay = (typeof TIME_DISPLAYS)[number];

/** `--status` names: the query's `status:` names (model/query.ts). */
export { STATUS_NAMES };

export function parseStatuses(raw: string): Set<Phase> {
  const names = raw.split(',').map((s) => s.trim().toLowerCase());
  const phases = new Set<Phase>();
  for (const name of names) {
    const phase = STATUS_NAMES[name];
    if (phase === undefined) {
      // Repeated only when plain: a mistyped flag value is not worth a screenful, a misplaced token not worth showing.
      const shown = name === '' ? 'an empty name' : quotedArg(name);
      throw new UsageError(`--status takes ${STATUS_HELP} (comma-separated)${shown ? `, not ${shown}` : ''}.`);
    }
    phases.add(phase);
  }
  return phases;
}

export { TIME_FORMS };

/** A point in time from `7d` (ago), `2026-11-01` (midnight UTC) or an ISO time (UTC unless it has an offset). */
export function parseTime(flag: string, raw: string, now: number): number {
  const t = timeOfText(raw, now);
  if (t !== null) return t;
  const shown = quotedArg(raw);
  throw new UsageError(`--${flag} takes a time such as ${TIME_FORMS}${shown ? `, not ${shown}` : ''}.`);
}

function outputOf(values: Parsed['values']): OutputFormat {
  return outputFlag(values, OUTPUTS) ?? 'table';
}

/** Checks every argument; nothing has been sent yet. `now`: what relative times (`7d`) count back from. */
export function deploymentsArgs(parsed: Parsed, now = Date.now()): DeploymentsArgs {
  const [appText, extra] = parsed.positionals;
  const v = parsed.values;
  if (!appText) throw new UsageError("give the application uuid (or its page's address): dms deployments APP_UUID.");
  // Not repeated: an argument in the wrong place may be a token.
  if (extra !== undefined)
    throw new UsageError(
      'one argument too many: dms deployments takes one APP_UUID (the 2nd argument after deployments is not repeated here, in case it is a secret). Run dms deployments --help.',
    );
  const { app, address } = appArg(appText);
  const all = v.all === true;
  const cached = v.cached === true;
  if (all && cached)
    throw new UsageError('--cached reads one page the cache kept; it cannot go with --all, which reads the whole history from the server.');
  if (all && v.skip !== undefined)
    throw new UsageError('--all reads the whole history from the newest; it takes no --skip. Use --since or --until to start later.');
  if (all && v.take !== undefined)
    throw new UsageError(
      '--all reads every page and sizes the requests itself; it takes no --take. Use --limit N to stop after N deployments.',
    );
  const skip = intFlag(v, 'skip', 0);
  const take = intFlag(v, 'take', 1);
  const limit = intFlag(v, 'limit', 1);
  const output = outputOf(v);
  let time: TimeDisplay | undefined;
  if (v.time !== undefined) {
    if (typeof v.time !== 'string' || !(TIME_DISPLAYS as readonly string[]).includes(v.time)) {
      const shown = typeof v.time === 'string' ? quotedArg(v.time) : undefined;
      throw new UsageError(`--time takes iso or relative${shown ? `, not ${shown}` : ''}.`);
    }
    time = v.time as TimeDisplay;
  }
  const withTotal = v['with-total'] === true;
  if (withTotal && output !== 'json') {
    throw new UsageError(
      `--with-total goes with -o json (it wraps the array as {"count", "deployments"})${output === 'table' ? '; the table always ends with the total' : `, not -o ${output}`}.`,
    );
  }

  let phases: Set<Phase> | undefined;
  if (v.status !== undefined) phases = parseStatuses(String(v.status));
  let branch: string | undefined;
  if (v.branch !== undefined) {
    branch = String(v.branch);
    if (branch.trim() === '') throw new UsageError('--branch needs a branch name, e.g. --branch main.');
  }
  const query = queryArg('--filter', v.filter, now);
  const view = viewArg(v.view, cached);
  const sort = sortArg(v.sort);
  const flagSince = typeof v.since === 'string' ? parseTime('since', v.since, now) : undefined;
  // The latest since the query asks for too: the reading of the history may stop before it.
  const querySince = query ? sinceOf(query.parsed) : undefined;
  const since = flagSince === undefined ? querySince : querySince === undefined ? flagSince : Math.max(flagSince, querySince);
  const until = typeof v.until === 'string' ? parseTime('until', v.until, now) : undefined;
  if (flagSince !== undefined && until !== undefined && until <= flagSince) {
    throw new UsageError(
      `--until (${new Date(until).toISOString()}) is not after --since (${new Date(flagSince).toISOString()}): nothing can match.`,
    );
  }
  return {
    app,
    ...(address ? { address } : {}),
    skip,
    take,
    all,
    output,
    limit,
    showSecrets: v['show-secrets'] === true,
    time,
    withTotal,
    cached,
    sort,
    sortGiven: v.sort !== undefined,
    filterText: typeof v.filter === 'string' ? v.filter : '',
    ...(view !== undefined ? { view } : {}),
    filter: {
      ...(query ? { query } : {}),
      ...(phases ? { phases } : {}),
      ...(branch !== undefined ? { branch } : {}),
      ...(since !== undefined ? { since } : {}),
      ...(until !== undefined ? { until } : {}),
    },
  };
}

/** `--filter QUERY`: the query language (model/query.ts); a mistake is one usage line, after `label`. */
function queryArg(label: string, raw: string | boolean | undefined, now: number) {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new UsageError("--filter needs a query, e.g. --filter 'status:failed branch:main dur>5m'.");
  const read = readQuery(raw, now);
  if (!read.ok) throw new UsageError(`${label}: ${read.error}`);
  return { parsed: read.query, now };
}

function viewArg(raw: string | boolean | undefined, cached: boolean): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !VIEW_NAME.test(raw)) {
    const shown = typeof raw === 'string' ? quotedArg(raw) : undefined;
    throw new UsageError(`--view takes the name of a view saved in the TUI (${VIEW_NAME_HELP})${shown ? `, not ${shown}` : ''}.`);
  }
  if (cached)
    throw new UsageError('--view reads the views saved for the server; it cannot go with --cached. Give --filter and --sort instead.');
  return raw;
}

/** The arguments with a saved view laid under them: its query and --filter both hold; --sort, when given, before its sort. */
export function withView(args: DeploymentsArgs, view: SavedView, now = Date.now()): DeploymentsArgs {
  const query = queryArg(`the view ${view.name}`, [view.filter, args.filterText].filter((t) => t.trim() !== '').join(' '), now);
  const viewSince = query ? sinceOf(query.parsed) : undefined;
  const old = args.filter.since;
  const since = viewSince === undefined ? old : old === undefined ? viewSince : Math.max(old, viewSince);
  return {
    ...args,
    sort: args.sortGiven ? args.sort : (sortOfText(view.sort) ?? DEFAULT_SORT),
    filter: { ...args.filter, ...(query ? { query } : {}), ...(since !== undefined ? { since } : {}) },
  };
}

function sortArg(raw: string | boolean | undefined): SortOrder {
  if (raw === undefined) return DEFAULT_SORT;
  const order = typeof raw === 'string' ? sortOfText(raw) : null;
  if (order) return order;
  const shown = typeof raw === 'string' ? quotedArg(raw) : undefined;
  throw new UsageError(`--sort takes ${SORT_HELP}${shown ? `, not ${shown}` : ''}.`);
}

/** The table's `started` column: as asked, else relative on a terminal and ISO when piped (for scripts and files). */
export function timeDisplayOf(asked: DeploymentsArgs['time'], stdout: NodeJS.WritableStream): TimeDisplay {
  return asked ?? ((stdout as NodeJS.WriteStream).isTTY ? 'relative' : 'iso');
}
