// `dms deployments APP_UUID [--skip N] [--take N] [--json]`
import { invalidFieldsOf } from '../api/schemas/deployment-fields.js';
import { maskOwnRecord, maskRecord } from '../text/secrets.js';
import type { ColumnKey } from '../model/columns.js';
import { intFlag, type Parsed } from './args.js';
import { UsageError } from './exit-codes.js';
import type { Style } from './table.js';
import type { CommandIO } from './io.js';
import type { Session } from './connect.js';

/** Records stringified and written together (a write per record costs a system call each on a pipe). */
const BATCH = 100;

/**
 * Writes the same text as `JSON.stringify(items.map(map), null, 2)`, 100 records at a time,
 * waiting when the stream is full, so a 1000-record page never holds all masked copies and the
 * whole text in memory at once.
 */
export async function writeJsonArray<T>(out: NodeJS.WritableStream, items: readonly T[], map: (item: T) => unknown): Promise<void> {
  if (items.length === 0) {
    out.write('[]\n');
    return;
  }
  for (let start = 0; start < items.length; start += BATCH) {
    const text = JSON.stringify(items.slice(start, start + BATCH).map(map), null, 2);
    // `[\n  {…},\n  {…}\n]`: the batch's records keep their indentation inside the one array.
    const body = text.slice(2, -2);
    const last = start + BATCH >= items.length;
    const ok = out.write(`${start === 0 ? '[\n' : ',\n'}${body}${last ? '\n]\n' : ''}`);
    if (!ok) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
}

export async function runDeployments(parsed: Parsed, io: CommandIO, session: Session, style: Style): Promise<number> {
  const [appUuid, extra] = parsed.positionals;
  if (!appUuid) throw new UsageError('give the application uuid: dms deployments APP_UUID.');
  if (extra !== undefined) throw new UsageError(`unexpected argument '${extra}'. Run dms deployments --help.`);
  const skip = intFlag(parsed.values, 'skip', 0);
  const take = intFlag(parsed.values, 'take', 1);
  const show = parsed.values['show-secrets'] === true;

  if (parsed.values.json) {
    // The records as the server sent them (masked): nothing to read into the model first.
    const { records } = await session.client.listRecords(appUuid, { skip, take });
    // Each record is printed and dropped: masked where it stands (other elements of a list as maskRecord does).
    const mask = (d: unknown) => (d !== null && typeof d === 'object' && !Array.isArray(d) ? maskOwnRecord(d as Record<string, unknown>) : maskRecord(d));
    await writeJsonArray(io.stdout, records, (d) => (show ? d : mask(d)));
    return 0;
  }
  const page = await session.client.listDeployments(appUuid, { skip, take });

  // The deployment model and string-width (behind the columns) load only for the human table.
  const [{ columnsTable, paint, statusColour }, { cellsOf, fitColumns, pageColumns, PLAIN }, { viewOf }, { settingsChanged }] = await Promise.all([
    import('./table.js'), import('../model/columns.js'), import('../model/deployment.js'), import('../model/settings.js'),
  ]);
  const now = Date.now();
  const views = page.deployments.map(viewOf);
  // Δ: settings differ from the next older deployment on the page (the last row has none to compare with).
  const cells = views.map((v, i) => cellsOf(v, now, { changed: settingsChanged(v.record, views[i + 1]?.record), reveal: show }));
  const { columns, header } = pageColumns(cells);
  const out = io.stdout as NodeJS.WriteStream;
  const laid = fitColumns(columns, cells, out.isTTY && out.columns ? out.columns : Infinity, PLAIN);
  const about = appLine(header);
  if (about) io.stderr.write(`${about}\n`);
  if (views.length > 0) {
    io.stdout.write(`${columnsTable(laid, cells, (row, column, text) => {
      if (column.key === 'status') return paint(style, statusColour(views[row]!.status), text);
      return column.key === 'changed' ? paint(style, 'yellow', text) : text;
    })}\n`);
  }

  const first = (skip ?? 0) + 1;
  const last = (skip ?? 0) + page.deployments.length;
  const range = page.deployments.length === 0 ? 'no deployments on this page' : `${first}–${last}`;
  const total = page.total !== null ? ` of ${page.total}` : '';
  const flagged = page.deployments.filter((d) => Object.keys(invalidFieldsOf(d)).length > 0).length;
  io.stderr.write(`${range}${total}${flagged ? `; ${flagged} record(s) had fields of an unexpected type (see --json)` : ''}\n`);
  return 0;
}

const ABOUT: readonly (readonly [ColumnKey, string])[] = [['application', 'app'], ['build', 'build'], ['server', 'server'], ['domains', 'domains']];

/** The application's values that every row shares, for the line above the table. */
export function appLine(header: Partial<Record<ColumnKey, string>>): string {
  return ABOUT.filter(([k]) => header[k]).map(([k, label]) => `${label} ${header[k]}`).join(' · ');
}
