// Several dms writing the same config folder at once, as scripts and terminals do: every change
// is kept (config.json and recents.json are changed under a lock), and what a dms killed in the
// middle of a write left (temporary files holding every token, a lock) is removed when the next
// one starts. Real processes of the built binary, started together; what is kept is counted.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, respondWith, type HostileServer } from '../support/hostile.js';
import { runBin } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';

let server: HostileServer;
beforeAll(async () => {
  // Any application: an empty page, which a read remembers all the same.
  server = await respondWith(json(200, { count: 0, deployments: [] }));
});
afterAll(() => server.close());

const TIMEOUT = 120_000;
const URL = () => `${server.url}/api/v1`;

/** The pid of a process that has ended (its number is free again). */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid!));
  });
}

describe('dms processes writing one config folder at once', () => {
  it(
    'ten concurrent `dms context add`: all ten say "Added" and all ten are kept, one of them current',
    async () => {
      const dir = tempDir('dms-concurrent-');
      const runs = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          runBin(['context', 'add', `c${i}`, '--url', `https://h${i}.example/api/v1`, '--no-verify'], {
            env: { DMS_CONFIG_DIR: dir },
            input: `token-${i}\n`,
          }),
        ),
      );
      for (const r of runs) {
        expect(r.code, r.stderr).toBe(0);
        expect(r.stdout).toMatch(/^Added context "c\d"/);
      }
      const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as {
        current: string;
        contexts: Record<string, { url: string; token: string }>;
      };
      expect(Object.keys(saved.contexts).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `c${i}`));
      for (let i = 0; i < 10; i++) expect(saved.contexts[`c${i}`]).toEqual({ url: `https://h${i}.example/api/v1`, token: `token-${i}` });
      // The one that found none current says it became current; it is the one config.json names.
      const made = runs.filter((r) => r.stdout.includes('it is now the current context'));
      expect(made).toHaveLength(1);
      expect(made[0]!.stdout).toContain(`"${saved.current}"`);
      expect(readdirSync(dir)).toEqual(['config.json']); // no lock, no temporary file left
    },
    TIMEOUT,
  );

  it(
    'config.json locked by a live dms that hangs: waited for until the lock is 10 s old, then broken, and the context added',
    async () => {
      const dir = tempDir('dms-concurrent-');
      // This test's process stands for a dms that holds the lock and hangs (alive, on this host), its lock 9 s old.
      const lock = join(dir, 'config.json.lock');
      writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), id: 'held' }), { mode: 0o600 });
      const nineSecondsAgo = new Date(Date.now() - 9_000);
      utimesSync(lock, nineSecondsAgo, nineSecondsAgo);
      const r = await runBin(['context', 'add', 'late', '--url', 'https://late.example/api/v1', '--no-verify'], {
        env: { DMS_CONFIG_DIR: dir },
        input: 'tok\n',
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^Added context "late"/);
      expect(readdirSync(dir)).toEqual(['config.json']);
    },
    TIMEOUT,
  );

  it(
    'twenty concurrent `dms deployments APP` of twenty applications: recents.json keeps all twenty',
    async () => {
      const dir = tempDir('dms-concurrent-');
      const apps = Array.from({ length: 20 }, (_, i) => `app${String(i).padStart(21, '0')}`);
      const runs = await Promise.all(
        apps.map((app) =>
          runBin(['deployments', app, '--json'], { env: { DMS_CONFIG_DIR: dir, DMS_URL: URL(), DMS_TOKEN: 'concurrent-token' } }),
        ),
      );
      for (const r of runs) expect(r.code, r.stderr).toBe(0);
      const recents = JSON.parse(readFileSync(join(dir, 'recents.json'), 'utf8')) as { apps: { uuid: string; server: string }[] };
      expect(recents.apps.map((a) => a.uuid).sort()).toEqual(apps);
      expect(new Set(recents.apps.map((a) => a.server))).toEqual(new Set([server.url]));
      expect(readdirSync(dir)).toEqual(['recents.json']);
    },
    TIMEOUT,
  );
});

describe('what a dms killed during a write left behind', () => {
  /** A config folder holding what `kill -9` in the middle of writes leaves, and files that are not leftovers. */
  async function folderWithLeftovers(): Promise<{ dir: string; kept: string[] }> {
    const dir = tempDir('dms-leftover-');
    mkdirSync(join(dir, 'drafts'), { mode: 0o700 });
    const dead = await deadPid();
    const write = (name: string, text: string) => writeFileSync(join(dir, name), text, { mode: 0o600 });
    write(
      'config.json',
      `${JSON.stringify({ current: 'a', contexts: { a: { url: 'https://a.example/api/v1', token: 'kept-token' } } })}\n`,
    );
    // The temporary config.json of a killed `context add`: every token in it.
    write(`config.json.${dead}.tmp`, '{"contexts":{"a":{"url":"https://a.example","token":"leaked-token"}}}');
    write(`recents.json.${dead}.tmp`, '{"apps":[]}');
    write(`drafts/create-app.json.${dead}.tmp`, '{"values":{}}');
    // The lock it held, and one it was breaking.
    write('config.json.lock', JSON.stringify({ pid: dead, host: hostname(), id: 'x' }));
    write(`recents.json.lock.${dead}.tmp`, '');
    // A live process's temporary file older than the bound (a hung write, or its pid reused).
    write(`page-sizes.json.${process.pid}.tmp`, '{"sizes":[]}');
    const old = new Date(Date.now() - 5 * 60_000);
    utimesSync(join(dir, `page-sizes.json.${process.pid}.tmp`), old, old);
    // Not leftovers: a live process's write in progress, and files that are not dms's.
    write(`display.json.${process.pid}.tmp`, '{}');
    write(`notes.${dead}.tmp`, 'mine');
    write('config.json.bak', 'mine');
    return { dir, kept: ['config.json', 'config.json.bak', `display.json.${process.pid}.tmp`, 'drafts', `notes.${dead}.tmp`] };
  }

  it(
    '`dms context list` removes the temporary files of dead processes (and old ones) and the stale lock, and keeps the rest',
    async () => {
      const { dir, kept } = await folderWithLeftovers();
      const r = await runBin(['context', 'list'], { env: { DMS_CONFIG_DIR: dir } });
      expect(r.code, r.stderr).toBe(0);
      expect(readdirSync(dir).sort()).toEqual(kept.sort());
      expect(readdirSync(join(dir, 'drafts'))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'any command that connects (`dms deployments APP`) removes them too',
    async () => {
      const { dir, kept } = await folderWithLeftovers();
      const r = await runBin(['deployments', 'app000000000000000000001', '--json'], {
        env: { DMS_CONFIG_DIR: dir, DMS_URL: URL(), DMS_TOKEN: 't' },
      });
      expect(r.code, r.stderr).toBe(0);
      expect(readdirSync(dir).sort()).toEqual([...kept, 'recents.json'].sort());
    },
    TIMEOUT,
  );
});
