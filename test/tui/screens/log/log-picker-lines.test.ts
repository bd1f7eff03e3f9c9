// The log viewer's and the picker's words with keys.json in force, without Ink: every key a
// sentence names is the key bound, and a line cut for length is counted with the words it is drawn with.
import { describe, expect, it } from 'vitest';
import { bindKeys } from '../../../../src/tui/key-bindings.js';
import { DEFAULT_KEYS, keyTable } from '../../../../src/tui/keys.js';
import { noteText } from '../../../../src/tui/screens/log/lines.js';
import { lineRows, rowCount } from '../../../../src/tui/screens/log/rows.js';
import { helpAt } from '../../../../src/tui/screens/picker/keys.js';
import { busyText, contextsTitle, firstMatchHint } from '../../../../src/tui/screens/picker/lines.js';
import type { LogLine } from '../../../../src/model/log.js';

const rebound = (json: Record<string, string>) => {
  const bound = bindKeys(Object.entries(json).map(([id, key]) => [id, [key]] as const));
  expect(bound.problems).toEqual([]);
  return keyTable(bound.commands);
};

describe('the log viewer', () => {
  it('notes name the debug, wrap, search and back keys in force', () => {
    const keys = rebound({ logDebug: 'D', logWrap: 'W', logSearch: 'ctrl+f', logBack: 'ctrl+b' });
    expect(noteText({ kind: 'debug', shown: true, count: 1200 }, keys)).toBe('Debug lines shown (1,200): D hides them.');
    expect(noteText({ kind: 'wrap', on: false }, keys)).toBe('Long lines are cut at the edge (W wraps them).');
    expect(noteText({ kind: 'noSearch' }, keys)).toBe('No search yet: Ctrl+F searches the log.');
    expect(noteText({ kind: 'lost' }, keys)).toContain('Ctrl+B and open it again.');
    expect(noteText({ kind: 'noSearch' }, DEFAULT_KEYS)).toBe('No search yet: / searches the log.');
  });

  it('a line over 10,000 characters names the save key in force, and is counted in the rows it is drawn in', () => {
    const line: LogLine = { kind: 'out', text: 'z'.repeat(10_070), spans: null, hidden: false, at: null, timestamp: '', entry: 0 };
    const rows = lineRows(line, 100, true, [], false, 'Ctrl+W');
    expect(
      rows
        .flat()
        .map((s) => s.text)
        .join(''),
    ).toContain('… 70 more characters (Ctrl+W saves the whole line)');
    expect(rowCount(line, 100, true, 'Ctrl+W')).toBe(rows.length);
  });
});

describe('the picker', () => {
  it('hints name the open, next, switch and cancel keys in force', () => {
    const keys = rebound({ pickerOpen: 'ctrl+o', pickerDown: 'ctrl+n', contextPick: 'tab', contextCancel: 'ctrl+q' });
    expect(firstMatchHint('shop', keys)).toBe('  Ctrl+O opens shop (the first match) · Ctrl+N picks another');
    expect(contextsTitle(keys)).toBe('Switch to a context (Tab switches, Ctrl+Q goes back)');
    expect(busyText('Connecting to prod…', keys)).toBe('Connecting to prod… (Ctrl+Q stops)');
  });

  it('a paste stops at the help key in force: ? by default, nowhere when help is a Ctrl key', () => {
    expect(helpAt('ab?c', DEFAULT_KEYS)).toBe(2);
    expect(helpAt('abc', DEFAULT_KEYS)).toBe(-1);
    expect(helpAt('ab?c', rebound({ help: 'ctrl+g' }))).toBe(-1);
  });
});
