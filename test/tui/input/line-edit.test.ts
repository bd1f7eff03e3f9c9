// The line editor never splits a character: any edits on any text leave valid UTF-16 that a
// draft keeps as it was.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDraft, saveDraft } from '../../../src/config/drafts.js';
import { applyLine, cursorParts, insertLine, lineAt, type LineCommand, type LineState } from '../../../src/tui/input/line-edit.js';
import { WIDE_TEXT, mixedString, runs } from '../../support/arbitraries.js';
import { tempDir } from '../../support/temp.js';

const COMMANDS: LineCommand[] = ['left', 'right', 'start', 'end', 'backspace', 'killBefore', 'killAfter'];
/** Lone surrogates and unpaired halves: what no edit may leave behind. */
const wellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
const graphemes = (s: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s)].map((g) => g.segment);

const edit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...COMMANDS).map((command) => ({ command })) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(mixedString, fc.constantFrom(...WIDE_TEXT, 'a😀', 'e\u0301', '👩‍💻', '🇩🇪', '\ud83d', '\ude00x'))
      .map((text) => ({ text })),
  },
);

function run(state: LineState, edits: readonly ({ command: LineCommand } | { text: string })[]): LineState {
  return edits.reduce((s, e) => ('command' in e ? applyLine(s, e.command) : insertLine(s, e.text)), state);
}

describe('line editor', () => {
  it('Backspace after a😀 leaves a; ← then x never lands inside the emoji', () => {
    const s = insertLine(lineAt(''), 'a😀');
    expect(applyLine(s, 'backspace')).toEqual({ value: 'a', cursor: 1 });
    expect(insertLine(applyLine(s, 'left'), 'x')).toEqual({ value: 'ax😀', cursor: 2 });
    expect(applyLine(lineAt('e\u0301x', 3), 'left')).toEqual({ value: 'e\u0301x', cursor: 2 });
    expect(applyLine(lineAt('👩‍💻', 5), 'backspace')).toEqual({ value: '', cursor: 0 });
    expect(lineAt('a😀', 2).cursor).toBe(1);
    expect(cursorParts({ value: 'a😀b', cursor: 1 })).toEqual(['a', '😀', 'b']);
  });

  it('any edits on any text give valid UTF-16 with the cursor between graphemes, kept by a draft', () => {
    const dir = tempDir('dms-line-edit-');
    fc.assert(
      fc.property(
        fc.oneof(mixedString, fc.constantFrom(...WIDE_TEXT)),
        fc.nat(40),
        fc.array(edit, { maxLength: 30 }),
        (start, at, edits) => {
          const text = insertLine(lineAt(''), start).value;
          const s = run(lineAt(text, at), edits);
          expect(wellFormed(s.value)).toBe(true);
          expect(s.cursor).toBeGreaterThanOrEqual(0);
          expect(s.cursor).toBeLessThanOrEqual(s.value.length);
          // The cursor sits on a grapheme boundary.
          let offset = 0;
          const bounds = new Set([0]);
          for (const g of graphemes(s.value)) bounds.add((offset += g.length));
          expect(bounds.has(s.cursor)).toBe(true);
          saveDraft(dir, 'create-app', { values: { name: s.value }, step: 0 });
          expect(loadDraft(dir, 'create-app')?.values.name ?? '').toBe(s.value);
        },
      ),
      { numRuns: runs(300) },
    );
  });
});
