// The one reader of the config folder's files (src/config/read-file.ts). What could block (a FIFO)
// is tried only in child processes (test/cli/config-files.test.ts, test/e2e/config-files.test.ts):
// a blocked open here would hang the test worker itself.
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDraft, MAX_DRAFT_FILE } from '../../src/config/drafts.js';
import { MAX_SETTINGS_FILE, readJsonFile } from '../../src/config/private-file.js';
import { readConfigFile } from '../../src/config/read-file.js';
import { tempDir } from './temp-dir.js';

describe('readConfigFile', () => {
  it('reads a regular file whole; a missing one is undefined', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.json'), '{"é": 1}');
    expect(readConfigFile(join(dir, 'a.json'), 100)).toEqual({ text: '{"é": 1}' });
    expect(readConfigFile(join(dir, 'none.json'), 100)).toBeUndefined();
  });

  it('refuses a folder, a device (through a symlink too) and a socket, saying what it is', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'folder.json'));
    expect(readConfigFile(join(dir, 'folder.json'), 100)).toEqual({ problem: 'is a folder, not a regular file', cause: 'kind' });
    // /dev/zero never ends: read whole, it would fill the memory.
    symlinkSync('/dev/zero', join(dir, 'zero.json'));
    expect(readConfigFile(join(dir, 'zero.json'), 100)).toEqual({ problem: 'is a device, not a regular file', cause: 'kind' });
    // A socket cannot be opened at all (ENXIO). Bound by a short relative name: a socket's path is limited to ~100 bytes.
    const server = createServer();
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen('sock.json', resolve);
      });
    } finally {
      process.chdir(cwd);
    }
    try {
      expect(readConfigFile(join(dir, 'sock.json'), 100)).toEqual({ problem: 'is a socket, not a regular file', cause: 'kind' });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('refuses a file larger than the cap, naming it; one at the cap is read', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'big.json'), 'x'.repeat(2049));
    expect(readConfigFile(join(dir, 'big.json'), 2048)).toEqual({ problem: 'is larger than 2 KiB', cause: 'size' });
    expect(readConfigFile(join(dir, 'big.json'), 2049)).toEqual({ text: 'x'.repeat(2049) });
  });
});

describe('readJsonFile and loadDraft on what they cannot read', () => {
  it('readJsonFile: one line naming the file, what it is and what to do; the file is left as it is', () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    mkdirSync(path);
    expect(() => readJsonFile(path)).toThrow(
      `${path} is a folder, not a regular file: dms does not read it; move it away, or choose another folder with DMS_CONFIG_DIR.`,
    );
    const big = join(dir, 'recents.json');
    writeFileSync(big, ' '.repeat(MAX_SETTINGS_FILE + 1));
    expect(() => readJsonFile(big)).toThrow(`${big} is larger than 1 MiB: dms does not read it`);
    expect(readdirSync(dir).sort()).toEqual(['config.json', 'recents.json']);
  });

  it('a draft too large to read is moved aside, never written over', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'drafts'));
    writeFileSync(join(dir, 'drafts', 'create-app.json'), ' '.repeat(MAX_DRAFT_FILE + 1));
    expect(loadDraft(dir, 'create-app')).toBeUndefined();
    expect(readdirSync(join(dir, 'drafts'))).toEqual([expect.stringMatching(/^create-app\.json\.corrupt-/)]);
  });
});
