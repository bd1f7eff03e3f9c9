// `dms board` headless, in-process against the demo service (both row shapes: the seed's settings
// snapshots and deployed servers' queue rows with logs): the recent applications of the connection
// and, with --all-contexts, of every saved context; each output format; a page that cannot be read.
import { Readable, Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from '../../src/commands/args.js';
import { boardArgs, runBoard } from '../../src/commands/board.js';
import { boardSources } from '../../src/commands/board-sources.js';
import { UsageError } from '../../src/commands/exit-codes.js';
import { addContext } from '../../src/config/contexts.js';
import { addRecent } from '../../src/config/recents.js';
import { createClient } from '../../src/api/client.js';
import { BOARD_TAKE } from '../../src/model/board.js';
import { viewOf } from '../../src/model/deployment.js';
import { reasonText } from '../../src/model/reason.js';
import { setUpDemoService } from '../support/demo.js';
import { tempDir } from '../support/temp.js';

const demo = setUpDemoService();
const MISSING = '00000000-0000-4000-8000-000000000000';

function sink() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _e, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join('') };
}

/** Runs `dms board ARGS` on a config folder whose recents (on the demo's origin) are `apps`. */
async function board(argv: string[], dir: string) {
  const out = sink();
  const err = sink();
  const io = { stdout: out.stream, stderr: err.stream, stdin: Readable.from([]), env: {} };
  const args = boardArgs(parse(['board', ...argv]));
  const origin = new URL(demo.url).origin;
  const sources = await boardSources({
    dir,
    env: {},
    client: createClient({ baseUrl: demo.url, token: demo.token }),
    connection: { label: 'env', host: new URL(demo.url).host, origin, demo: false },
    allContexts: args.allContexts,
    onWarning: (l) => err.stream.write(`${l}\n`),
  });
  const code = await runBoard(args, io, sources, { color: false });
  return { code, stdout: out.text(), stderr: err.text() };
}

let dir: string;
let apps: string[];
beforeAll(() => {
  dir = tempDir('dms-board-');
  apps = demo.seed.applications.map((a) => a.uuid);
  const origin = new URL(demo.url).origin;
  // Added oldest first: the newest recent comes first on the board.
  for (const uuid of [MISSING, ...apps].reverse()) addRecent(dir, { uuid }, origin);
});

describe('dms board -o ndjson', () => {
  it('a line per recent application: its page as the model reads it, the why-line of a failed last deployment', async () => {
    const r = await board(['-o', 'ndjson'], dir);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.uuid)).toEqual([MISSING, ...apps]);
    expect(lines[0]).toMatchObject({ problem: 'not found', history: [], status: null });
    expect(r.stderr).toBe(`dms: 1 of ${apps.length + 1} applications could not be read (not found).\n`);
    let whys = 0;
    for (const [i, uuid] of apps.entries()) {
      const page = await demo.client.listDeployments(uuid, { skip: 0, take: BOARD_TAKE });
      const views = page.deployments.map((d) => viewOf(d));
      const line = lines[i + 1]!;
      expect(line.context).toBe('env');
      // Queued and running ones move on in the demo between two reads: the ended ones stay.
      if (views[0] && !views[0].active) {
        expect(line.status).toBe(views[0].status);
        const why = reasonText(views[0].record, { redact: demo.client.redact });
        expect(line.why ?? '').toBe(why.split('\n')[0]!.trim().slice(0, 300));
        if (why) whys += 1;
      }
      expect((line.history as string[]).length).toBe(views.length);
    }
    // The demo has failed applications with logs: at least one why-line is read.
    expect(whys).toBeGreaterThan(0);
  });
});

describe('dms board, the other formats', () => {
  it('-o csv: a header, then a row per application, CRLF', async () => {
    const r = await board(['-o', 'csv'], dir);
    const rows = r.stdout.split('\r\n').filter(Boolean);
    expect(rows[0]).toBe('context,uuid,name,status,started,finished,history,why,problem');
    expect(rows).toHaveLength(apps.length + 2);
    expect(rows[1]).toContain(`${MISSING},`);
    expect(rows[1]).toMatch(/,not found$/);
  });

  it('-o json: one array; the table: headings and a row per application, no escape sequence without colour', async () => {
    const json = JSON.parse((await board(['--json'], dir)).stdout) as unknown[];
    expect(json).toHaveLength(apps.length + 1);
    const table = (await board([], dir)).stdout;
    const lines = table.trim().split('\n');
    expect(lines[0]).toMatch(/^APPLICATION\s+UUID\s+LAST\s+AGE\s+HISTORY\s+WHY$/);
    expect(lines).toHaveLength(apps.length + 2);
    expect(lines[1]).toContain('! not found');
    expect(table).not.toContain('\u001b');
  });

  it('no recent application: says how one gets on the board', async () => {
    const r = await board([], tempDir('dms-board-empty-'));
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/no recent applications/);
  });
});

describe('dms board, nothing read', () => {
  it('every application unreadable: exit 1, and why on stderr', async () => {
    const d = tempDir('dms-board-none-');
    addRecent(d, { uuid: MISSING }, new URL(demo.url).origin);
    const r = await board(['-o', 'csv'], d);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('dms: 1 of 1 applications could not be read (not found).\n');
  });
});

describe('dms board --all-contexts', () => {
  const other = setUpDemoService();
  it('the recent applications of every saved context on another server, named by context; one that cannot connect is left out in a line', async () => {
    const d = tempDir('dms-board-ctx-');
    addContext(d, { name: 'prod', url: other.url, token: other.token });
    // On the server in use: the same recents; its token command is never run (it would fail).
    addContext(d, { name: 'same', url: demo.url, tokenCommand: ['/nonexistent/dms-token-program'] });
    addContext(d, { name: 'broken', url: 'http://127.0.0.1:9/api/v1', tokenCommand: ['/nonexistent/dms-token-program'] });
    addRecent(d, { uuid: apps[0]! }, new URL(demo.url).origin);
    addRecent(d, { uuid: apps[1]! }, new URL(other.url).origin);
    const r = await board(['--all-contexts', '-o', 'ndjson'], d);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { context: string; uuid: string; status: string | null });
    expect(lines.map((l) => `${l.context} ${l.uuid}`)).toEqual([`env ${apps[0]}`, `prod ${apps[1]}`]);
    expect(lines.every((l) => l.status !== null)).toBe(true);
    expect(r.stderr).toMatch(/context broken left out: /);
    expect(r.stderr).not.toMatch(/context same/);
  });
});

describe('boardArgs', () => {
  it('refuses an argument, an unknown format and --json with another -o', () => {
    expect(() => boardArgs(parse(['board', 'x']))).toThrow(UsageError);
    expect(() => boardArgs(parse(['board', '-o', 'yaml']))).toThrow(/-o\/--output takes table, json, ndjson, csv, not 'yaml'/);
    expect(() => boardArgs(parse(['board', '--json', '-o', 'csv']))).toThrow(UsageError);
    expect(boardArgs(parse(['board', '--no-notify', '--all-contexts']))).toEqual({ output: undefined, allContexts: true, notify: false });
  });
});
