import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTrust, pathKind, readJsonFile, replaceFile, writeNewFile, writePrivateFile } from '../../src/config/private-file.js';
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

describe('replaceFile (a file the user agreed to replace)', () => {
  it('replaces a 0644 file with a new 0600 one, leaving no temp file', () => {
    const dir = tempDir();
    const path = join(dir, 'body.json');
    writeFileSync(path, 'old');
    chmodSync(path, 0o644);
    expect(replaceFile(path, 'new')).toBeUndefined();
    expect(readFileSync(path, 'utf8')).toBe('new');
    expect(modeOf(path)).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['body.json']);
  });

  it('refuses a symlink and never writes through it', () => {
    const dir = tempDir();
    const target = join(dir, 'target');
    writeFileSync(target, 'precious');
    chmodSync(target, 0o644);
    symlinkSync(target, join(dir, 'link'));
    expect(replaceFile(join(dir, 'link'), 'secret')).toMatch(/is a symbolic link: dms does not write through it/);
    expect(readFileSync(target, 'utf8')).toBe('precious');
    expect(lstatSync(join(dir, 'link')).isSymbolicLink()).toBe(true);
  });

  it('refuses a folder', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    expect(replaceFile(join(dir, 'sub'), 'x')).toMatch(/is a folder/);
  });
});

describe('pathKind', () => {
  it('tells a missing path, a file, a symlink (dangling too) and a folder apart without following links', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'f'), '');
    symlinkSync(join(dir, 'f'), join(dir, 'l'));
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
    expect(pathKind(join(dir, 'none'))).toBe('none');
    expect(pathKind(join(dir, 'f'))).toBe('file');
    expect(pathKind(join(dir, 'l'))).toBe('symlink');
    expect(pathKind(join(dir, 'dangling'))).toBe('symlink');
    expect(pathKind(dir)).toBe('folder');
  });
});

describe('writeNewFile', () => {
  it('creates at 0600, and refuses an existing file, a symlink (dangling too) and a folder', () => {
    const dir = tempDir();
    const path = join(dir, 'new.json');
    expect(writeNewFile(path, 'x')).toBeUndefined();
    expect(modeOf(path)).toBe(0o600);
    expect(writeNewFile(path, 'y')).toMatch(/already exists/);
    symlinkSync(join(dir, 'nowhere'), join(dir, 'dangling'));
    expect(writeNewFile(join(dir, 'dangling'), 'y')).toMatch(/already exists/);
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
    expect(writeNewFile(dir, 'y')).toBeDefined();
  });
});

describe('fileTrust (config.json)', () => {
  it('says nothing for a 0600 file in a 0700 folder, or a missing file', () => {
    const dir = tempDir();
    expect(fileTrust(join(dir, 'config.json'))).toEqual({ warnings: [] });
    writeFileSync(join(dir, 'config.json'), '{}', { mode: 0o600 });
    expect(fileTrust(join(dir, 'config.json'))).toEqual({ warnings: [] });
  });

  it('a 0644 file: one line saying it can be read, and how to fix it', () => {
    const path = join(tempDir(), 'config.json');
    writeFileSync(path, '{}');
    chmodSync(path, 0o644);
    expect(fileTrust(path)).toEqual({ warnings: [`${path} can be read by other users (mode 0644); run: chmod 600 ${path}`] });
  });

  it('a 0622 file in a 0777 folder: one line each, saying writable as "changed"', () => {
    const dir = join(tempDir(), 'dms');
    mkdirSync(dir);
    const path = join(dir, 'config.json');
    writeFileSync(path, '{}');
    chmodSync(path, 0o622);
    chmodSync(dir, 0o777);
    const { refuse, warnings } = fileTrust(path);
    expect(refuse).toBeUndefined();
    expect(warnings).toEqual([
      `${path} can be changed by other users (mode 0622): whoever writes it can send your token to a server of theirs; run: chmod 600 ${path}`,
      `the folder ${dir} can be changed by other users (mode 0777): they can replace config.json; run: chmod 700 ${dir}`,
    ]);
    for (const w of warnings) expect(w).not.toContain('\n');
  });

  it.skipIf(process.getuid?.() !== 0)('refuses a file owned by another user and says what to do', () => {
    const path = join(tempDir(), 'config.json');
    writeFileSync(path, '{}', { mode: 0o600 });
    chownSync(path, 65534, 65534);
    expect(fileTrust(path).refuse).toMatch(
      /belongs to another user \(uid 65534\).*dms does not use it\. If it is yours, run: chown \$\(id -u\) .*DMS_CONFIG_DIR/,
    );
  });
});
