// The deployments screen as history: columns from the model on both record shapes, Δ and what
// changed (with the neighbour below the page fetched for the last row), the summary and the fold
// of fields not sent. Against a small server on 127.0.0.1 that answers pages of a made-up history.
import React from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../../../src/api/client.js';
import { DEPLOYMENT_FIELDS } from '../../../../src/api/schemas/deployment-fields.js';
import { readDeploymentList } from '../../../../src/api/schemas/deployment.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { DetailView } from '../../../../src/tui/screens/detail/view.js';
import { detailLines } from '../../../../src/tui/screens/detail/lines.js';
import { ThemeProvider, plainTheme } from '../../../../src/tui/theme.js';
import { respondWith, type HostileServer } from '../../../support/hostile.js';
import { KEY, renderApp, renderTui, type Rendered } from '../../../support/render.js';

const APP = 'app-history';
const MINUTE = 60_000;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '.000000Z');

/** Queue rows, newest first: id 40 running, the rest final; every fourth by API, one rollback, one PR. */
function queueRows(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const id = 40 - i;
    const created = now - (i + 1) * 30 * MINUTE;
    const status = i === 0 ? 'in_progress' : i % 7 === 3 ? 'failed' : 'finished';
    return {
      id,
      application_id: '3',
      deployment_uuid: `dep${String(id).padStart(21, '0')}`,
      pull_request_id: i === 5 ? 17 : 0,
      force_rebuild: false,
      commit: i === 2 ? 'HEAD' : `${String(id).padStart(2, '0')}c0ffee${'0'.repeat(31)}`,
      status,
      is_webhook: i % 4 !== 1,
      is_api: i % 4 === 1,
      created_at: iso(created),
      updated_at: iso(created + 3 * MINUTE),
      restart_only: false,
      git_type: 'provider_a',
      server_id: 1,
      application_name: 'orders-worker',
      server_name: 'edge-fra-1',
      deployment_url: `/project/p/environment/e/application/a/deployment/dep${id}`,
      destination_id: '1',
      only_this_server: false,
      rollback: i === 6,
      commit_message: `Change ${id}: retry webhooks\n\nWhy: the queue gave up after one try.\nSecond body line.`,
      finished_at: status === 'in_progress' ? null : iso(created + 3 * MINUTE + 12_000),
      build_server_id: null,
    };
  });
}

/** Settings snapshots (the interface's shape), newest first; memory raised at id 28, build command changed at id 21. */
function snapshotRows(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => {
    const id = 30 - i;
    const created = now - (i + 1) * 60 * MINUTE;
    const record: Record<string, unknown> = Object.fromEntries(DEPLOYMENT_FIELDS.map((f) => [f, null]));
    return Object.assign(record, {
      id,
      uuid: `snap-${id}`,
      name: 'shop-frontend',
      status: 'finished',
      git_branch: 'main',
      git_commit_sha: `${id}beef${'1'.repeat(34)}`,
      build_pack: 'nixpacks',
      fqdn: 'https://shop.example.com',
      limits_memory: id >= 28 ? '1g' : '512m',
      build_command: id >= 21 ? 'npm run build -- --profile' : 'npm run build',
      destination_id: 1,
      containerfile: id >= 28 ? 'FROM node:20\nRUN npm ci\nRUN npm run build' : 'FROM node:18\nRUN npm ci',
      manual_webhook_secret_provider_a: id >= 29 ? 'whsec_NEWSECRET' : 'whsec_OLDSECRET',
      created_at: iso(created),
      updated_at: iso(created + 4 * MINUTE),
    });
  });
}

let server: HostileServer;
let client: DmsClient;
const bodies: Record<string, Record<string, unknown>[]> = {};
let shown: Rendered | undefined;

beforeAll(async () => {
  bodies.queue = queueRows(25);
  bodies.snapshot = snapshotRows(20);
  server = await respondWith((req, res) => {
    const rows = bodies[req.path.endsWith('snapshot') ? 'snapshot' : 'queue']!;
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ count: rows.length, deployments: rows.slice(skip, skip + take) }));
  });
  client = createClient({ baseUrl: `${server.url}/api/v1`, token: '1|historytoken', retries: 0 });
});
afterAll(() => server.close());
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function open(app: string, size = { columns: 160, rows: 40 }) {
  const options: TuiOptions = {
    client,
    connection: { label: 'test', host: new URL(server.url).host, origin: server.url, demo: false },
    configDir: '',
    appUuid: app,
    screen: 'browse',
    showSecrets: false,
    noColor: true,
  };
  shown = renderApp(options, { size });
  return shown;
}

const rowOf = (frame: string, text: string) => frame.split('\n').find((l) => /^[› ] │/.test(l) && l.includes(text)) ?? '';
const requestsFor = (app: string) => server.requests.filter((r) => r.path.endsWith(app)).map((r) => r.query.toString());

describe('history on queue rows', () => {
  it('shows status, source, commit and subject, started, duration and id; the app and server once, in the header', async () => {
    const ui = open(`${APP}-queue`);
    const frame = await ui.waitFor(/1–10 of 25/);
    expect(frame).toMatch(/│ status\s+│ source\s+│ commit\s+│ subject\s+│ started\s+│ duration\s+│ id\s+│/);
    expect(frame).toContain('app orders-worker');
    expect(frame).toContain('edge-fra-1');
    expect(frame).not.toMatch(/│ server/);
    expect(rowOf(frame, '│ 40')).toMatch(/● in progress\s+│ webhook\s+│ 40c0ffe\s+│ Change 40: retry webhooks/);
    expect(rowOf(frame, '│ 39')).toMatch(/✓ finished\s+│ API /);
    expect(rowOf(frame, '│ 38')).toMatch(/│ HEAD\s+│/);
    expect(rowOf(frame, '│ 37')).toMatch(/✗ failed .*3m 12s/);
    expect(rowOf(frame, '│ 35')).toContain('PR #17');
    expect(rowOf(frame, '│ 34')).toContain('rollback');
    // What runs now, in the header.
    expect(frame).toMatch(/● deploying 40c0ffe for \d+m \d\ds · live 39c0ffe, finished/);
    // Nothing of the settings: no Δ, no fold of settings fields in the table, no request for a neighbour.
    expect(frame).not.toContain('Δ');
    expect(requestsFor(`${APP}-queue`)).toEqual(['skip=0&take=10']);
  });

  it('/ matches the source, the subject and a pull request number', async () => {
    const ui = open(`${APP}-queue`);
    await ui.waitFor(/1–10 of 25/);
    await ui.press('/', 'rollback', KEY.enter);
    const rollback = await ui.waitFor('“rollback”: 1 found · searched all 25');
    expect(rowOf(rollback, '│ 34')).toContain('rollback');
    await ui.press(KEY.escape, '/', '#17', KEY.enter);
    expect(rowOf(await ui.waitFor('“#17”: 1 found · searched all 25'), '│ 35')).toContain('PR #17');
    await ui.press(KEY.escape, '/', 'retry change 37', KEY.enter);
    expect(rowOf(await ui.waitFor('“retry change 37”: 1 found'), '│ 37')).toContain('✗ failed');
  });

  it("the running deployment's duration counts up on screen", async () => {
    const ui = open(`${APP}-queue`);
    const first = rowOf(await ui.waitFor(/1–10 of 25/), '│ 40');
    const later = await ui.waitFor((f) => rowOf(f, '│ 40') !== first && rowOf(f, '│ 40').includes('● in progress'), 3000);
    expect(rowOf(later, '│ 40')).toMatch(/\d+m \d\ds/);
  });

  it('the detail opens with the summary, the whole message and the link; absent interface fields fold into one line', async () => {
    const ui = open(`${APP}-queue`);
    await ui.waitFor(/1–10 of 25/);
    await ui.press('j', 'j', 'j', KEY.enter);
    const detail = await ui.waitFor('Deployment 37');
    expect(detail).toMatch(/status\s+✗ failed/);
    expect(detail).toMatch(/commit\s+37c0ffee0{31}/);
    expect(detail).toMatch(/source\s+webhook/);
    expect(detail).toMatch(/duration\s+3m 12s/);
    expect(detail).toMatch(/server\s+edge-fra-1/);
    expect(detail).toContain(`link        ${server.url}/project/p/environment/e/application/a/deployment/dep37`);
    expect(detail).toContain('Change 37: retry webhooks');
    expect(detail).toContain('Why: the queue gave up after one try.');
    expect(detail).toContain('Second body line.');
    expect(detail).not.toContain('What changed');
    expect(detail).not.toContain('invalid type');
    await ui.press('G');
    const bottom = await ui.waitFor(/fields of the interface not sent; f lists them/);
    expect(bottom).toMatch(/\d+ fields of the interface not sent/);
    expect(bottom).not.toContain('health_check_path');
    await ui.press('f', 'G');
    await ui.waitFor('f folds them');
  });
});

describe('history on settings snapshots', () => {
  it('marks rows whose settings changed with Δ, the last row after asking for the one below the page', async () => {
    const ui = open(`${APP}-snapshot`);
    await ui.waitFor(/1–10 of 20/);
    // The deployment below the page (id 20) is asked for after the page is on screen, one row.
    const frame = await ui.waitFor((f) => rowOf(f, '│ 21').startsWith('  │ Δ'));
    expect(requestsFor(`${APP}-snapshot`)).toEqual(['skip=0&take=10', 'skip=10&take=1']);
    const marked = frame
      .split('\n')
      .filter((l) => /^[› ] │ Δ .*│ \d+\s+│$/.test(l.trimEnd()))
      .map((l) => /│ (\d+)\s+│$/.exec(l.trimEnd())?.[1]);
    expect(marked).toEqual(['29', '28', '21']);
    expect(frame).toContain('Δ settings changed since the deployment before');
  });

  it('the detail lists what changed: values, a secret only as changed, a multi-line diff', async () => {
    const ui = open(`${APP}-snapshot`);
    await ui.waitFor(/1–10 of 20/);
    await ui.press('j', 'j', KEY.enter);
    const detail = await ui.waitFor('What changed since deployment 27');
    expect(detail).toMatch(/Deployment 28 · ✓ finished · shop-frontend/);
    expect(detail).toMatch(/containerfile\s+changed: 2 lines added, 1 removed/);
    expect(detail).toContain('- FROM node:18');
    expect(detail).toContain('+ FROM node:20');
    expect(detail).toContain('+ RUN npm run build');
    expect(detail).toMatch(/limits_memory\s+512m → 1g/);
    expect(detail).not.toMatch(/build_command/);
    await ui.press(KEY.escape, 'k', KEY.enter);
    const secret = await ui.waitFor('What changed since deployment 28');
    expect(secret).toMatch(/manual_webhook_secret_provider_a\s+changed \(secret\)/);
    expect(secret).not.toContain('SECRET');
  });

  it("the last row's detail compares with the deployment below the page; the oldest says there is nothing before it", async () => {
    const ui = open(`${APP}-snapshot`);
    await ui.waitFor(/1–10 of 20/);
    await ui.press(...Array(9).fill('j'), KEY.enter);
    const detail = await ui.waitFor('What changed since deployment 20');
    expect(detail).toMatch(/build_command\s+npm run build → npm run build -- --profile/);
    await ui.press(KEY.escape, 'n');
    await ui.waitFor(/11–20 of 20/);
    await ui.press(...Array(9).fill('j'), KEY.enter);
    await ui.waitFor('The first deployment: there is nothing before it to compare with.');
  });
});

describe('detail lines', () => {
  const read = (raw: Record<string, unknown>) => readDeploymentList([raw])!.deployments[0]!;
  const all = (lines: readonly { label?: string; text: string }[]) => lines.map((l) => `${l.label ?? ''}${l.text}`).join('\n');

  it('lists the interface fields a queue row does not carry when asked, as "not sent"', () => {
    const d = read(queueRows(1)[0]!);
    const folded = all(detailLines(d, { reveal: false, width: 120, theme: plainTheme }));
    expect(folded).toMatch(/\d+ fields of the interface not sent; f lists them/);
    expect(folded).not.toContain('health_check_path');
    expect(folded).toMatch(/deployment_uuid\s+dep0+40/);
    const listed = all(detailLines(d, { reveal: false, width: 120, theme: plainTheme, showAbsent: true }));
    expect(listed).toMatch(/health_check_path\s+not sent/);
    expect(listed).toContain('f folds them');
  });

  it('says when the deployment before is loading or could not be read', () => {
    const d = read(snapshotRows(1)[0]!);
    const text = (older: Parameters<typeof detailLines>[1]['older']) =>
      detailLines(d, { reveal: false, width: 120, theme: plainTheme, older })
        .map((l) => l.text)
        .join('\n');
    expect(text({ kind: 'loading' })).toContain('Loading the deployment before this one…');
    expect(text({ kind: 'failed', message: 'Server unreachable.' })).toContain('could not be loaded: Server unreachable.');
    expect(text(undefined)).not.toContain('What changed');
  });

  it('masks URL passwords in a changed value and in the message unless revealed', () => {
    const [newer, older] = snapshotRows(2).map((r) => read(r));
    const a = read({
      ...newer,
      git_repository: 'https://bot:hunter2@git.example.com/x.git',
      commit_message: 'from https://u:pw123456@h.io',
    });
    const options = { width: 120, theme: plainTheme, older: { kind: 'record' as const, record: older! } };
    const masked = all(detailLines(a, { ...options, reveal: false }));
    expect(masked).toMatch(/git_repository/);
    expect(masked).not.toContain('hunter2');
    expect(masked).not.toContain('pw123456');
    expect(all(detailLines(a, { ...options, reveal: true }))).toContain('hunter2');
  });

  it('renders a running deployment\'s duration "so far" and a queued one as waiting', () => {
    const running = read({ id: 1, status: 'in_progress', created_at: iso(now - 90_000) });
    const queued = read({ id: 2, status: 'queued', created_at: iso(now - 40_000) });
    const ui = renderTui(
      <ThemeProvider value={plainTheme}>
        <DetailView
          record={running}
          now={now}
          width={100}
          bodyLines={28}
          view={{ offset: 0, raw: false, reveal: false, showAbsent: false, note: null }}
        />
      </ThemeProvider>,
    );
    expect(ui.frame()).toMatch(/duration\s+1m 30s so far/);
    ui.unmount();
    const text = all(detailLines(queued, { reveal: false, width: 100, theme: plainTheme, now }));
    expect(text).toMatch(/duration\s+waiting for 40s/);
  });
});
