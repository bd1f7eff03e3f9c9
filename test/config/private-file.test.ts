import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { permissionWarning, readJsonFile, writePrivateFile } from '../../src/config/private-file.js';
import { tempDir } from './temp-dir.js';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('writePrivateFile', () => {
  it('creates missing folders with mode 0700 and the file with mode 0600', () => {
    const root = tempDir();
    const path = join(root, 'a', 'b', 'config.json');
    writePrivateFile(path, '{"x":1}');
    expect(readFileSync(path, 'utf8')).toBe('{"x":1}');
    expect(modeOf(path)).toBe(0o600);
    expect(modeOf(join(root, 'a'))).toBe(0o700);
    expect(modeOf(join(root, 'a', 'b'))).toBe(0o700);
  });

  it('replaces a looser existing file with a 0600 one and leaves no temp file', () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writeFileSync(path, 'old', { mode: 0o644 });
    chmodSync(path, 0o644);
    writePrivateFile(path, 'new');
    expect(readFileSync(path, 'utf8')).toBe('new');
    expect(modeOf(path)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('overwrites a temp file left by an earlier crash with the same pid', () => {
    const dir = tempDir();
    const path = join(dir, 'config.json');
    writeFileSync(`${path}.${process.pid}.tmp`, 'half writ');
    writePrivateFile(path, 'whole');
    expect(readFileSync(path, 'utf8')).toBe('whole');
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('removes its temp file when the final rename fails', () => {
    const dir = tempDir();
    const path = join(dir, 'taken');
    mkdirSync(path); // a folder where the file should go: rename fails
    expect(() => writePrivateFile(path, 'data')).toThrow();
    expect(readdirSync(dir)).toEqual(['taken']);
  });
});

describe('readJsonFile', () => {
  it('returns undefined for a missing file', () => {
    expect(readJsonFile(join(tempDir(), 'none.json'))).toBeUndefined();
  });

  it('returns the parsed content', () => {
    const path = join(tempDir(), 'ok.json');
    writeFileSync(path, '{"a":[1,2]}');
    expect(readJsonFile(path)).toEqual({ a: [1, 2] });
  });

  it('moves a corrupt file aside, reports the new name and returns undefined', () => {
    const dir = tempDir();
    const path = join(dir, 'bad.json');
    writeFileSync(path, '{"a":');
    const moved: string[] = [];
    expect(readJsonFile(path, { onCorrupt: (to) => moved.push(to) })).toBeUndefined();
    expect(existsSync(path)).toBe(false);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^bad\.json\.corrupt-\d{4}-\d\d-\d\dT/);
    expect(moved).toEqual([join(dir, files[0]!)]);
    expect(readFileSync(join(dir, files[0]!), 'utf8')).toBe('{"a":');
  });

  it('treats an empty file as corrupt instead of throwing', () => {
    const path = join(tempDir(), 'empty.json');
    writeFileSync(path, '');
    expect(readJsonFile(path)).toBeUndefined();
    expect(existsSync(path)).toBe(false);
  });
});

describe('permissionWarning', () => {
  it('warns about a 0644 file and says how to fix it', () => {
    const path = join(tempDir(), 'config.json');
    writeFileSync(path, '{}');
    chmodSync(path, 0o644);
    const warning = permissionWarning(path);
    expect(warning).toContain('0644');
    expect(warning).toContain(`chmod 600 ${path}`);
    expect(warning).not.toContain('\n');
  });

  it('says nothing for a 0600 file or a missing one', () => {
    const path = join(tempDir(), 'config.json');
    expect(permissionWarning(path)).toBeUndefined();
    writeFileSync(path, '{}');
    chmodSync(path, 0o600);
    expect(permissionWarning(path)).toBeUndefined();
  });
});
