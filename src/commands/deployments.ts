// `dms deployments APP_UUID [--skip N] [--take N] [--all] [filters] [--limit N] [-o table|json|ndjson|csv]`
// One page (as asked), or with --all the whole history (deployments-all.ts); filtered client-side.
import type { Deployment } from '../api/schemas/deployment.js';
import { invalidFieldsOf } from '../api/schemas/deployment-page.js';
import { boundDepth } from '../text/depth.js';
import { maskOwnRecord, maskRecord } from '../text/secrets.js';
import { keysOf, viewOf, type DeploymentView } from '../model/deployment.js';
import type { Reason } from '../model/reason.js';
import { NO_BRANCHES, asksBranch, isFiltering, matches } from '../model/filter.js';
import { isDefaultSort, sortBy } from '../model/sort.js';
import type { Parsed } from './args.js';
import { deploymentsArgs, timeDisplayOf, withView, type DeploymentsArgs } from './deployments-args.js';
import { savedView } from './view-arg.js';
import { createOutput, createSink, indent, jsonSafe, type Row } from './row-output.js';
import type { Style } from './table.js';
import type { CommandIO } from './io.js';
import type { Session } from './connect.js';
import { sayWait } from './output.js';
import { checkAddressHost } from './app-arg.js';
import { nameOfRecords, rememberApp } from './remember.js';
import { thousands } from '../text/thousands.js';

export { deploymentsArgs } from './deployments-args.js';
export { appLine } from './row-output.js';

/** Records stringified and written together (a write per record costs a system call each on a pipe). */
const BATCH = 100;

/**
 * Writes the same text as `JSON.stringify(items.map(map), null, 2)`, 100 records at a time,
 * waiting when the stream is full, so a 1000-record page never holds all masked copies and the
 * whole text in memory at once. Characters a terminal could act on (DEL, C1 controls, U+2028/9,
 * bidi controls) are written as `\uXXXX`: the same JSON value. With `total` (`--with-total`):
 * the text of `JSON.stringify({ count: total.count, deployments: items.map(map) }, null, 2)`.
 */
export async function writeJsonArray<T>(
  out: NodeJS.WritableStream,
  items: readonly T[],
  map: (item: T) => unknown,
  total?: { readonly count: number | null },
): Promise<void> {
  // Waits while the stream is full; stops at once when the reader went away (`| head`: EPIPE).
  const output = createOutput(out);
  const head = total ? `{\n  "count": ${JSON.stringify(total.count)},\n  "deployments": ` : '';
  if (items.length === 0) {
    await output.write(total ? `${head}[]\n}\n` : '[]\n');
    return;
  }
  for (let start = 0; start < items.length && !output.closed; start += BATCH) {
    const text = JSON.stringify(items.slice(start, start + BATCH).map(map), null, 2);
    // `[\n  {…},\n  {…}\n]`: the batch's records keep their indentation inside the one array.
    const body = jsonSafe(text.slice(2, -2));
    const last = start + BATCH >= items.length;
    await output.write(
      total
        ? `${start === 0 ? `${head}[\n` : ',\n'}${indent(body)}${last ? '\n  ]\n}\n' : ''}`
        : `${start === 0 ? '[\n' : ',\n'}${body}${last ? '\n]\n' : ''}`,
    );
  }
}

/** Rows a page holds when no --take is given (interface.md: `take` defaults to 10). */
const SERVER_TAKE = 10;

/**
 * The table's last line, on stdout: `137 deployments; showing 1–10`, `137 deployments; showing 3
 * of 1–10 (filtered)`, `showing 1–10 (the server sends no total)`, `137 deployments; none on this
 * page (from 201)`, `39 deployments; showing 1–3 — the server sent 3 rows where its count puts 10`,
 * `50 deployments; none on this page (from 1) — the server sent no rows where its count puts 10`.
 */
export function pageSummary(o: {
  total: number | null;
  skip: number;
  take?: number;
  read: number;
  shown: number;
  filtered: boolean;
  limited: boolean;
}): string {
  const head = o.total !== null ? `${thousands(o.total)} deployment${o.total === 1 ? '' : 's'}; ` : '';
  const tail = o.total === null ? ' (the server sends no total)' : '';
  // A page shorter than the server's own count says: said, so the rows it left out are not taken for the end.
  const due = o.total !== null ? Math.min(o.take ?? SERVER_TAKE, o.total - o.skip) : 0;
  const short =
    o.read < due
      ? ` — the server sent ${o.read === 0 ? 'no' : thousands(o.read)} row${o.read === 1 ? '' : 's'} where its count puts ${thousands(due)}`
      : '';
  if (o.read === 0) return o.total === 0 ? 'no deployments' : `${head}none on this page (from ${thousands(o.skip + 1)})${tail}${short}`;
  const range = `${thousands(o.skip + 1)}–${thousands(o.skip + o.read)}`;
  if (!o.filtered && !o.limited) return `${head}showing ${range}${tail}${short}`;
  return `${head}showing ${thousands(o.shown)} of ${range}${o.filtered ? ' (filtered)' : ''}${tail}${short}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `args`: already checked (cli.ts checks them before connecting); read from `parsed` otherwise. */
export async function runDeployments(
  parsed: Parsed,
  io: CommandIO,
  session: Session,
  style: Style,
  args: DeploymentsArgs = deploymentsArgs(parsed),
): Promise<number> {
  checkAddressHost(args.address, session.connection);
  if (args.view !== undefined) args = withView(args, savedView(session, args.app, args.view));
  if (args.all) {
    const { runAll } = await import('./deployments-all.js');
    return runAll(args, io, session, style);
  }
  const { app, skip, take, filter, limit, output, showSecrets: show } = args;
  const filtering = isFiltering(filter);
  // A retry's wait (a 429's Retry-After, up to 10 s) is said on stderr.
  const call = { onWait: sayWait(io.stderr) };

  if (output === 'json' && !filtering && limit === undefined && isDefaultSort(args.sort)) {
    // The records as the server sent them (masked): nothing to read into the model first.
    const { records, total } = await session.client.listRecords(app, { skip, take }, call);
    // Each record is printed and dropped: masked where it stands (other elements of a list as maskRecord does).
    const mask = (d: unknown) => (isObject(d) ? maskOwnRecord(d) : maskRecord(d));
    // Masking bounds the depth too: nothing deeper than JSON.stringify can go reaches it.
    await writeJsonArray(io.stdout, records, (d) => (show ? boundDepth(d) : mask(d)), args.withTotal ? { count: total } : undefined);
    rememberApp(session, io, app, nameOfRecords(records));
    return 0;
  }

  // JSON outputs print the records as sent; the table and the CSV read them into the model.
  const raw = output === 'json' || output === 'ndjson';
  let records: Deployment[];
  let total: number | null;
  if (raw) {
    const body = await session.client.listRecords(app, { skip, take }, call);
    records = body.records as Deployment[];
    total = body.total;
  } else {
    const page = await session.client.listDeployments(app, { skip, take }, call);
    records = page.deployments;
    total = page.total;
  }
  return printPage({
    records,
    total,
    args,
    io,
    style,
    redact: session.client.redact,
    afterRows: () => rememberApp(session, io, app, nameOfRecords(records)),
  });
}

export interface PageToPrint {
  readonly records: readonly Deployment[];
  readonly total: number | null;
  readonly args: DeploymentsArgs;
  readonly io: CommandIO;
  readonly style: Style;
  /** Hides the token (the client's redact). */
  readonly redact: (text: string) => string;
  /** The rows' reasons already worked out, by row key (model/deployment.ts keysOf): the cache's rows carry no logs to read them from. */
  readonly reasons?: Readonly<Record<string, Reason>>;
  /** Called once the rows are written (before the table's last line). */
  readonly afterRows?: () => void;
}

/** One page's records in the format asked, filtered and limited, with the table's last line: what `dms deployments` prints, live or cached. */
export async function printPage(o: PageToPrint): Promise<number> {
  const { records, total, args, io, style } = o;
  const { skip, take, filter, limit, output, showSecrets: show } = args;
  const filtering = isFiltering(filter);
  const views: DeploymentView[] = records.map((r) => viewOf(isObject(r) ? r : ({} as Deployment)));
  const keys = o.reasons ? keysOf(views) : [];
  const rows: Row[] = [];
  let changedOf: ((i: number) => boolean) | undefined;
  if (output === 'table') {
    const { settingsChanged } = await import('../model/settings.js');
    // Δ: settings differ from the next older deployment on the page (the last row has none to compare with).
    changedOf = (i) => settingsChanged(views[i]!.record, views[i + 1]?.record);
  }
  const sorting = !isDefaultSort(args.sort);
  // Sorted, the limit keeps the first rows of the order, so every match is taken first.
  for (let i = 0; i < records.length && (sorting || limit === undefined || rows.length < limit); i++) {
    if (filtering && !matches(views[i]!, filter)) continue;
    const reason = o.reasons ? o.reasons[keys[i]!] : undefined;
    rows.push({
      record: records[i]!,
      view: views[i],
      changed: changedOf?.(i),
      ...(o.reasons ? { reason: reason?.kind === 'reason' ? reason.text : '' } : {}),
    });
  }

  const now = Date.now();
  if (sorting) rows.splice(0, rows.length, ...sortBy(rows, (r) => r.view!, args.sort, now).slice(0, limit));
  const out = io.stdout as NodeJS.WriteStream;
  const stdout = createOutput(io.stdout);
  const sink = await createSink({
    format: output,
    out: stdout,
    stderr: io.stderr,
    style,
    show,
    width: out.isTTY && out.columns ? out.columns : Infinity,
    firstBlock: Infinity,
    now,
    time: timeDisplayOf(args.time, io.stdout),
    countOf: args.withTotal ? () => total : undefined,
    redact: o.redact,
  });
  await sink.write(rows);
  await sink.end(true);
  o.afterRows?.();
  if (asksBranch(filter) && records.length > 0 && views.every((v) => v.branch === '')) io.stderr.write(`dms: warning: ${NO_BRANCHES}\n`);
  if (output !== 'table') return 0;

  // The total on stdout's last line, under the table it counts.
  await stdout.write(
    `${pageSummary({ total, skip: skip ?? 0, take, read: records.length, shown: rows.length, filtered: filtering, limited: limit !== undefined })}\n`,
  );
  const flagged = records.filter((d) => isObject(d) && Object.keys(invalidFieldsOf(d)).length > 0).length;
  if (flagged) io.stderr.write(`dms: warning: ${flagged} record(s) had fields of an unexpected type (see --json)\n`);
  return 0;
}
