// The pictures of the stats (src/text/charts.ts, src/model/stats-report.ts): at 80 and 120 columns
// (and any width) no line is wider than asked, none holds a control character or an escape
// sequence, and the shapes carry the meaning (NO_COLOR reads them the same).
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { HEAT_MARKS, columnChart, heatMap, resample } from '../../src/text/charts.js';
import { reportLines } from '../../src/model/stats-report.js';
import { DAY, createStats, statsOf } from '../../src/model/stats.js';
import type { Phase } from '../../src/model/deployment.js';

/** C0, DEL, C1 and ESC: nothing a terminal would act on. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const T0 = Date.UTC(2025, 0, 1);

function checkLines(lines: readonly string[], width: number): void {
  for (const line of lines) {
    expect(CONTROL.test(line), JSON.stringify(line)).toBe(false);
    expect(stringWidth(line), line).toBeLessThanOrEqual(width);
  }
}

const values = fc.array(fc.option(fc.double({ min: 0, max: 1e7, noNaN: true }), { nil: null, freq: 6 }), { maxLength: 3000 });

describe('charts fit the width and hold no control characters', () => {
  for (const width of [80, 120]) {
    it(`column chart at ${width} columns, any values, 1–6 rows, with and without a mark`, () => {
      fc.assert(
        fc.property(values, fc.integer({ min: 1, max: 6 }), fc.option(fc.double({ min: 0, max: 1e7, noNaN: true })), (vs, height, mark) => {
          const lines = columnChart(vs, {
            width,
            height,
            format: (v) => `${Math.round(v)}ms`,
            mark: mark === null ? undefined : { value: mark, label: 'p90' },
          });
          expect(lines).toHaveLength(height);
          checkLines(lines, width);
        }),
      );
    });

    it(`heat map at ${width} columns over any span`, () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 3000 }),
          fc.integer({ min: 1, max: 3000 * DAY }),
          fc.array(fc.tuple(fc.nat(3000), fc.nat(500))),
          (startDays, span, counts) => {
            const from = T0 + startDays * DAY;
            const map = new Map(counts.map(([d, n]) => [Math.floor((from + (d * span) / 3000) / DAY) * DAY, n]));
            const h = heatMap(map, from, from + span, width);
            expect(h.lines).toHaveLength(8);
            checkLines(h.lines, width);
            expect(h.weeks).toBeLessThanOrEqual(width - 4);
          },
        ),
      );
    });

    it(`the whole report at ${width} columns, any history`, () => {
      const phases: Phase[] = ['finished', 'failed', 'cancelled', 'running'];
      fc.assert(
        fc.property(
          fc.array(
            fc.tuple(
              fc.nat(400 * 24),
              fc.nat(3),
              fc.nat(7200),
              fc.constantFrom('main', 'a-very-long-branch-name/'.repeat(8), '部署\u001b[31m'),
            ),
            { maxLength: 400 },
          ),
          (rows) => {
            const acc = createStats();
            for (const [h, p, took, branch] of rows) {
              const start = T0 + h * 3_600_000;
              acc.add({ phase: phases[p]!, startedAt: start, finishedAt: start + took * 1000, source: 'webhook', branch });
            }
            const lines = reportLines(statsOf(acc, {}, T0 + 400 * DAY), { width, durationRows: 5, failureRows: 3 });
            checkLines(
              lines.map((l) => l.text),
              width,
            );
          },
        ),
        { numRuns: 60 },
      );
    });
  }
});

describe('what the pictures show', () => {
  it('the heat map marks a day without deployments ·, the busiest █, and names the levels', () => {
    const monday = Date.UTC(2026, 10, 16);
    const counts = new Map([
      [monday, 8],
      [monday + DAY, 1],
      [monday + 7 * DAY, 4],
    ]);
    const h = heatMap(counts, monday, monday + 14 * DAY, 80);
    expect(h.weeks).toBe(2);
    expect(h.lines[1]).toBe(`Mon ${HEAT_MARKS[4]}${HEAT_MARKS[2]}`);
    expect(h.lines[2]).toBe(`    ${HEAT_MARKS[1]}${HEAT_MARKS[0]}`);
    expect(h.legend).toBe('· 0  ░ 1–2  ▒ 3–4  ▓ 5–6  █ 7–8');
  });

  it('a column chart draws the mark ┄ across where no column reaches, labels it, and 0 as _', () => {
    const lines = columnChart([0, 10, 5, null], { width: 20, height: 2, format: (v) => String(v), mark: { value: 8, label: 'p90' } });
    expect(lines).toEqual(['p90│┄█┄┄', '  0│_██·']);
  });

  it('resampling takes the median of the values each cell holds', () => {
    expect(resample([1, 2, 3, 100, 5, 6], 2)).toEqual([2, 6]);
    expect(resample([null, null, 4], 5)).toEqual([null, null, 4]);
  });
});
