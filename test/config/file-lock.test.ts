// The lock that lets several dms change one file (file-lock.ts, private-file.ts updatePrivateFile):
// a lock left by a killed process never makes anyone wait for ever, a live holder is waited for,
// and the file keeps its guarantees (0600, never written through a symlink). Real processes hold
// the locks where a live holder is needed.
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/errors.js';
import { LockBusy, STALE_MS, withFileLock } from '../../src/config/file-lock.js';
import { updatePrivateFile } from '../../src/config/private-file.js';
import { tempDir } from './temp-dir.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

/** A process that stays alive until the test ends (the holder of a lock). */
function liveProcess(): number {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

function deadPid(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.on('exit', () => resolve(child.pid!));
  });
}

const lockOf = (pid: number) => JSON.stringify({ pid, host: hostname(), id: `held-by-${pid}` });

describe('withFileLock', () => {
  it('takes the lock at <path>.lock (mode 0600) and removes it afterwards, however the work ends', () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    const seen = withFileLock(path, () => ({
      mode: statSync(`${path}.lock`).mode & 0o777,
      lock: JSON.parse(readFileSync(`${path}.lock`, 'utf8')),
    }));
    expect(seen.mode).toBe(0o600);
    expect(seen.lock).toMatchObject({ pid: process.pid, host: hostname() });
    expect(() =>
      withFileLock(path, () => {
        throw new Error('failed inside');
      }),
    ).toThrow('failed inside');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a lock whose holder was killed is broken at once', async () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writeFileSync(`${path}.lock`, lockOf(await deadPid()));
    const started = Date.now();
    expect(withFileLock(path, () => 'mine', { waitMs: 0 })).toBe('mine');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a live holder is waited for; past the wait, LockBusy names it and nothing runs', () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    const holder = liveProcess();
    writeFileSync(`${path}.lock`, lockOf(holder));
    let ran = false;
    const started = Date.now();
    expect(() =>
      withFileLock(
        path,
        () => {
          ran = true;
        },
        { waitMs: 300 },
      ),
    ).toThrow(LockBusy);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(ran).toBe(false);
    expect(() => withFileLock(path, () => undefined, { waitMs: 0 })).toThrow(
      `${path} is being changed by another dms (pid ${holder}): try again in a moment; if no dms is running, remove ${path}.lock`,
    );
    expect(existsSync(`${path}.lock`)).toBe(true); // a live holder's lock is left alone
  });

  it(`a live holder's lock older than ${STALE_MS / 1000} s is stale (a hung holder, or its pid reused) and broken`, () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writeFileSync(`${path}.lock`, lockOf(liveProcess()));
    const old = new Date(Date.now() - STALE_MS - 1000);
    utimesSync(`${path}.lock`, old, old);
    expect(withFileLock(path, () => 'mine', { waitMs: 0 })).toBe('mine');
  });

  it('an empty lock (its maker killed before writing it) is judged by its age', () => {
    const dir = tempDir();
    const path = join(dir, 'recents.json');
    writeFileSync(`${path}.lock`, '');
    expect(() => withFileLock(path, () => undefined, { waitMs: 50 })).toThrow(LockBusy);
    const old = new Date(Date.now() - STALE_MS - 1000);
    utimesSync(`${path}.lock`, old, old);
    expect(withFileLock(path, () => 'mine', { waitMs: 0 })).toBe('mine');
  });

  it.each(['folder', 'fifo', 'symlink'] as const)(
    "a %s in the lock's place: a ConfigError at once, never a wait or a write through it",
    (kind) => {
      const dir = tempDir();
      const path = join(dir, 'config.json');
      const target = join(dir, 'elsewhere');
      if (kind === 'folder') mkdirSync(`${path}.lock`);
      else if (kind === 'fifo') execFileSync('mkfifo', [`${path}.lock`]);
      else symlinkSync(target, `${path}.lock`);
      const started = Date.now();
      expect(() => withFileLock(path, () => undefined)).toThrow(ConfigError);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(existsSync(target)).toBe(false);
    },
  );
});

describe('updatePrivateFile', () => {
  it('writes what the change returns at 0600, replacing a symlink rather than following it; undefined writes nothing', () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    const target = join(dir, 'target');
    writeFileSync(target, 'theirs');
    symlinkSync(target, path);
    updatePrivateFile(path, () => 'mine');
    expect(lstatSync(path).isFile()).toBe(true);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toBe('mine');
    expect(readFileSync(target, 'utf8')).toBe('theirs');
    updatePrivateFile(path, () => undefined);
    expect(readFileSync(path, 'utf8')).toBe('mine');
    expect(readdirSync(dir).sort()).toEqual(['config.json', 'target']);
  });

  it('a change whose lock was broken meanwhile (its holder hung) is not renamed over the file, and is made again', () => {
    const dir = tempDir();
    const path = join(dir, 'recents.json');
    writeFileSync(path, 'first');
    let calls = 0;
    updatePrivateFile(
      path,
      () => {
        calls += 1;
        if (calls === 1) {
          // Another dms judged this lock stale and took its own meanwhile, then wrote.
          writeFileSync(path, 'theirs');
          writeFileSync(`${path}.lock`, JSON.stringify({ pid: process.pid, host: hostname(), id: 'another' }));
        }
        return `${readFileSync(path, 'utf8')}+mine`;
      },
      { waitMs: 0 },
    );
    expect(calls).toBe(2);
    expect(readFileSync(path, 'utf8')).toBe('theirs+mine');
  });
});
