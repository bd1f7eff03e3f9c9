// What the build's training run does (train-entry.ts): dms run in this process as a user runs it,
// against a server on 127.0.0.1 that answers with deployed-shape rows, so the code caches hold
// what a start compiles: `dms deployments APP --json` and the table, then `dms browse APP` on
// streams standing in for a 120×36 terminal — its first frame, a few cursor moves, the next page,
// `q` — and `dms` with nothing configured (the embedded demo's picker, Enter, its list, `q`).
// Everything runs in a config folder of its own, removed after.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { z } from 'zod';
import type { CommandIO } from '../commands/io.js';

type Main = (argv: string[], io: CommandIO) => Promise<number>;

const APP = '0b6e7a52-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 10, 0) - minutes * 60_000).toISOString().replace('Z', '000Z');
const rows = Array.from({ length: 90 }, (_, i) => ({
  id: 300 - i,
  deployment_uuid: `dep${300 - i}`,
  status: i === 0 ? 'in_progress' : i % 7 ? 'finished' : 'failed',
  commit: `c0de${String(i).padStart(3, '0')}${'a'.repeat(33)}`,
  commit_message: `Change ${i}: train the code cache`,
  git_branch: i % 3 ? 'main' : 'feature/cache',
  is_webhook: i % 2 === 0,
  created_at: at(i * 40 + 4),
  updated_at: at(i * 40),
  logs: JSON.stringify([
    { command: 'npm ci', output: 'added 300 packages', type: 'stdout', timestamp: at(i * 40 + 3), hidden: false, batch: 1, order: 1 },
    {
      command: null,
      output: i % 7 ? 'built' : 'Error: build failed',
      type: i % 7 ? 'stdout' : 'stderr',
      timestamp: at(i * 40 + 1),
      hidden: false,
      batch: 1,
      order: 2,
    },
  ]),
}));

/** A writable that keeps what was written (a terminal's screen or a command's output). */
class Sink extends Writable {
  text = '';
  readonly columns = 120;
  readonly rows = 36;
  constructor(readonly isTTY: boolean) {
    super();
  }

  override _write(chunk: unknown, _encoding: BufferEncoding, done: () => void): void {
    this.text += String(chunk);
    done();
  }
}
const sink = (tty: boolean) => new Sink(tty);

/** What the TUI runs of the training said on stderr: the reason a frame never came. */
const said = new Sink(false);

async function until(test: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  while (!test()) {
    if (Date.now() > end) throw new Error(`training: ${what} never came${said.text ? ` (${said.text.trim().split('\n')[0]})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export async function train(main: Main): Promise<void> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const take = Number(url.searchParams.get('take') ?? 10);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ count: rows.length, deployments: rows.slice(skip, skip + take) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(join(tmpdir(), 'dms-train-'));
  try {
    const env = {
      DMS_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`,
      DMS_TOKEN: '1|training',
      DMS_CONFIG_DIR: dir,
      // The pages it sees are the training's, not the builder's.
      DMS_CACHE_DIR: join(dir, 'pages'),
      TZ: 'UTC',
    };
    const stdin = Object.assign(new PassThrough(), { isTTY: false });
    for (const args of [
      ['deployments', APP, '--json'],
      ['deployments', APP],
    ]) {
      await main(args, { stdout: sink(false), stderr: sink(false), stdin, env });
    }
    // The paths zod takes for a record whose fields are not of the expected type (no page above has one).
    z.object({ id: z.number(), status: z.enum(['finished', 'failed']), tags: z.array(z.string()).optional() }).safeParse({
      id: 1,
      status: 'queued',
      tags: ['a', 2],
    });

    const screen = sink(true);
    const keys = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => keys, ref: () => keys, unref: () => keys });
    const browse = main(['browse', APP], { stdout: screen, stderr: said, stdin: keys, env });
    await until(() => /1–\d+ of/.test(screen.text), 'the first frame');
    for (const key of ['j', 'j', 'k', 'n']) {
      const before = screen.text.length;
      keys.write(key);
      await until(() => screen.text.length > before, `a frame after ${key}`);
    }
    keys.write('q');
    await browse;

    // `npm start` with nothing configured: the embedded demo, its picker, Enter, the list.
    const demoScreen = sink(true);
    const demoKeys = Object.assign(new PassThrough(), {
      isTTY: true,
      setRawMode: () => demoKeys,
      ref: () => demoKeys,
      unref: () => demoKeys,
    });
    const demo = main([], {
      stdout: demoScreen,
      stderr: said,
      stdin: demoKeys,
      env: { DMS_CONFIG_DIR: join(dir, 'demo'), DMS_CACHE_DIR: join(dir, 'pages'), TZ: 'UTC' },
    });
    await until(() => demoScreen.text.includes('Open an application'), 'the picker');
    demoKeys.write('\r');
    await until(() => /1–\d+ of/.test(demoScreen.text), "the demo's list");
    demoKeys.write('q');
    await demo;
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
