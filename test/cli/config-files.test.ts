// What is in the config folder is not always a file: a FIFO (which blocks an open() until a
// writer comes, for ever), a folder, a device. The built binary, headless and for shell
// completion, must end at once with one line (or, for completion, offer nothing from it).
// Each run waits on the process's exit; runBin kills one that hangs (the old code did).
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';

const APP = 'k0s8c4w4g8kg0ss0oc8gw0g4';
const HUNG = 20_000;
const TIMEOUT = 60_000;

/** A config folder holding `name` as: a FIFO, a folder, or a link to /dev/zero (a device that never ends). */
function folderWith(name: string, kind: 'fifo' | 'folder' | 'device'): string {
  const dir = tempDir('dms-nonfile-');
  const path = join(dir, name);
  if (kind === 'fifo') execFileSync('mkfifo', [path]);
  else if (kind === 'folder') mkdirSync(path);
  else symlinkSync('/dev/zero', path);
  return dir;
}

const WHAT = { fifo: 'a named pipe (FIFO)', folder: 'a folder', device: 'a device' } as const;
const refusal = (dir: string, kind: keyof typeof WHAT) =>
  `dms: ${join(dir, 'config.json')} is ${WHAT[kind]}, not a regular file: dms does not read it; move it away, or choose another folder with DMS_CONFIG_DIR.\n`;

describe('config.json that is not a regular file', () => {
  it.each(['fifo', 'folder', 'device'] as const)(
    '%s: dms context list ends at once, exit 2, one line',
    async (kind) => {
      const dir = folderWith('config.json', kind);
      const r = await runBin(['context', 'list'], { env: { DMS_CONFIG_DIR: dir }, timeoutMs: HUNG });
      expect(r).toEqual({ code: 2, stdout: '', stderr: refusal(dir, kind) });
    },
    TIMEOUT,
  );

  it(
    'a FIFO: dms deployments APP ends at once, exit 2, one line',
    async () => {
      const dir = folderWith('config.json', 'fifo');
      const r = await runBin(['deployments', APP], { env: { DMS_CONFIG_DIR: dir }, timeoutMs: HUNG });
      expect(r).toEqual({ code: 2, stdout: '', stderr: refusal(dir, 'fifo') });
    },
    TIMEOUT,
  );

  it(
    'larger than 1 MiB: refused, exit 2, one line',
    async () => {
      const dir = tempDir('dms-nonfile-');
      writeFileSync(join(dir, 'config.json'), `{"contexts": {}}${' '.repeat(1024 * 1024)}`, { mode: 0o600 });
      const r = await runBin(['context', 'list'], { env: { DMS_CONFIG_DIR: dir }, timeoutMs: HUNG });
      expect(r).toEqual({
        code: 2,
        stdout: '',
        stderr: `dms: ${join(dir, 'config.json')} is larger than 1 MiB: dms does not read it; move it away, or choose another folder with DMS_CONFIG_DIR.\n`,
      });
    },
    TIMEOUT,
  );
});

describe('shell completion (dms __complete, as the scripts call it) with FIFOs in the config folder', () => {
  it(
    'config.json a FIFO: context names are not offered, the rest is; exit 0 at once',
    async () => {
      const dir = folderWith('config.json', 'fifo');
      const contexts = await runBin(['__complete', 'zsh', '--', '--context', ''], { env: { DMS_CONFIG_DIR: dir }, timeoutMs: HUNG });
      expect(contexts).toEqual({ code: 0, stdout: '', stderr: '' });
      // An application uuid: which server's recents to offer is read from config.json.
      const apps = await runBin(['__complete', 'bash', '--', 'deployments', ''], { env: { DMS_CONFIG_DIR: dir }, timeoutMs: HUNG });
      expect(apps.code).toBe(0);
      expect(apps.stdout.split('\n')).toContain('--take');
    },
    TIMEOUT,
  );

  it(
    'recents.json a FIFO (with the demo as the server): no application offered; exit 0 at once',
    async () => {
      const dir = folderWith('recents.json', 'fifo');
      const apps = await runBin(['__complete', 'bash', '--', 'deployments', '--demo', ''], {
        env: { DMS_CONFIG_DIR: dir },
        timeoutMs: HUNG,
      });
      expect(apps.code).toBe(0);
      expect(apps.stdout.split('\n').filter((l) => l !== '' && !l.startsWith('-'))).toEqual([]);
      const values = await runBin(['__complete', 'bash', '--', 'create', 'app', '--project-uuid', ''], {
        env: { DMS_CONFIG_DIR: dir },
        timeoutMs: HUNG,
      });
      expect(values).toEqual({ code: 0, stdout: '', stderr: '' });
    },
    TIMEOUT,
  );
});
