// A crash between writing and renaming must leave the old file whole: the data goes to a temp file first.
import * as fs from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from './temp-dir.js';

const crash = vi.hoisted(() => ({ on: false }));

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    renameSync: (from: fs.PathLike, to: fs.PathLike) => {
      if (crash.on) throw Object.assign(new Error('simulated crash before rename'), { code: 'EIO' });
      return real.renameSync(from, to);
    },
  };
});

const { writePrivateFile } = await import('../../src/config/private-file.js');

describe('writePrivateFile atomicity', () => {
  it('keeps the old content whole when it fails before the rename', () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writePrivateFile(path, '{"version":1}');
    crash.on = true;
    try {
      expect(() => writePrivateFile(path, '{"version":2,"long":"' + 'x'.repeat(100_000) + '"}')).toThrow(/simulated crash/);
    } finally {
      crash.on = false;
    }
    expect(fs.readFileSync(path, 'utf8')).toBe('{"version":1}');
    expect(fs.readdirSync(dir)).toEqual(['config.json']);
  });
});
