import React from 'react';
import { describe, expect, it } from 'vitest';
import { Text } from 'ink';
import stringWidth from 'string-width';
import { DEPLOYMENT_FIELDS, readDeployment } from '../../../src/api/schemas/deployment.js';
import { DeploymentTable, type TableRow } from '../../../src/tui/components/deployment-table.js';
import { COLUMNS, fitColumns, tableWidth, type Cells } from '../../../src/model/columns.js';
import { detailLines, rawJsonLines } from '../../../src/tui/screens/detail/lines.js';
import { FIELD_GROUPS } from '../../../src/tui/screens/detail/fields.js';
import { COMMANDS, DEFAULT_KEYS, type ScopeId } from '../../../src/tui/keys.js';
import { colourTheme, plainTheme, ThemeProvider, themeFor } from '../../../src/tui/theme.js';
import { helpLines } from '../../../src/tui/screens/help/lines.js';
import { ErrorBoundary } from '../../../src/tui/app.js';
import { describeError } from '../../../src/tui/errors.js';
import { NetworkError, NotFoundError, RateLimitedError, UnauthorizedError, ForbiddenError } from '../../../src/api/errors.js';
import { truncate, padCells, wrapCells } from '../../../src/text/cells.js';
import { renderTui, settle } from '../../support/render.js';

const cells = (over: Partial<Cells> = {}): Cells => ({
  changed: '',
  status: '✓ finished',
  source: 'webhook',
  commit: 'abcdef1',
  subject: 'Fix rounding of VAT in cart totals',
  branch: 'main',
  started: '3h ago',
  duration: '3m 12s',
  server: 'edge-fra-1',
  application: 'shop',
  build: 'nixpacks',
  domains: 'https://shop.example.com',
  id: '12',
  reason: '',
  ...over,
});

describe('table layout', () => {
  it('drops the least important columns to fit the width, keeping status, commit, subject, started and id', () => {
    const rows = [cells()];
    const wide = fitColumns(COLUMNS, rows, 250).map((c) => c.key);
    expect(wide).toEqual(COLUMNS.map((c) => c.key));
    const narrow = fitColumns(COLUMNS, rows, 78);
    expect(narrow.map((c) => c.key)).toEqual(expect.arrayContaining(['status', 'commit', 'subject', 'started', 'id']));
    expect(tableWidth(narrow)).toBeLessThanOrEqual(78);
    expect(fitColumns(COLUMNS, rows, 50).map((c) => c.key)).toEqual(['status', 'commit', 'subject', 'started', 'id']);
    expect(tableWidth(fitColumns(COLUMNS, rows, 50))).toBeLessThanOrEqual(50);
  });

  it('keeps columns aligned with wide characters and emoji, and strips nothing it should not', async () => {
    const rows: TableRow[] = [
      { key: 'a', cells: cells({ branch: 'feature/日本語-ブランチ', changed: 'Δ' }), status: 'finished', flash: false },
      {
        key: 'b',
        cells: cells({ branch: '🚀 rocket', application: 'naïve café', subject: '部署 🛒 badge' }),
        status: 'failed',
        flash: true,
      },
      { key: 'c', cells: cells({ branch: 'plain' }), status: 'in_progress', flash: false },
    ];
    const columns = fitColumns(
      COLUMNS,
      rows.map((r) => r.cells),
      162,
    );
    const ui = renderTui(
      <ThemeProvider value={plainTheme}>
        <DeploymentTable rows={rows} columns={columns} />
      </ThemeProvider>,
      { columns: 164, rows: 30 },
    );
    await settle();
    const lines = ui
      .frame()
      .split('\n')
      .filter((l) => l.trim());
    expect(lines).toHaveLength(7); // top, heading, separator, 3 rows, bottom
    const widths = new Set(lines.map((l) => stringWidth(l)));
    expect(widths.size).toBe(1);
    // The column separators sit at the same cell positions on every row.
    const bars = (l: string) => {
      const out: number[] = [];
      let x = 0;
      for (const ch of l) {
        if ('│┼┬┴├┤┌┐└┘'.includes(ch)) out.push(x);
        x += stringWidth(ch);
      }
      return out;
    };
    const first = JSON.stringify(bars(lines[1]!));
    for (const l of lines.slice(1, -1)) expect(JSON.stringify(bars(l))).toBe(first);
    expect(ui.frame()).toContain('部署 🛒 badge');
    expect(ui.frame()).toContain('feature/日本');
    ui.unmount();
  });

  it('truncates and pads in terminal cells', () => {
    expect(truncate('日本語のブランチ', 7)).toBe('日本語…');
    expect(stringWidth(padCells('😀a', 5))).toBe(5);
    expect(wrapCells('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});

describe('detail fields', () => {
  it('puts every contract field in exactly one group', () => {
    const grouped = FIELD_GROUPS.flatMap((g) => g.fields);
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped].sort()).toEqual([...DEPLOYMENT_FIELDS].sort());
  });

  it('shows other fields, flags wrong types, masks secrets and URL passwords, cleans escapes', () => {
    const d = readDeployment({
      id: 'seven',
      git_commit_sha: 'a'.repeat(40),
      http_basic_auth_password: 'hunter2',
      manual_webhook_secret_provider_a: '',
      git_repository: 'https://bob:s3cret@git.example.com/x.git',
      name: 'evil\u001b[31mred\u0007',
      server_extra: { a: 1 },
      created_at: '2026-08-22T15:22:50.000000Z',
    });
    const text = detailLines(d, { reveal: false, width: 120, theme: plainTheme })
      .map((l) => `${l.label ?? ''}${l.text}`)
      .join('\n');
    expect(text).toContain('a'.repeat(40));
    expect(text).toMatch(/id\s+seven {2}⚠ invalid type, expected a whole number/);
    expect(text).toMatch(/http_basic_auth_password\s+•••• \(set\)/);
    expect(text).toMatch(/manual_webhook_secret_provider_a\s+\(empty\)/);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('s3cret');
    expect(text).toContain('Other (not in the contract)');
    expect(text).toMatch(/server_extra\s+\{"a":1\}/);
    // A time both ways: relative first (the default), or the date first after T.
    expect(text).toMatch(/created_at\s+\d+\w+( \d+\w+)? ago {2}\(2026-08-22 15:22:50 UTC\)/);
    const absolute = detailLines(d, { reveal: false, width: 120, theme: plainTheme, time: 'absolute' })
      .map((l) => `${l.label ?? ''}${l.text}`)
      .join('\n');
    expect(absolute).toMatch(/created_at\s+2026-08-22 15:22:50 UTC {2}\(\d+\w+( \d+\w+)? ago\)/);
    expect(text).not.toContain('\u001b');
    const raw = rawJsonLines(d, { reveal: false, width: 120, theme: plainTheme })
      .map((l) => l.text)
      .join('\n');
    expect(raw).toContain('"http_basic_auth_password": "•••• (set)"');
    expect(raw).toContain('"id": "seven"');
    expect(raw).not.toContain('hunter2');
    const revealed = detailLines(d, { reveal: true, width: 120, theme: plainTheme })
      .map((l) => l.text)
      .join('\n');
    expect(revealed).toContain('hunter2');
  });

  it('shows a time field that is not a time as it came, cleaned', () => {
    const d = readDeployment({ id: 1, created_at: 'yesterday-ish', updated_at: 'soon\u001b]0;pwned\u0007\n!' });
    const text = detailLines(d, { reveal: false, width: 120, theme: plainTheme })
      .map((l) => `${l.label ?? ''}${l.text}`)
      .join('\n');
    expect(text).toMatch(/created_at\s+yesterday-ish$/m);
    expect(text).toMatch(/updated_at\s+soon !$/m);
    expect(text).not.toContain('pwned');
  });
});

describe('key map', () => {
  it('matches keys by data and feeds help and footer', () => {
    expect(DEFAULT_KEYS.commandFor(['deployments', 'global'], 'n', {})).toBe('nextPage');
    expect(DEFAULT_KEYS.commandFor(['deployments', 'global'], '', { rightArrow: true })).toBe('nextPage');
    expect(DEFAULT_KEYS.commandFor(['app'], 'c', { ctrl: true })).toBe('interrupt');
    expect(DEFAULT_KEYS.commandFor(['deployments', 'global'], 'q', {})).toBe('quit');
    expect(DEFAULT_KEYS.commandFor(['deployments', 'global'], 'c', {})).toBe('createApp');
    expect(DEFAULT_KEYS.commandFor(['form'], '', { tab: true, shift: true })).toBe('formPrevField');
    expect(DEFAULT_KEYS.commandFor(['form'], '', { tab: true })).toBe('formNextField');
    expect(DEFAULT_KEYS.commandFor(['form'], 's', { ctrl: true })).toBe('formSubmit');
    // Every command is in the help of each screen it works on, and nothing of another screen is.
    const helpOf = (from: ScopeId) =>
      helpLines(from, plainTheme, 200, DEFAULT_KEYS)
        .map((l) => `${l.label ?? ''}${l.text}`)
        .join('\n');
    for (const c of COMMANDS)
      expect(
        c.screens.some((s) => helpOf(s).includes(c.description)),
        c.id,
      ).toBe(true);
    const deployments = helpOf('deployments');
    expect(deployments).toContain(COMMANDS.find((c) => c.id === 'nextPage')!.description);
    expect(deployments).not.toContain(COMMANDS.find((c) => c.id === 'pickerOpen')!.description);
    expect(DEFAULT_KEYS.footerOf('deployments').map((c) => c.label)).toContain('n/→/PgDn');
  });

  it('NO_COLOR or --no-color selects the theme without colours', () => {
    expect(themeFor(false, {})).toBe(colourTheme);
    expect(themeFor(true, {})).toBe(plainTheme);
    expect(themeFor(false, { NO_COLOR: '1' })).toBe(plainTheme);
    expect(Object.values(plainTheme.ui).every((v) => v === undefined)).toBe(true);
  });
});

describe('errors', () => {
  it('says each failure in plain words with the action', () => {
    expect(describeError(new UnauthorizedError()).message).toMatch(/rejected the token.*Check DMS_TOKEN or the context/);
    expect(describeError(new ForbiddenError('Missing required permissions: read')).message).toMatch(/lacks the permission/);
    expect(describeError(new NotFoundError('Application not found')).message).toMatch(/No such application \(404\)/);
    expect(describeError(new NetworkError('refused', 'Connection refused by 127.0.0.1:9')).message).toBe(
      'Server unreachable: connection refused.',
    );
    expect(describeError(new NetworkError('other', 'Network error talking to the server (EPROTO).')).message).toBe(
      'Server unreachable: Network error talking to the server (EPROTO).',
    );
    expect(describeError(new NetworkError('refused', 'Connection refused by 127.0.0.1:9')).retrying).toBe(true);
    expect(describeError(new RateLimitedError(30)).message).toMatch(/wait 30 s.*Try again in 30 s/);
    expect(describeError(new RateLimitedError(7)).retryAfterMs).toBe(7000);
    // The next automatic refresh waits as the server asks, up to what dms honours (10 s): never a timer that overflows.
    expect(describeError(new RateLimitedError(30)).retryAfterMs).toBe(10_000);
    expect(describeError(new RateLimitedError(99_999_999_999)).retryAfterMs).toBe(10_000);
  });

  it('an error boundary shows the bug in one line and asks to exit with 1', async () => {
    function Boom(): React.ReactElement {
      throw new Error('kaboom\nstack');
    }
    const codes: number[] = [];
    const original = console.error;
    console.error = () => {};
    const ui = renderTui(
      <ErrorBoundary onCrash={() => codes.push(1)}>
        <Boom />
        <Text>never</Text>
      </ErrorBoundary>,
    );
    await settle();
    console.error = original;
    expect(ui.frame()).toContain('dms hit a bug and stopped: kaboom');
    expect(codes).toEqual([1]);
    ui.unmount();
  });
});
