// src/text/ink-output.ts stands in for Ink's output stage in the built binary
// (scripts/ink-output-patch.mjs): every string it returns must be Ink's own, byte for byte. Seeded
// random lines and frames, compared with @alcalzone/ansi-tokenize and ink/build/output.js.
import fc from 'fast-check';
import { styledCharsFromTokens, styledCharsToString, tokenize } from '@alcalzone/ansi-tokenize';
import { describe, expect, it } from 'vitest';
import InkOutput from '../../node_modules/ink/build/output.js';
import Output, { cellsToString, styledCharsOf, tokenizeLine, type Clip, type OutputTransformer } from '../../src/text/ink-output.js';
import { parts } from '../support/arbitraries.js';

const SEED = 26;

/** Pieces of a line: what dms draws (ASCII, box drawing, status marks, SGR colours) and what it must not break on. */
const PIECES = [
  'a',
  'Z',
  '7',
  ' ',
  '  ',
  '-',
  '│',
  '─',
  '┌',
  '┼',
  '›',
  '…',
  '–',
  '·',
  'é',
  '✓',
  '✗',
  '●',
  '○',
  '⊘',
  'Δ',
  '↑',
  '\u001b[1m',
  '\u001b[22m',
  '\u001b[2m',
  '\u001b[3m',
  '\u001b[23m',
  '\u001b[4m',
  '\u001b[24m',
  '\u001b[7m',
  '\u001b[27m',
  '\u001b[31m',
  '\u001b[32m',
  '\u001b[39m',
  '\u001b[41m',
  '\u001b[49m',
  '\u001b[90m',
  '\u001b[0m',
  '\u001b[m',
  '\u001b[1;31m',
  '\u001b[38;5;208m',
  '\u001b[38;2;10;20;30m',
  '\u001b[48;5;4m',
  '\u001b[1;3;4;38;5;1m',
  '\u001b[38;5m',
  '\u001b[;m',
  '\u001b[99m',
  '\u001b[4:3m',
  '\u001b[1;',
  // Not the fast path: links, other escapes, a lone ESC, C1 CSI, marks, joiners, emoji, CJK, jamo, controls.
  '\u001b]8;;https://x.test\u0007',
  '\u001b]8;;\u0007',
  '\u001b[2K',
  '\u001b[1A',
  '\u001b',
  '\u001b[',
  '\u001b[12',
  '\u009b31m',
  'e\u0301',
  '\u0301',
  '\u200d',
  '\ufe0f',
  '😀',
  '👍🏽',
  '👨‍👩‍👧',
  '🇫🇷',
  '日本',
  'ｶﾞ',
  '\u1100\u1161',
  '\t',
  '\r',
  '\u0000',
  '\u007f',
  '\u00ad',
];
const line = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((p) => p.join(''));
/** Mostly what the fast path takes, sometimes anything. */
const FAST_PIECES = PIECES.slice(0, PIECES.indexOf('\u001b]8;;https://x.test\u0007'));
const fastLine = fc.array(fc.constantFrom(...FAST_PIECES), { maxLength: 60 }).map((p) => p.join(''));
const anyLine = fc.oneof({ arbitrary: fastLine, weight: 3 }, { arbitrary: line, weight: 1 });
/** Each part of a property on its own seed; part 1 on the seed the whole run had (parts: arbitraries.ts). */
const seedOf = (seed: number, part: number) => seed + 100 * (part - 1);

describe("Ink's output stage, restated", () => {
  it.each(parts(4))('tokenizes 40,000 random lines as @alcalzone/ansi-tokenize does (10,000 a part: %i of 4)', (part) => {
    fc.assert(
      fc.property(anyLine, (s) => {
        expect(tokenizeLine(s)).toEqual(tokenize(s));
      }),
      { seed: seedOf(SEED, part), numRuns: 10_000 },
    );
  });

  it.each(parts(4))(
    "styles each of 20,000 lines' characters as styledCharsFromTokens does, and writes a run of them as styledCharsToString does (5,000 a part: %i of 4)",
    (part) => {
      fc.assert(
        fc.property(anyLine, (s) => {
          const ours = styledCharsOf(s);
          const ink = styledCharsFromTokens(tokenize(s));
          expect(ours).toEqual(ink);
          // Shared style arrays or Ink's own (a copy per character): the same string either way.
          expect(cellsToString(ours)).toBe(styledCharsToString(ink));
          expect(cellsToString(ink)).toBe(styledCharsToString(ink));
        }),
        { seed: seedOf(SEED + 1, part), numRuns: 5_000 },
      );
    },
  );

  it('shares one style array between the characters of a run', () => {
    const chars = styledCharsOf('\u001b[31mred\u001b[39m \u001b[1;31mbold red\u001b[22;39m');
    expect(chars[0]!.styles).toBe(chars[2]!.styles);
    expect(chars[3]!.styles).toHaveLength(0);
    expect(chars[4]!.styles).toBe(chars[11]!.styles);
    expect(chars[4]!.styles).not.toBe(chars[0]!.styles);
  });

  /** One write, clip or unclip of a frame, as render-node-to-output.js makes them. */
  type Op =
    { type: 'write'; x: number; y: number; text: string; transformers: number[] } | { type: 'clip'; clip: Clip } | { type: 'unclip' };
  const TRANSFORMERS: OutputTransformer[] = [
    (s) => `\u001b[31m${s}\u001b[39m`,
    (s) => `\u001b[1m${s}\u001b[22m`,
    (s, i) => (i % 2 ? s.toUpperCase() : s),
    (s) => `\u001b[7m${s}\u001b[27m`,
  ];
  const coordinate = fc.oneof(
    { arbitrary: fc.integer({ min: 0, max: 30 }), weight: 8 },
    { arbitrary: fc.integer({ min: -5, max: 50 }), weight: 1 },
  );
  const bound = fc.option(coordinate, { nil: undefined, freq: 4 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 8,
      arbitrary: fc.record({
        type: fc.constant('write' as const),
        x: coordinate,
        y: coordinate,
        text: fc.array(anyLine, { minLength: 1, maxLength: 5 }).map((ls) => ls.join('\n')),
        transformers: fc.array(fc.integer({ min: 0, max: TRANSFORMERS.length - 1 }), { maxLength: 2 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.constant('clip' as const), clip: fc.record({ x1: bound, x2: bound, y1: bound, y2: bound }) }),
    },
    { weight: 1, arbitrary: fc.constant({ type: 'unclip' as const }) },
  );
  const frame = fc.record({
    width: fc.integer({ min: 0, max: 40 }),
    height: fc.integer({ min: 0, max: 12 }),
    ops: fc.array(op, { maxLength: 24 }),
  });

  function draw(OutputClass: typeof Output | typeof InkOutput, f: { width: number; height: number; ops: Op[] }) {
    const out = new OutputClass({ width: f.width, height: f.height });
    for (const o of f.ops) {
      if (o.type === 'write') out.write(o.x, o.y, o.text, { transformers: o.transformers.map((i) => TRANSFORMERS[i]!) });
      else if (o.type === 'clip') out.clip(o.clip);
      else out.unclip();
    }
    return out.get();
  }

  it.each(parts(8))(
    "draws 10,000 random frames (writes, clips, transforms) to Ink's bytes, again when its rows are kept (1,250 a part: %i of 8)",
    (part) => {
      fc.assert(
        fc.property(frame, (f) => {
          const ink = draw(InkOutput, f);
          expect(draw(Output, f)).toEqual(ink);
          // The second time each row comes from the kept strings.
          expect(draw(Output, f)).toEqual(ink);
        }),
        { seed: seedOf(SEED + 2, part), numRuns: 1_250 },
      );
    },
  );

  it.each(parts(5))("draws 2,000 frames that change one write at a time (a cursor moving) to Ink's bytes (400 a part: %i of 5)", (part) => {
    fc.assert(
      fc.property(frame, fc.array(fc.tuple(fc.nat(), anyLine), { minLength: 1, maxLength: 8 }), (f, changes) => {
        const ops = [...f.ops];
        for (const [at, text] of changes) {
          const i = ops.length ? at % ops.length : 0;
          const o = ops[i];
          if (o?.type === 'write') ops[i] = { ...o, text };
          const next = { ...f, ops };
          expect(draw(Output, next)).toEqual(draw(InkOutput, next));
        }
      }),
      { seed: seedOf(SEED + 3, part), numRuns: 400 },
    );
  });
});
