// The table's columns (model/columns.ts) for any mix of records: the examples are in
// test/model/columns.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDeploymentList } from '../../src/api/schemas/deployment.js';
import { viewOf } from '../../src/model/deployment.js';
import { settingsChanged } from '../../src/model/settings.js';
import { PLAIN, cellsOf, fitColumns, pageColumns, tableWidth } from '../../src/model/columns.js';
import { widthOf } from '../../src/text/cells.js';
import { anyShapeRecordOf, runs } from '../support/arbitraries.js';

const NOW = Date.parse('2026-08-22T16:00:00Z');
const UNSAFE = /[\u0000-\u001f\u007f-\u009f]/;

describe('page columns, property', () => {
  const pages = fc.array(anyShapeRecordOf(3_000), { minLength: 1, maxLength: 8 });

  it('any mix of records: no throw, no empty column drawn, no control character in a cell, the table fits', () => {
    fc.assert(
      fc.property(pages, fc.integer({ min: 40, max: 260 }), (records, width) => {
        const views = readDeploymentList(records)!.deployments.map(viewOf);
        const cells = views.map((v, i) => cellsOf(v, NOW, { changed: settingsChanged(v.record, views[i + 1]?.record) }));
        const { columns, header } = pageColumns(cells);
        for (const c of columns) expect(cells.some((r) => r[c.key] !== '')).toBe(true);
        for (const r of cells) for (const text of Object.values(r)) expect(text).not.toMatch(UNSAFE);
        for (const text of Object.values(header)) expect(text).not.toMatch(UNSAFE);
        const laid = fitColumns(columns, cells, width);
        const required = columns.filter((c) => c.priority === 0).length;
        if (width >= 1 + required * 4) expect(tableWidth(laid)).toBeLessThanOrEqual(width);
        for (const c of laid) expect(c.width).toBeGreaterThanOrEqual(1);
        const plain = fitColumns(columns, cells, Infinity, PLAIN);
        for (const c of plain) expect(c.width).toBeGreaterThanOrEqual(Math.min(widthOf(c.header), c.width));
      }),
      { numRuns: runs(150) },
    );
  });
});
