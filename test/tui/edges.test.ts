// The detail view and the table on records no recursion or argument list can hold: nested 5,000
// and 100,000 levels, 130,000 fields, pages of 130,000 rows; and a HEAD deployment without a message.
import { describe, expect, it } from 'vitest';
import { readDeployment } from '../../src/api/schemas/deployment.js';
import { NONE, cellsOf, fitColumns, pageColumns, BORDERED } from '../../src/model/columns.js';
import { viewOf } from '../../src/model/deployment.js';
import { settingsChanges } from '../../src/model/settings.js';
import { detailLines, rawJsonLines } from '../../src/tui/screens/detail/lines.js';
import { plainTheme } from '../../src/tui/theme.js';
import { TOO_DEEP } from '../../src/text/depth.js';

const deep = (depth: number) => JSON.parse(`${'['.repeat(depth)}"https://u:pw@h/x"${']'.repeat(depth)}`) as unknown;
const text = (lines: readonly { label?: string; text: string }[]) => lines.map((l) => `${l.label ?? ''}${l.text}`).join('\n');

describe.each([5_000, 100_000])('a record with a field nested %i levels', (depth) => {
  const record = () => readDeployment({ id: 1, status: 'finished', server_extra: deep(depth), git_branch: deep(depth) });

  it.each([false, true])('the detail view shows it (reveal %s), deep parts as a placeholder', (reveal) => {
    const shown = text(detailLines(record(), { reveal, width: 100, theme: plainTheme }));
    expect(shown).toContain(TOO_DEEP);
    expect(shown).toMatch(/server_extra/);
  });

  it.each([false, true])('the raw JSON view shows it (reveal %s)', (reveal) => {
    const shown = text(rawJsonLines(record(), { reveal, width: 100, theme: plainTheme }));
    expect(shown).toContain(TOO_DEEP);
  });

  it('what changed compares it with the deployment before without overflowing', () => {
    const settings = { build_pack: 'nixpacks', ports_exposes: '3000', fqdn: 'https://a', redirect: 'both', limits_memory: '1g' };
    const a = readDeployment({ id: 2, ...settings, custom_labels: deep(depth) });
    const b = readDeployment({ id: 1, ...settings, custom_labels: deep(depth) });
    expect(() => settingsChanges(a, b)).not.toThrow();
    const lines = detailLines(a, { reveal: false, width: 100, theme: plainTheme, older: { kind: 'record', record: b } });
    expect(text(lines)).toMatch(/What changed/);
  });
});

describe('sizes past an argument list', () => {
  it('a record with 130,000 fields opens in the detail view', () => {
    const raw: Record<string, unknown> = { id: 1, status: 'finished' };
    for (let i = 0; i < 130_000; i++) raw[`f${i}`] = i;
    const lines = detailLines(readDeployment(raw), { reveal: false, width: 100, theme: plainTheme });
    expect(lines.length).toBeGreaterThan(130_000);
  });

  it('a page of 130,000 empty records gets its columns chosen and sized', () => {
    const rows = Array.from({ length: 130_000 }, () => cellsOf(viewOf(readDeployment({})), Date.now()));
    const { columns } = pageColumns(rows);
    expect(columns.map((c) => c.key)).toEqual(['status']);
    expect(fitColumns(columns, rows, 100, BORDERED).map((c) => c.key)).toEqual(['status']);
  });
});

describe('a deployment of HEAD with commit_message null', () => {
  const head = () => readDeployment({ id: 7, status: 'finished', commit: 'HEAD', commit_message: null, deployment_uuid: 'd7' });
  const withMessage = () =>
    readDeployment({ id: 6, status: 'finished', commit: 'b'.repeat(40), commit_message: 'feat: y', deployment_uuid: 'd6' });

  it('shows HEAD and — in the table, not an empty cell', () => {
    const cells = cellsOf(viewOf(head()), Date.now());
    expect(cells.commit).toBe('HEAD');
    expect(cells.subject).toBe(NONE);
  });

  it('— does not fill a column: a page where no row has a message draws no subject column', () => {
    const only = pageColumns([cellsOf(viewOf(head()), Date.now())]).columns.map((c) => c.key);
    expect(only).not.toContain('subject');
    const mixed = pageColumns([head(), withMessage()].map((d) => cellsOf(viewOf(d), Date.now()))).columns.map((c) => c.key);
    expect(mixed).toContain('subject');
  });

  it('the detail view says HEAD means no commit was pinned, and that there is no message', () => {
    const shown = text(detailLines(head(), { reveal: false, width: 100, theme: plainTheme }));
    expect(shown).toMatch(/commit\s+HEAD \(no commit pinned: the branch's latest when it started\)/);
    expect(shown).toMatch(/Message\n\s+No commit message: the server sent none for this deployment\./);
  });

  it('a record that does not carry commit_message at all gets no Message section', () => {
    const shown = text(detailLines(readDeployment({ id: 1, status: 'finished' }), { reveal: false, width: 100, theme: plainTheme }));
    expect(shown).not.toMatch(/Message/);
  });
});
