import { describe, expect, it } from 'vitest';
import { readDeploymentList, type Deployment } from '../../src/api/schemas/deployment.js';
import { viewOf } from '../../src/model/deployment.js';
import { settingsChanged } from '../../src/model/settings.js';
import { COLUMNS, cellsOf, fitColumns, pageColumns, tableWidth, type Cells } from '../../src/model/columns.js';

const read = (raw: unknown): Deployment => readDeploymentList([raw])!.deployments[0]!;
const NOW = Date.parse('2026-08-22T16:00:00Z');
const row = (i: number, extra: Record<string, unknown> = {}) => ({
  id: 100 - i,
  deployment_uuid: `dep${i}`,
  status: i === 0 ? 'in_progress' : 'finished',
  commit: `${i}abcdef0123456789`,
  commit_message: `Change number ${i}\n\nbody`,
  is_webhook: i % 2 === 0,
  is_api: false,
  pull_request_id: 0,
  application_name: 'orders-worker',
  server_name: 'edge-fra-1',
  created_at: '2026-08-22T15:00:00Z',
  finished_at: i === 0 ? null : '2026-08-22T15:03:00Z',
  ...extra,
});
const cellsOfRows = (rows: unknown[]): Cells[] => rows.map((r) => cellsOf(viewOf(read(r)), NOW));

describe('page columns', () => {
  it("draws no column that no row fills, and moves the application's shared values to the header", () => {
    const { columns, header } = pageColumns(cellsOfRows([row(0), row(1), row(2)]));
    expect(columns.map((c) => c.key)).toEqual(['status', 'source', 'commit', 'subject', 'started', 'duration', 'id']);
    expect(header).toEqual({ application: 'orders-worker', server: 'edge-fra-1' });
  });

  it('keeps an application value as a column when the rows disagree', () => {
    const { columns, header } = pageColumns(cellsOfRows([row(0), row(1, { server_name: 'build-ams-2' })]));
    expect(columns.map((c) => c.key)).toContain('server');
    expect(header.server).toBeUndefined();
  });

  it('at 80 columns still shows status, commit, subject, started and id (the others go first)', () => {
    const cells = cellsOfRows(
      Array.from({ length: 10 }, (_, i) =>
        row(i, {
          git_branch: 'feature/a-rather-long-branch-name',
          commit_message: `Merge pull request #${i} from acme/feature/checkout-redesign`,
        }),
      ),
    );
    const laid = fitColumns(pageColumns(cells).columns, cells, 78);
    expect(laid.map((c) => c.key)).toEqual(['status', 'commit', 'subject', 'started', 'id']);
    // started takes a fixed 11 cells (`23h 59m ago`), so it never jumps; the subject keeps the rest.
    expect(laid.find((c) => c.key === 'subject')!.width).toBeGreaterThanOrEqual(20);
    expect(tableWidth(laid)).toBeLessThanOrEqual(78);
  });

  it('gives the subject the spare width, up to its longest value', () => {
    const cells = cellsOfRows([row(0, { commit_message: 'x'.repeat(60) }), row(1)]);
    const laid = fitColumns(pageColumns(cells).columns, cells, 250);
    expect(laid.find((c) => c.key === 'subject')!.width).toBe(60);
    expect(laid.map((c) => c.key)).toEqual(pageColumns(cells).columns.map((c) => c.key));
  });

  it('marks a row whose settings changed with Δ, and draws the Δ column only then', () => {
    const snap = (id: number, memory: string) =>
      read({
        id,
        status: 'finished',
        limits_memory: memory,
        build_pack: 'nixpacks',
        ports_exposes: '3000',
        base_directory: '/',
        redirect: 'both',
        fqdn: null,
      });
    const rows = [snap(3, '1g'), snap(2, '512m'), snap(1, '512m')];
    const cells = rows.map((d, i) => cellsOf(viewOf(d), NOW, { changed: settingsChanged(d, rows[i + 1]) }));
    expect(cells.map((c) => c.changed)).toEqual(['Δ', '', '']);
    expect(pageColumns(cells).columns[0]!.key).toBe('changed');
    expect(pageColumns(cells.slice(1)).columns.map((c) => c.key)).not.toContain('changed');
  });

  it('every column the registry knows has a header', () => {
    for (const c of COLUMNS) expect(c.header.length).toBeGreaterThan(0);
  });
});
