// The log viewer on the deployments screen: opened from the list or the detail with `l`, at the
// end, with stderr and commands marked, debug lines on demand, search, timestamps, wrap, saving,
// and a running deployment followed one row at a time until it is final. Against a small server
// on 127.0.0.1 whose rows carry logs the way deployed servers send them.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../../../src/api/client.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { NO_LOGS } from '../../../../src/model/log.js';
import { respondWith, type HostileServer } from '../../../support/hostile.js';
import { tempDir } from '../../../support/temp.js';
import { showsWhole } from '../../../support/wrapped.js';
import { KEY, renderApp, until, type Rendered } from '../../../support/render.js';

const TOKEN = '1|logviewertoken';
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString().replace('Z', '000Z');

interface Entry {
  command?: string | null;
  output: string;
  type?: 'stdout' | 'stderr';
  hidden?: boolean;
  timestamp?: string;
}

function entry(e: Entry, i: number): Record<string, unknown> {
  return {
    command: e.command ?? null,
    output: e.output,
    type: e.type ?? 'stdout',
    timestamp: e.timestamp ?? iso(now - 600_000 + i * 1000),
    hidden: e.hidden ?? false,
    batch: 1,
    order: i + 1,
  };
}

const BUILD: Entry[] = [
  { command: 'git clone https://x-access-token:<REDACTED>@example.com/shop.git', output: 'Cloning into shop...' },
  { output: 'debug: resolved 1.2.3', hidden: true },
  { command: 'npm ci', output: 'added 812 packages\nfound 0 vulnerabilities\n' },
  { output: '\u001b]0;HACKED-TITLE\u0007\u001b[2J\u001b[HDownloading  10%\rDownloading  55%\rDownloading 100%' },
  { output: '\u001b[32mCompiled successfully\u001b[0m in 4.2s' },
  { output: 'connecting to postgres://app:Sup3rS3cret@db:5432/app' },
  { output: `echoed ${TOKEN} by a careless script` },
  { output: 'x'.repeat(150) + 'END-OF-LONG-LINE' },
  ...Array.from({ length: 60 }, (_, i): Entry => ({ output: `step ${i + 1} of 60: ok` })),
  { output: 'error: build failed on line 42', type: 'stderr' },
  { output: 'npm ERR! code ELIFECYCLE', type: 'stderr' },
  { output: 'Deployment failed. Removing the new version of your application.', type: 'stderr' },
];

function row(id: number, status: string, entries: Entry[] | undefined, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const created = now - (50 - id) * 3_600_000;
  const r: Record<string, unknown> = {
    id,
    deployment_uuid: `dep${String(id).padStart(21, '0')}`,
    status,
    commit: `${id}abcdef${'0'.repeat(32)}`,
    commit_message: `Change ${id}`,
    application_name: 'shop',
    server_name: 'edge-1',
    is_webhook: true,
    is_api: false,
    rollback: false,
    pull_request_id: 0,
    created_at: iso(created),
    updated_at: iso(created + 120_000),
    finished_at: status === 'in_progress' || status === 'queued' ? null : iso(created + 192_000),
    ...extra,
  };
  if (entries) r.logs = JSON.stringify(entries.map(entry));
  return r;
}

let server: HostileServer;
let client: DmsClient;
let rows: Record<string, unknown>[] = [];
let shown: Rendered | undefined;
let dir: string;

beforeAll(async () => {
  server = await respondWith((req, res) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const take = Number(req.query.get('take') ?? 10);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ count: rows.length, deployments: rows.slice(skip, skip + take) }));
  });
  client = createClient({ baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0 });
});
afterAll(() => server.close());
beforeEach(() => {
  dir = tempDir('dms-logview-');
  server.requests.length = 0;
});
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function open(size = { columns: 120, rows: 30 }, followMs = 60, extra: Partial<TuiOptions> = {}): Rendered {
  const options: TuiOptions = {
    ...extra,
    client,
    connection: { label: 'test', host: new URL(server.url).host, origin: server.url, demo: false },
    configDir: '',
    appUuid: 'app-logs',
    screen: 'browse',
    showSecrets: false,
    noColor: true,
  };
  shown = renderApp(options, { size, followMs });
  return shown;
}

const listRequests = () => server.requests.map((r) => r.query.toString());

describe('opening the log', () => {
  beforeEach(() => {
    rows = [row(49, 'failed', BUILD), row(48, 'finished', [{ output: 'all good' }]), row(47, 'finished', undefined)];
  });

  it('l on a row opens its log at the end: stderr marked !, commands as $, debug lines hidden and counted', async () => {
    const ui = open();
    await ui.waitFor(/1–3 of 3/);
    await ui.press('l');
    const frame = await ui.waitFor('Log 49');
    expect(frame).toContain('✗ failed after 3m 12s');
    expect(frame).toMatch(/! Deployment failed\. Removing the new version/);
    expect(frame).toMatch(/! npm ERR! code ELIFECYCLE/);
    expect(frame).toContain('1 debug hidden (d)');
    expect(frame).toContain('3 stderr');
    expect(frame).not.toContain('debug: resolved');
    // At the end: the last line shows, the first does not.
    expect(frame).not.toContain('Cloning into shop');
    await ui.press('g');
    const top = await ui.waitFor('$ git clone');
    expect(top).toContain('Cloning into shop...');
    expect(top).toMatch(/\$ npm ci\n\s+added 812 packages\n\s+found 0 vulnerabilities\n/);
    await ui.press('d');
    expect(await ui.waitFor('debug: resolved 1.2.3')).toMatch(/· debug: resolved 1\.2\.3/);
  });

  it('nothing of the output but its text reaches the terminal: titles, clears and progress redraws are gone, secrets masked', async () => {
    const ui = open();
    await ui.waitFor(/1–3 of 3/);
    await ui.press('l', 'g');
    const frame = await ui.waitFor('Downloading 100%');
    expect(frame).not.toContain('Downloading  55%');
    expect(frame).toContain('connecting to postgres://app:••••@db:5432/app');
    expect(frame).toContain('echoed [token] by a careless script');
    const raw = ui.rawFrames().join('');
    expect(raw).not.toContain('HACKED-TITLE');
    expect(raw).not.toContain('\u001b]');
    expect(raw).not.toContain('\u001b[2J');
    expect(raw).not.toContain('Sup3rS3cret');
    expect(raw).not.toContain(TOKEN);
  });

  it('/ searches with a count, n/N move between matches, Esc clears; g/G and PgUp/PgDn move', async () => {
    const ui = open();
    await ui.waitFor(/1–3 of 3/);
    await ui.press('l', '/');
    await ui.type('step 1');
    // step 1, step 10..19: 11 lines; the first at or after the top of the view.
    const typing = await ui.waitFor(/of 11 matching lines/);
    expect(typing).toMatch(/\/ step 1/);
    await ui.press(KEY.enter);
    // Searching from the end found nothing after it: the first match.
    expect(await ui.waitFor('“step 1”: line 1 of 11 matching')).toContain('step 1 of 60: ok');
    await ui.press('n');
    expect(await ui.waitFor('“step 1”: line 2 of 11')).toContain('step 10 of 60: ok');
    await ui.press('N', 'N');
    expect(await ui.waitFor('Search went past the start: on to the last match.')).toContain('step 19 of 60: ok');
    await ui.press(KEY.escape);
    await ui.waitFor((f) => !f.includes('“step 1”'));
    expect(ui.frame()).toContain('Log 49');
    await ui.press('G');
    await ui.waitFor('Removing the new version');
    await ui.press(KEY.pageUp, KEY.pageUp, KEY.pageUp, KEY.pageUp);
    await ui.waitFor('$ git clone');
    await ui.press(KEY.pageDown);
    await ui.waitFor((f) => !f.includes('$ git clone'));
  });

  it('a search with a capital letter is exact; one that finds nothing says so', async () => {
    const ui = open();
    await ui.waitFor(/1–3 of 3/);
    await ui.press('l', '/');
    await ui.type('err');
    await ui.waitFor(/\/ err\s+1 of 2 matching lines/);
    await ui.press(KEY.ctrl('u'));
    await ui.type('ERR');
    await ui.waitFor(/\/ ERR\s+1 of 1 matching lines/);
    await ui.press(KEY.ctrl('u'));
    await ui.type('nothing-like-this');
    await ui.waitFor('no match');
    await ui.press(KEY.enter);
    await ui.waitFor('No line matches “nothing-like-this”.');
  });

  it('t shows timestamps, w cuts long lines at the edge instead of wrapping them', async () => {
    const ui = open({ columns: 100, rows: 30 });
    await ui.waitFor(/1–3 of 3/);
    await ui.press('l', 'g');
    const wrapped = await ui.waitFor('END-OF-LONG-LINE');
    expect(wrapped).not.toMatch(/\d\d:\d\d:\d\d /);
    await ui.press('w');
    const cut = await ui.waitFor('Long lines are cut at the edge (w wraps them).');
    expect(cut).not.toContain('END-OF-LONG-LINE');
    expect(cut).toMatch(/x{20,}…/);
    for (const l of cut.split('\n')) expect(l.length).toBeLessThanOrEqual(100);
    await ui.press('t');
    // Relative times (the default): each line's time after the deployment started (an hour ago; the log began 50 minutes in).
    const relative = await ui.waitFor(/\+50:00 +\$ git clone/);
    expect(relative).toMatch(/Log 49 · ✗ failed after 3m 12s · started 1h ago/);
  });

  it("T shows the log's times as the local clock and its start as a local date with the zone, and back", async () => {
    const ui = open({ columns: 120, rows: 30 });
    await ui.waitFor(/1–3 of 3/);
    await ui.press('l', 'g', 't');
    await ui.waitFor(/\+50:00 +\$ git clone/);
    await ui.press('T');
    const first = new Date(now - 600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    const clock = `${two(first.getHours())}:${two(first.getMinutes())}:${two(first.getSeconds())}`;
    const absolute = await ui.waitFor(`${clock} $ git clone`);
    expect(absolute).toMatch(/· started \d{4}-\d\d-\d\d \d\d:\d\d (UTC|[+-]\d\d(:\d\d)?) /);
    await ui.press('T');
    await ui.waitFor(/\+50:00 +\$ git clone/);
  });

  it('s saves the log as shown to a new file, mode 0600, without escape codes; an existing file is never overwritten', async () => {
    const ui = open();
    await ui.waitFor(/1–3 of 3/);
    await ui.press('l', 's');
    await ui.waitFor('Save the log to: shop-49.log');
    // A path longer than the screen is wide: the message shows it whole, wrapped, the footer still under it.
    const folder = join(dir, 'a-folder-with-a-rather-long-name-'.repeat(4));
    mkdirSync(folder);
    const path = join(folder, 'build.log');
    await ui.press(KEY.ctrl('u'));
    await ui.type(path);
    await ui.press(KEY.enter);
    const saved = await ui.waitFor((f) => showsWhole(f, `Saved 73 lines to ${path} (mode 0600).`));
    expect(saved.split('\n').every((l) => l.length <= 120)).toBe(true);
    expect(saved.split('\n').length).toBeLessThanOrEqual(30);
    expect(saved.split('\n').at(-1)).toMatch(/^\? help {2}q quit/);
    const text = readFileSync(path, 'utf8');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(text).toContain('$ npm ci\nadded 812 packages\n');
    expect(text).toContain('Downloading 100%\n');
    expect(text).toContain('postgres://app:••••@db');
    expect(text).not.toContain('\u001b');
    expect(text).not.toContain('debug: resolved');
    await ui.press('s', KEY.ctrl('u'));
    await ui.type(path);
    await ui.press(KEY.enter);
    await ui.waitFor('Not saved:');
    expect(showsWhole(ui.frame(), `${path} already exists`)).toBe(true);
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('a row without logs says why, and Esc goes back to the list on the same row', async () => {
    const ui = open();
    await ui.waitFor(/1–3 of 3/);
    await ui.press('j', 'j', 'l');
    await ui.waitFor('Log 47');
    expect(ui.frame()).toContain(NO_LOGS);
    await ui.press(KEY.escape);
    const list = await ui.waitFor(/1–3 of 3/);
    expect(list.split('\n').find((l) => l.startsWith('›'))).toContain('47');
  });

  it('from the detail, l opens the log and Esc goes back to the detail', async () => {
    const ui = open();
    await ui.waitFor(/1–3 of 3/);
    await ui.press('j', KEY.enter);
    await ui.waitFor('Deployment 48 · ✓ finished');
    await ui.press('l');
    await ui.waitFor('Log 48');
    expect(ui.frame()).toContain('all good');
    await ui.press(KEY.escape);
    await ui.waitFor('Deployment 48 · ✓ finished');
    expect(ui.frame()).toContain('Summary');
  });

  it('a logs field that is not the JSON the service sends says the log could not be read', async () => {
    rows = [row(49, 'finished', undefined, { logs: '[{"output": "truncat' })];
    const ui = open();
    await ui.waitFor(/1–1 of 1/);
    await ui.press('l');
    expect(await ui.waitFor('could not be read')).toContain('the logs field is not JSON');
  });
});

describe('following a running deployment', () => {
  it('polls that one row (take=1 at its index), appends the new lines, and stops with the outcome', async () => {
    const running = [{ command: 'npm ci', output: 'installing' }];
    rows = [row(50, 'in_progress', running), row(49, 'finished', [{ output: 'old' }])];
    const ui = open();
    await ui.waitFor(/1–2 of 2/);
    await ui.press('l');
    await ui.waitFor('· following');
    expect(ui.frame()).toContain('installing');
    running.push({ output: 'built the bundle', command: null } as never);
    rows[0] = row(50, 'in_progress', running);
    await ui.waitFor('built the bundle');
    running.push({ output: 'New container started.' } as never);
    rows[0] = row(50, 'finished', running);
    await ui.waitFor('✓ The deployment finished after 3m 12s.');
    const polls = listRequests().slice(1);
    expect(polls.length).toBeGreaterThan(0);
    expect(new Set(polls)).toEqual(new Set(['skip=0&take=1']));
    // Final: no more polls.
    const count = server.requests.length;
    await new Promise((r) => setTimeout(r, 5 * 60));
    expect(server.requests.length).toBe(count);
    // Each line once.
    expect(ui.frame().match(/built the bundle/g)).toHaveLength(1);
    // Its end is told once: the bell, on a terminal not known to show notifications.
    expect(ui.rawFrames().filter((f) => f === '\u0007')).toHaveLength(1);
  });

  it('its end in iTerm2 is an OSC 9 notification, cleaned; with --no-notify nothing is written', async () => {
    for (const [extra, want] of [
      [{ env: { TERM_PROGRAM: 'iTerm.app' } }, ['\u001b]9;dms: shop: failed — #50 Change 50\u0007']],
      [{ env: { TERM_PROGRAM: 'iTerm.app' }, noNotify: true }, []],
    ] as const) {
      rows = [row(50, 'in_progress', [{ output: 'running' }]), row(49, 'finished', [{ output: 'old' }])];
      const ui = open(undefined, 60, extra);
      await ui.waitFor(/1–2 of 2/);
      await ui.press('l');
      await ui.waitFor('· following');
      rows[0] = row(50, 'failed', [{ output: 'running' }], { application_name: 'shop\u001b[2J' });
      await ui.waitFor('The deployment failed');
      expect(ui.rawFrames().filter((f) => /^(\u0007|\u001b\](9|777|99);)/.test(f))).toEqual(want);
      ui.unmount();
    }
  });

  it('finds the deployment again when newer deployments push it down', async () => {
    const running = [{ output: 'first line' }];
    rows = [row(49, 'in_progress', running), row(48, 'finished', [{ output: 'old' }])];
    const ui = open();
    await ui.waitFor(/1–2 of 2/);
    await ui.press('l');
    await ui.waitFor('· following');
    running.push({ output: 'after the new ones arrived' });
    rows = [row(51, 'queued', []), row(50, 'queued', []), row(49, 'in_progress', running), row(48, 'finished', [{ output: 'old' }])];
    await ui.waitFor('after the new ones arrived');
    expect(ui.frame()).toContain('Log 49');
    await until(() => listRequests().includes('skip=2&take=1'), 'a poll at the new index');
  });

  it('f pauses following: no more requests until it is pressed again', async () => {
    rows = [row(50, 'in_progress', [{ output: 'running' }])];
    const ui = open();
    await ui.waitFor(/1–1 of 1/);
    await ui.press('l', 'f');
    await ui.waitFor('· paused');
    const count = server.requests.length;
    await new Promise((r) => setTimeout(r, 5 * 60));
    expect(server.requests.length).toBe(count);
    await ui.press('f');
    await ui.waitFor('· following');
    await until(() => server.requests.length > count, 'a poll after resuming');
  });
});

describe('auto-refresh of a page whose rows carry logs', () => {
  const big = (id: number) =>
    Array.from({ length: 3000 }, (_, i): Entry => ({ output: `deployment ${id} line ${i} ${'../..'.repeat(60)}` }));

  it('asks for the newest row only while nothing changes, and for the page when a deployment arrives', async () => {
    rows = [row(49, 'finished', big(49)), row(48, 'finished', big(48))];
    const options: TuiOptions = {
      client,
      connection: { label: 'test', host: new URL(server.url).host, origin: server.url, demo: false },
      configDir: '',
      appUuid: 'app-logs',
      screen: 'browse',
      showSecrets: false,
      noColor: true,
    };
    shown = renderApp(options, { size: { columns: 120, rows: 30 }, refreshMs: 40 });
    const ui = shown;
    await ui.waitFor(/1–2 of 2/);
    await until(() => listRequests().length >= 4, 'three automatic refreshes');
    expect(listRequests()[0]).toBe('skip=0&take=10');
    expect(new Set(listRequests().slice(1))).toEqual(new Set(['skip=0&take=1']));
    rows = [row(50, 'in_progress', big(50)), ...rows];
    await ui.waitFor(/1–3 of 3/);
    expect(listRequests()).toContain('skip=0&take=10');
    // The running deployment on top is now what the light refresh polls.
    const before = listRequests().length;
    await until(() => listRequests().length >= before + 2, 'two more refreshes');
    expect(
      listRequests()
        .slice(before)
        .every((q) => q === 'skip=0&take=1'),
    ).toBe(true);
    rows[0] = row(50, 'failed', big(50));
    await ui.waitFor((f) => /✗ failed\s+│ webhook\s+│ 50abcde/.test(f));
  });

  it("asks for the page's lightest row when none runs: a heavy newest row is not re-read every tick", async () => {
    rows = [row(49, 'finished', big(49)), row(48, 'finished', [{ output: 'small' }]), row(47, 'finished', big(47))];
    const options: TuiOptions = {
      client,
      connection: { label: 'test', host: new URL(server.url).host, origin: server.url, demo: false },
      configDir: '',
      appUuid: 'app-logs',
      screen: 'browse',
      showSecrets: false,
      noColor: true,
    };
    shown = renderApp(options, { size: { columns: 120, rows: 30 }, refreshMs: 40 });
    await shown.waitFor(/1–3 of 3/);
    await until(() => listRequests().length >= 3, 'two automatic refreshes');
    expect(new Set(listRequests().slice(1))).toEqual(new Set(['skip=1&take=1']));
    // A deployment that arrives shifts the rows: the probe sees another row there and the page is read.
    rows = [row(50, 'queued', []), ...rows];
    await shown.waitFor(/1–4 of 4/);
  });
});
