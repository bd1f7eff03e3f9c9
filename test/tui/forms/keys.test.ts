import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { formKeyCommand, splitChunk } from '../../../src/tui/hooks/use-form-keys.js';
import { singleKeys } from '../../../src/tui/hooks/use-keys.js';

const plain = {} as Key;

describe('form keys', () => {
  it('maps the key table: Ctrl+S submits, Tab/↓ next, Shift+Tab/↑ previous, PgUp/PgDn steps, Esc back', () => {
    expect(formKeyCommand('s', { ctrl: true })).toBe('submit');
    expect(formKeyCommand('', { tab: true })).toBe('next');
    expect(formKeyCommand('', { downArrow: true })).toBe('next');
    expect(formKeyCommand('', { tab: true, shift: true })).toBe('prev');
    expect(formKeyCommand('', { upArrow: true })).toBe('prev');
    expect(formKeyCommand('', { pageDown: true })).toBe('nextStep');
    expect(formKeyCommand('', { pageUp: true })).toBe('prevStep');
    expect(formKeyCommand('', { escape: true, meta: true })).toBe('back');
    expect(formKeyCommand('', { return: true })).toBe('enter');
    expect(formKeyCommand('n', { ctrl: true })).toBe('addRow');
    expect(formKeyCommand('q', {})).toBe('edit');
  });

  it('keys that arrive in one chunk act as keys; the text between stays a paste', () => {
    expect(splitChunk('\t\t\t', plain).map((k) => k.key.tab)).toEqual([true, true, true]);
    const mixed = splitChunk('\u0012\tabc\ndef\r', plain);
    expect(mixed.map((k) => [k.input, Boolean(k.key.ctrl), Boolean(k.key.tab), Boolean(k.key.return)])).toEqual([
      ['r', true, false, false], ['', false, true, false], ['abc\ndef', false, false, false], ['', false, false, true],
    ]);
    expect(splitChunk('hello', plain)).toEqual([{ input: 'hello', key: plain }]);
    expect(splitChunk('\u0013', plain)).toEqual([{ input: '\u0013', key: plain }]);
  });
});

describe('singleKeys (the screens\' keys)', () => {
  it('splits printable characters that arrived together into one key each', () => {
    expect(singleKeys('jjj', plain)).toEqual(['j', 'j', 'j']);
    expect(singleKeys('n😀', plain)).toEqual(['n', '😀']);
  });
  it('leaves single keys, modified keys and control characters as they came', () => {
    expect(singleKeys('j', plain)).toEqual(['j']);
    expect(singleKeys('', { ...plain, downArrow: true })).toEqual(['']);
    expect(singleKeys('ab', { ...plain, ctrl: true })).toEqual(['ab']);
    expect(singleKeys('ab', { ...plain, meta: true })).toEqual(['ab']);
    expect(singleKeys('a\u001bb', plain)).toEqual(['a\u001bb']);
  });
});
