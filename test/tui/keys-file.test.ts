// keys.json: reading and shape (config/keys-file.ts), key names, refusals and collisions
// (tui/key-bindings.ts), and the table in force (keys.ts) that help and the footer read.
import { mkdirSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEYS_FILE_MAX, loadKeysFile, parseKeysText } from '../../src/config/keys-file.js';
import { bindKeys, parseKeyName, warningOf } from '../../src/tui/key-bindings.js';
import { DEFAULT_KEYS, keyLabel, keyTable, type KeyTable } from '../../src/tui/keys.js';
import { NO_KEY } from '../../src/tui/input/keypress.js';
import { tempDir } from '../support/temp.js';

const press = (input: string, key: Partial<typeof NO_KEY> = {}) => ({ input, key: { ...NO_KEY, ...key } });
let table: KeyTable = DEFAULT_KEYS;
const cmd = (scopes: Parameters<KeyTable['commandFor']>[0], k: ReturnType<typeof press>) => table.commandFor(scopes, k.input, k.key);

async function fromText(text: string) {
  const file = await parseKeysText(text);
  return bindKeys(file.bindings, file.problems);
}

describe('key names', () => {
  it('reads characters, ctrl+letters and named keys', () => {
    expect(parseKeyName('x')).toEqual({ char: 'x' });
    expect(parseKeyName('X')).toEqual({ char: 'X' });
    expect(parseKeyName('ctrl+f')).toEqual({ char: 'f', ctrl: true });
    expect(parseKeyName('Ctrl+F')).toEqual({ char: 'f', ctrl: true });
    expect(parseKeyName('pagedown')).toEqual({ key: 'pageDown' });
    expect(parseKeyName('PgDn')).toEqual({ key: 'pageDown' });
    expect(parseKeyName('enter')).toEqual({ key: 'return' });
    expect(parseKeyName('esc')).toEqual({ key: 'escape' });
    expect(parseKeyName('up')).toEqual({ key: 'upArrow' });
    expect(parseKeyName('shift+tab')).toEqual({ key: 'tab', shift: true });
    expect(parseKeyName('space')).toEqual({ char: ' ' });
  });

  it('refuses what dms cannot read, saying why', () => {
    expect(parseKeyName('f5')).toMatch(/function keys/);
    expect(parseKeyName('alt+x')).toMatch(/Alt/);
    expect(parseKeyName('ctrl+c')).toMatch(/always quits/);
    expect(parseKeyName('ctrl+i')).toMatch(/as Tab/);
    expect(parseKeyName('shift+x')).toMatch(/"X"/);
    expect(parseKeyName('pagedwn')).toMatch(/not a key name/);
    expect(parseKeyName('\u001b')).toMatch(/not a key name/);
    expect(parseKeyName(' ')).toMatch(/write space/);
  });

  it('labels keys as help shows them', () => {
    expect(keyLabel({ char: 'f', ctrl: true })).toBe('Ctrl+F');
    expect(keyLabel({ key: 'pageDown' })).toBe('PgDn');
    expect(keyLabel({ char: ' ' })).toBe('Space');
    expect(keyLabel({ key: 'tab', shift: true })).toBe('Shift+Tab');
  });
});

describe('keys.json', () => {
  it('rebinds an action: its new keys trigger it, its old ones no longer do, labels follow', async () => {
    const t = await fromText('{"nextPage": ["ctrl+f", "N"], "quit": "Q"}');
    expect(t.problems).toEqual([]);
    expect(t.warning).toBeUndefined();
    table = keyTable(t.commands);
    expect(cmd(['deployments', 'global'], press('f', { ctrl: true }))).toBe('nextPage');
    expect(cmd(['deployments', 'global'], press('N'))).toBe('nextPage');
    expect(cmd(['deployments', 'global'], press('n'))).toBeUndefined();
    expect(cmd(['deployments', 'global'], press('Q'))).toBe('quit');
    expect(cmd(['deployments', 'global'], press('q'))).toBeUndefined();
    expect(table.command('nextPage').label).toBe('Ctrl+F/N');
    expect(table.footerOf('deployments').find((c) => c.id === 'quit')?.label).toBe('Q');
    // The other actions keep theirs.
    expect(cmd(['deployments', 'global'], press('p'))).toBe('prevPage');
  });

  it("T (times relative/absolute) can be rebound on the list, the detail and the log; not onto the log's t", async () => {
    const moved = await fromText('{"timeMode": "Z"}');
    expect(moved.problems).toEqual([]);
    table = keyTable(moved.commands);
    for (const scopes of [
      ['deployments', 'global'],
      ['detail', 'global'],
      ['log', 'global'],
    ] as const) {
      expect(cmd(scopes, press('Z'))).toBe('timeMode');
      expect(cmd(scopes, press('T'))).toBeUndefined();
    }
    expect(table.hint('timeMode')).toBe('Z');
    const clash = await fromText('{"timeMode": "t"}');
    expect(clash.problems.join('\n')).toMatch(/timeMode/);
    table = keyTable(clash.commands);
    expect(cmd(['log', 'global'], press('T'))).toBe('timeMode');
    expect(cmd(['log', 'global'], press('t'))).toBe('logTimestamps');
    table = DEFAULT_KEYS;
  });

  it('a swap of two keys applies (no clash once both moved)', async () => {
    const t = await fromText('{"nextPage": "p", "prevPage": "n"}');
    expect(t.problems).toEqual([]);
    table = keyTable(t.commands);
    expect(cmd(['deployments'], press('p'))).toBe('nextPage');
    expect(cmd(['deployments'], press('n'))).toBe('prevPage');
  });

  it('a key another action of the same screen has is refused, and that action keeps its default', async () => {
    const t = await fromText('{"quit": "n", "refresh": "R"}');
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatch(/"quit": n is already "next page" \(nextPage, Deployments\) — quit keeps q/);
    expect(t.warning).toBe(t.problems[0]);
    table = keyTable(t.commands);
    expect(cmd(['deployments', 'global'], press('q'))).toBe('quit');
    expect(cmd(['deployments', 'global'], press('n'))).toBe('nextPage');
    expect(cmd(['deployments', 'global'], press('R'))).toBe('refresh');
  });

  it('the same key on two screens is no clash (n in the log and in the list)', async () => {
    const t = await fromText('{"autoRefresh": "t"}');
    // t is the log's timestamps key, but the log and the list never read keys together.
    expect(t.problems).toEqual([]);
  });

  it('two new bindings that clash: the later one is refused', async () => {
    const t = await fromText('{"refresh": "x", "autoRefresh": "x"}');
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatch(/"autoRefresh": x is already/);
    table = keyTable(t.commands);
    expect(cmd(['deployments'], press('x'))).toBe('refresh');
    expect(cmd(['deployments'], press('a'))).toBe('autoRefresh');
  });

  it('refusing one binding brings back a default that clashes with another: that one is refused too', async () => {
    // quit takes r (refresh's), refresh asks for a bad name, so keeps r: quit must give r back.
    const t = await fromText('{"quit": "r", "refresh": "f55"}');
    expect(t.problems).toHaveLength(2);
    table = keyTable(t.commands);
    expect(cmd(['deployments', 'global'], press('r'))).toBe('refresh');
    expect(cmd(['deployments', 'global'], press('q'))).toBe('quit');
  });

  it('a letter for an action of a typing line is refused (it would be typed)', async () => {
    const t = await fromText('{"lineStart": "a", "filterApply": "ctrl+g"}');
    expect(t.problems).toHaveLength(1);
    expect(t.problems[0]).toMatch(/"lineStart": "a" would be typed there/);
    table = keyTable(t.commands);
    expect(cmd(['filter'], press('g', { ctrl: true }))).toBe('filterApply');
  });

  it('Ctrl+C cannot be taken or moved', async () => {
    const t = await fromText('{"interrupt": "ctrl+q", "quit": "ctrl+c"}');
    expect(t.problems).toHaveLength(2);
    expect(t.problems[0]).toMatch(/"interrupt" cannot be rebound/);
    expect(t.problems[1]).toMatch(/always quits/);
  });

  it('pickerQuit (Esc in the picker, which no longer quits) is refused with what to bind instead', async () => {
    const t = await fromText('{"pickerQuit": "ctrl+q", "pickerClear": "ctrl+l"}');
    expect(t.problems).toEqual([
      'keys.json: "pickerQuit" is gone: Esc in the picker no longer quits; bind "pickerClear" (Esc) or "quit" — ignored',
    ]);
    table = keyTable(t.commands);
    expect(cmd(['picker'], press('l', { ctrl: true }))).toBe('pickerClear');
    expect(cmd(['picker'], press('q', { ctrl: true }))).toBeUndefined();
  });

  it('an unknown action or a bad key name skips that entry only; the rest apply', async () => {
    const t = await fromText('{"nextPag": "x", "quit": ["Q", "f5"], "refresh": "R"}');
    expect(t.problems).toHaveLength(2);
    expect(t.problems[0]).toMatch(/no action "nextPag"/);
    expect(t.problems[1]).toMatch(/"quit": "f5": dms does not read function keys — quit keeps q/);
    expect(t.warning).toBe(`${t.problems[0]} (+1 more, listed after dms exits)`);
    table = keyTable(t.commands);
    expect(cmd(['deployments'], press('R'))).toBe('refresh');
    expect(cmd(['deployments', 'global'], press('q'))).toBe('quit');
  });

  it('an entry of the wrong type is skipped with a warning', async () => {
    const t = await fromText('{"quit": 5, "refresh": [], "autoRefresh": ["A"]}');
    expect(t.problems).toHaveLength(2);
    expect(t.problems[0]).toMatch(/"quit" must be a key name or a list of 1 to 8 names — it keeps its default/);
    table = keyTable(t.commands);
    expect(cmd(['deployments'], press('A'))).toBe('autoRefresh');
  });

  it('a file that is not JSON, or not an object, keeps every default', async () => {
    for (const text of ['{"quit": "Q",}', '["quit"]', '"quit"', 'null']) {
      const t = await fromText(text);
      expect(t.problems).toHaveLength(1);
      expect(t.problems[0]).toMatch(/^keys\.json (is not JSON|must be an object).* — default keys in use$/);
      expect(t.commands.find((c) => c.id === 'quit')?.label).toBe('q');
    }
  });

  it('says where the JSON breaks in few words, as each Node line words it (fits the footer)', async () => {
    const [problem] = (await fromText('{"quit": "Q",}')).problems;
    // Node 22+: V8 adds "(line 1 column 14)" after "at position 13"; older V8 gives the position only.
    expect([
      'keys.json is not JSON (Expected double-quoted property name (line 1 column 14)) — default keys in use',
      'keys.json is not JSON (Expected double-quoted property name (at character 13)) — default keys in use',
    ]).toContain(problem);
  });

  it('a warning is one line, with no control characters from the file', async () => {
    const t = await fromText('{"\\u001b[31mred\\nline": "x"}');
    expect(t.warning).toBeDefined();
    expect(t.warning).not.toMatch(/[\u0000-\u001f]/);
    const bad = await fromText('{\u001b[2J');
    expect(bad.warning).not.toMatch(/[\u0000-\u001f]/);
  });

  it('reads the file from the config dir; none means no problem; too large or not a file keeps the defaults', async () => {
    const dir = tempDir('dms-keys-');
    expect(await loadKeysFile(dir)).toEqual({ bindings: [], problems: [] });
    writeFileSync(join(dir, 'keys.json'), '{"quit": "Q"}');
    expect((await loadKeysFile(dir)).bindings).toEqual([['quit', ['Q']]]);
    writeFileSync(join(dir, 'keys.json'), `{"quit": "Q", "x": "${'a'.repeat(KEYS_FILE_MAX)}"}`);
    expect((await loadKeysFile(dir)).problems[0]).toMatch(/larger than 32 KiB — default keys in use/);
    const other = tempDir('dms-keys-');
    mkdirSync(join(other, 'keys.json'));
    expect((await loadKeysFile(other)).problems[0]).toMatch(/not a regular file/);
    // A FIFO is not read (it would block the start).
    const fifo = tempDir('dms-keys-');
    execFileSync('mkfifo', [join(fifo, 'keys.json')]);
    expect((await loadKeysFile(fifo)).problems[0]).toMatch(/not a regular file/);
  });

  it('warningOf: nothing for no problems', () => {
    expect(warningOf([])).toBeUndefined();
  });
});
