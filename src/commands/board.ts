// `dms board [--all-contexts] [-o table|json|ndjson|csv]`, headless: every recent application of
// the connection (and of every saved context), one page each (model/board.ts: the strip, the last
// deployment's status and age, why it ended), printed once. At most BOARD_LIMIT requests at a time;
// the client retries a 429 within its budget. On a terminal without -o, cli.ts opens the board screen.
import type { DmsClient } from '../api/client.js';
import {
  BOARD_LIMIT,
  BOARD_TAKE,
  boardProblem,
  boardProblemRow,
  boardRowOf,
  stripText,
  type BoardApp,
  type BoardRow,
} from '../model/board.js';
import { PHASE_MARKS } from '../model/deployment.js';
import { padCells, truncate, widthOf } from '../text/cells.js';
import { relativeAt } from '../text/format.js';
import { jsonSafe } from '../text/sanitize.js';
import { outputFlag, type Parsed } from './args.js';
import type { BoardSource } from './board-sources.js';
import { OUTPUTS, type OutputFormat } from './deployments-args.js';
import { EXIT, UsageError } from './exit-codes.js';
import type { CommandIO } from './io.js';
import { csvLine, isoSeconds } from './row-output.js';
import { paint, statusColour, type Style } from './table.js';

export interface BoardArgs {
  /** undefined: none chosen (a terminal opens the board screen). */
  readonly output: OutputFormat | undefined;
  readonly allContexts: boolean;
  readonly notify: boolean;
}

/** Checks every argument; nothing has been sent yet. */
export function boardArgs(parsed: Parsed): BoardArgs {
  if (parsed.positionals.length > 0)
    throw new UsageError('dms board takes no argument (the argument is not repeated here, in case it is a secret). Run dms board --help.');
  const v = parsed.values;
  const output = outputFlag(v, OUTPUTS);
  return { output, allContexts: v['all-contexts'] === true, notify: v['no-notify'] !== true };
}

/** One application's row: its page read, or why not. */
export async function readRow(client: DmsClient, app: BoardApp, signal?: AbortSignal): Promise<BoardRow> {
  try {
    const page = await client.listDeployments(app.uuid, { skip: 0, take: BOARD_TAKE }, { signal });
    return boardRowOf(app, page, { redact: client.redact });
  } catch (error) {
    return boardProblemRow(app, boardProblem(error));
  }
}

/** Every row of the board, in the order of the sources and their applications, BOARD_LIMIT at a time. */
export async function readBoard(sources: readonly BoardSource[], signal?: AbortSignal): Promise<BoardRow[]> {
  const jobs = sources.flatMap((s) => s.apps.map((app) => ({ client: s.client, app })));
  const rows: BoardRow[] = new Array<BoardRow>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      rows[i] = await readRow(jobs[i]!.client, jobs[i]!.app, signal);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BOARD_LIMIT, jobs.length) }, worker));
  return rows;
}

/** A row as JSON (ndjson's line, json's element). */
function rowJson(row: BoardRow, label: string): Record<string, unknown> {
  const l = row.last;
  return {
    context: label,
    uuid: row.app.uuid,
    name: row.name || null,
    status: l?.status ?? null,
    phase: l?.phase ?? null,
    started_at: l?.startedAt == null ? null : isoSeconds(l.startedAt),
    finished_at: l?.finishedAt == null ? null : isoSeconds(l.finishedAt),
    deployment: l ? { id: l.id, uuid: l.uuid || null, subject: l.subject || null } : null,
    history: row.strip,
    running: row.running,
    why: row.why || null,
    problem: row.problem || null,
  };
}

const CSV_HEAD = ['context', 'uuid', 'name', 'status', 'started', 'finished', 'history', 'why', 'problem'];

function rowCsv(row: BoardRow, label: string): string[] {
  const l = row.last;
  return [
    label,
    row.app.uuid,
    row.name,
    l?.status ?? '',
    isoSeconds(l?.startedAt ?? null),
    isoSeconds(l?.finishedAt ?? null),
    stripText(row.strip),
    row.why,
    row.problem,
  ];
}

/** The table: CONTEXT (with several), APPLICATION, UUID, LAST, AGE, HISTORY, WHY; the last column cut to `width`. */
export function boardTable(rows: readonly BoardRow[], labels: readonly string[], o: { now: number; width: number; style: Style }): string {
  const several = new Set(labels).size > 1;
  const cells = rows.map((r, i) => {
    const l = r.last;
    const last = r.problem ? `! ${r.problem}` : l ? `${PHASE_MARKS[l.phase]} ${l.statusText}` : '· no deployments';
    return [
      ...(several ? [labels[i]!] : []),
      truncate(r.name || '-', 30),
      r.app.uuid,
      last,
      l?.startedAt == null ? '' : relativeAt(l.startedAt, o.now, 1),
      stripText(r.strip),
      r.why,
    ];
  });
  const head = [...(several ? ['CONTEXT'] : []), 'APPLICATION', 'UUID', 'LAST', 'AGE', 'HISTORY', 'WHY'];
  const widths = head.map((h, c) => Math.max(widthOf(h), ...cells.map((r) => widthOf(r[c]!))));
  const statusAt = head.indexOf('LAST');
  const line = (r: readonly string[], i: number) => {
    const padded = r.map((cell, c) => (c === r.length - 1 ? cell : padCells(cell, widths[c]!)));
    const text = truncate(padded.join('  ').trimEnd(), o.width);
    if (i < 0 || !o.style.color || rows[i]!.problem) return text;
    // The status painted in its colour where the line still holds it whole.
    const at = padded.slice(0, statusAt).join('  ').length + (statusAt > 0 ? 2 : 0);
    const cell = padded[statusAt]!;
    if (text.slice(at, at + cell.length) !== cell) return text;
    return text.slice(0, at) + paint(o.style, statusColour(rows[i]!.last?.status), cell) + text.slice(at + cell.length);
  };
  return [line(head, -1), ...cells.map(line)].join('\n');
}

/** Prints the board once. */
export async function runBoard(args: BoardArgs, io: CommandIO, sources: readonly BoardSource[], style: Style): Promise<number> {
  const rows = await readBoard(sources);
  const labels = sources.flatMap((s) => s.apps.map(() => s.label));
  const out = io.stdout as NodeJS.WriteStream;
  if (rows.length === 0 && args.output !== 'json' && args.output !== 'ndjson') {
    io.stderr.write('dms: no recent applications: open one (dms browse APP_UUID or dms deployments APP_UUID) and it is on the board.\n');
  }
  switch (args.output ?? 'table') {
    case 'json':
      out.write(
        `${jsonSafe(
          JSON.stringify(
            rows.map((r, i) => rowJson(r, labels[i]!)),
            null,
            2,
          ),
        )}\n`,
      );
      break;
    case 'ndjson':
      out.write(rows.map((r, i) => `${jsonSafe(JSON.stringify(rowJson(r, labels[i]!)))}\n`).join(''));
      break;
    case 'csv':
      out.write(csvLine(CSV_HEAD) + rows.map((r, i) => csvLine(rowCsv(r, labels[i]!))).join(''));
      break;
    case 'table':
      if (rows.length > 0) {
        const width = out.isTTY && out.columns ? out.columns : Infinity;
        out.write(`${boardTable(rows, labels, { now: Date.now(), width, style })}\n`);
      }
      break;
  }
  // Said on stderr, so a script sees it whatever the format; none read at all is a failure.
  const failed = rows.filter((r) => r.problem !== '');
  if (failed.length > 0) {
    const why = [...new Set(failed.map((r) => r.problem))].join(', ');
    io.stderr.write(`dms: ${failed.length} of ${rows.length} applications could not be read (${why}).\n`);
  }
  return failed.length > 0 && failed.length === rows.length ? EXIT.failure : EXIT.ok;
}
