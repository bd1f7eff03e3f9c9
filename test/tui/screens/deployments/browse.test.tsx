import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/api/client.js';
import { startDemoService } from '../../../../src/demo/server.js';
import { loadRecents } from '../../../../src/config/recents.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { KEY, renderApp, until, type Rendered } from '../../../support/render.js';
import { tempDir } from '../../../support/temp.js';
import { setUpDemoService } from '../../../support/demo.js';

const demo = setUpDemoService();
let configDir: string;
let shown: Rendered | undefined;

// A config folder per test: what one test remembers (recents, the page size chosen with +/-) is not another's start.
beforeEach(() => {
  configDir = tempDir('dms-browse-');
});
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function options(overrides: Partial<TuiOptions> = {}): TuiOptions {
  return {
    client: demo.client,
    connection: { label: 'DEMO', host: demo.host, demo: true },
    configDir,
    appUuid: demo.app(),
    screen: 'browse',
    showSecrets: false,
    noColor: false,
    ...overrides,
  };
}

function open(
  overrides: Partial<TuiOptions> = {},
  extra: { refreshMs?: number; onExit?: (c: number) => void; columns?: number; rows?: number } = {},
) {
  shown = renderApp(options(overrides), {
    onExit: extra.onExit,
    refreshMs: extra.refreshMs ?? 60_000,
    size: { columns: extra.columns ?? 120, rows: extra.rows ?? 36 },
  });
  return shown;
}

/** Queries of page requests for `app` since `from` (not the one-row requests for the deployment below a page). */
function listQueries(from: number, uuid = demo.app()): string[] {
  return demo.requests
    .slice(from)
    .filter((r) => r.path.endsWith(`/deployments/applications/${uuid}`) && !r.query.endsWith('take=1'))
    .map((r) => r.query);
}

async function firstPage(uuid = demo.app()) {
  return demo.client.listDeployments(uuid, { skip: 0, take: 10 });
}

describe('deployments screen', () => {
  it('shows the first page with its range and the DEMO banner; asks skip=0&take=10', async () => {
    const before = demo.requests.length;
    const ui = open();
    const frame = await ui.waitFor(/1–10 of \d+/);
    expect(frame).toContain('DEMO — sample data; set DMS_URL and DMS_TOKEN or add a context to connect');
    expect(frame).toContain(demo.app());
    expect(frame).toMatch(/updated \d+ s ago/);
    expect(listQueries(before)).toEqual(['skip=0&take=10']);
    const page = await firstPage();
    expect(frame).toContain(String(page.deployments[0]!.git_commit_sha).slice(0, 7));
    expect(frame).not.toContain(page.deployments[0]!.git_commit_sha!);
  });

  it('n asks skip=10&take=10 and shows 11–20; p goes back; g goes to the first page', async () => {
    const ui = open();
    await ui.waitFor(/1–10 of \d+/);
    const before = demo.requests.length;
    await ui.press('n');
    await ui.waitFor(/11–20 of \d+/);
    await ui.press(KEY.right);
    await ui.waitFor(/21–30 of \d+/);
    await ui.press('p');
    await ui.waitFor(/11–20 of \d+/);
    await ui.press(KEY.right, 'g');
    await ui.waitFor(/1–10 of \d+/);
    // Pages read a moment ago (within the refresh period) are shown from what was read.
    expect(listQueries(before)).toEqual(['skip=10&take=10', 'skip=20&take=10']);
  });

  it('+ and - change take between 5 and 100', async () => {
    // A folder of its own: the page size chosen is remembered for the application.
    const ui = open({ configDir: tempDir('dms-take-') });
    await ui.waitFor(/1–10 of \d+/);
    const before = demo.requests.length;
    await ui.press('+');
    await ui.waitFor(/1–15 of \d+/);
    await ui.press('-');
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('-');
    await ui.waitFor(/1–5 of \d+/);
    await ui.press('-');
    await ui.waitFor('Page size stays 5');
    // The page of 10 was read a moment ago: shown from what was read.
    expect(listQueries(before)).toEqual(['skip=0&take=15', 'skip=0&take=5']);
  });

  it('moves the cursor with j/k and arrows, and Enter opens that row with its full commit sha', async () => {
    const page = await firstPage();
    const ui = open();
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('j', 'j', KEY.down, 'k');
    const frame = ui.frame();
    const cursorLine = frame.split('\n').find((l) => l.startsWith('›'))!;
    expect(cursorLine).toContain(String(page.deployments[2]!.id));
    await ui.press(KEY.enter);
    const detail = await ui.waitFor(`Deployment ${page.deployments[2]!.id}`);
    expect(detail).toContain(page.deployments[2]!.git_commit_sha!);
    // The Steps section comes under the summary; the field groups a page further down.
    expect(detail).toMatch(/^Steps( · |$)/m);
    await ui.press(KEY.pageDown);
    await ui.waitFor('General');
    await ui.press('G');
    const bottom = await ui.waitFor('Timestamps');
    expect(bottom).toMatch(/created_at\s+\d+\w+( \d+\w+)? ago {2}\(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)/);
    await ui.press(KEY.escape);
    const back = await ui.waitFor(/1–10 of \d+/);
    expect(back.split('\n').find((l) => l.startsWith('›'))).toContain(String(page.deployments[2]!.id));
  });

  it('Esc from the detail of page 2 returns to page 2 with the cursor where it was', async () => {
    const ui = open();
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('n');
    await ui.waitFor(/11–20 of \d+/);
    await ui.press('j', 'j', 'j', KEY.enter);
    await ui.waitFor('Deployment ');
    await ui.press(KEY.escape);
    const frame = await ui.waitFor(/11–20 of \d+/);
    const rows = frame.split('\n').filter((l) => /^[› ] │/.test(l));
    expect(rows.findIndex((l) => l.startsWith('›'))).toBe(4); // heading row, then the 4th data row
  });

  it('detail masks secrets, y shows raw JSON still masked, s says --show-secrets is needed', async () => {
    const ui = open();
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(KEY.enter);
    await ui.waitFor('Deployment ');
    // Scroll to the webhooks and basic auth groups.
    for (let i = 0; i < 8; i += 1) await ui.press(KEY.pageDown);
    const secrets = await ui.waitFor('http_basic_auth_password');
    expect(secrets).toMatch(/http_basic_auth_password\s+(•••• \(set\)|\(empty\))/);
    expect(secrets).toMatch(/manual_webhook_secret_provider_a\s+(•••• \(set\)|\(empty\))/);
    await ui.press('s');
    await ui.waitFor('restart dms with --show-secrets');
    await ui.press('y');
    const raw = await ui.waitFor('raw JSON');
    expect(raw).toContain('"id":');
    await ui.press('G');
    const all = ui.stdout.frames.join('');
    const page = await firstPage();
    const secret = page.deployments[0]!.http_basic_auth_password;
    if (secret) expect(all).not.toContain(secret);
  });

  it('with --show-secrets, s reveals the secrets', async () => {
    const page = await firstPage();
    const withSecret = page.deployments.findIndex(
      (d) => typeof d.manual_webhook_secret_provider_a === 'string' && d.manual_webhook_secret_provider_a.length > 0,
    );
    const ui = open({ showSecrets: true }, { rows: 200 });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(...Array(Math.max(0, withSecret)).fill('j'), KEY.enter);
    await ui.waitFor('Deployment ');
    await ui.press('s');
    const frame = await ui.waitFor('secrets shown');
    if (withSecret >= 0) expect(frame).toContain(page.deployments[withSecret]!.manual_webhook_secret_provider_a);
    expect(frame).not.toContain('•••• (set)');
  });

  it('/ filters the shown page and Esc clears the filter', async () => {
    const page = await firstPage();
    const target = page.deployments[3]!;
    const sha = String(target.git_commit_sha).slice(0, 7);
    const ui = open();
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('/');
    for (const c of sha) await ui.press(c);
    const filtered = await ui.waitFor((f) => f.split('\n').filter((l) => /^[› ] │/.test(l)).length === 2);
    const dataRows = filtered
      .split('\n')
      .filter((l) => /^[› ] │/.test(l))
      .slice(1);
    expect(dataRows[0]).toContain(sha);
    // Enter searches the whole history: the same deployment, found by its commit.
    await ui.press(KEY.enter);
    const found = await ui.waitFor(new RegExp(`“${sha}”: 1 found · searched all \\d+`));
    expect(found).toMatch(/results 1–1 of 1/);
    expect(
      found
        .split('\n')
        .filter((l) => /^[› ] │/.test(l))
        .slice(1)[0],
    ).toContain(sha);
    await ui.press(KEY.escape);
    const cleared = await ui.waitFor((f) => !f.includes('found ·') && f.split('\n').filter((l) => /^[› ] │/.test(l)).length === 11);
    expect(cleared).toContain(String(page.deployments[0]!.git_commit_sha).slice(0, 7));
    expect(cleared).toMatch(/1–10 of \d+/);
  });

  it('keys that arrive together each count: jjj moves three rows, nn goes two pages on', async () => {
    const page = await firstPage();
    const ui = open();
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('jjj');
    const moved = await ui.waitFor((f) => (f.split('\n').find((l) => l.startsWith('›')) ?? '').includes(String(page.deployments[3]!.id)));
    expect(moved).toMatch(/1–10 of \d+/);
    const before = demo.requests.length;
    await ui.press('nn');
    await ui.waitFor(/21–30 of \d+/);
    expect(listQueries(before).at(-1)).toBe('skip=20&take=10');
  });

  it('/ and the filter text typed together filter without running the letters as commands', async () => {
    const page = await firstPage();
    const sha = String(page.deployments[3]!.git_commit_sha).slice(0, 7);
    const ui = open();
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(`/${sha}`);
    const filtered = await ui.waitFor((f) => f.split('\n').filter((l) => /^[› ] │/.test(l)).length === 2);
    expect(filtered).toContain(sha);
    expect(filtered).toContain('auto-refresh on');
    await ui.press('\u007f\u007f');
    await ui.press('xy');
    await ui.press(KEY.enter);
    await ui.waitFor(`No deployment matches “${sha.slice(0, 5)}xy”.`);
  });

  it('? opens help generated from the key map; Esc closes it', async () => {
    const ui = open();
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('?');
    const help = await ui.waitFor('Help — keys');
    expect(help).toContain('next page');
    expect(help).toContain('refresh now');
    expect(help).toContain('Deployments');
    await ui.press(KEY.escape);
    await ui.waitFor(/1–10 of \d+/);
    expect(ui.frame()).not.toContain('Help — keys');
  });

  it('q quits with exit code 0', async () => {
    const codes: number[] = [];
    const ui = open({}, { onExit: (c) => codes.push(c) });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('q');
    expect(codes).toEqual([0]);
  });

  it('auto-refresh asks for the first page again on its own, and a toggles it off', async () => {
    const ui = open({}, { refreshMs: 80 });
    await ui.waitFor(/1–10 of \d+/);
    const before = demo.requests.length;
    // The demo's rows carry logs: a refresh asks for the newest row (light-refresh.ts), or the page.
    const refreshes = (from: number) =>
      demo.requests.slice(from).filter((r) => r.path.endsWith(`/deployments/applications/${demo.app()}`) && r.query.startsWith('skip=0&'));
    await until(() => refreshes(before).length >= 2, 'two automatic refreshes');
    await ui.press('a');
    await ui.waitFor('auto-refresh off');
    // A request already on its way may still land; then nothing for several refresh periods.
    await until(() => !ui.frame().includes('loading…'), 'the last request to settle');
    const after = demo.requests.length;
    await new Promise((r) => setTimeout(r, 4 * 80));
    expect(refreshes(after)).toEqual([]);
  });

  it('at 80×24 the frame is shorter than the terminal and the least important columns drop', async () => {
    const ui = open({}, { columns: 80, rows: 24 });
    const frame = await ui.waitFor(/1–10 of \d+/);
    const lines = frame.split('\n');
    expect(lines.length).toBeLessThan(24);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(80);
    for (const column of ['status', 'commit', 'subject', 'started']) expect(frame).toContain(column);
    expect(frame).not.toContain('branch');
    ui.resize(160, 40);
    const wide = await ui.waitFor('branch');
    expect(wide.split('\n').length).toBeLessThan(40);
  });

  it('after a resize that drops or adds columns, every table line is closed on the right', async () => {
    const ui = open({}, { columns: 130, rows: 36 });
    await ui.waitFor('branch');
    const closed = (f: string) =>
      f
        .split('\n')
        .filter((l) => /^[› ] [┌│├└]/.test(l))
        .every((l) => /[┐│┤┘]$/.test(l.trimEnd()));
    for (const [columns, gone] of [
      [80, 'branch'],
      [60, 'duration'],
      [100, 'branch'],
    ] as const) {
      ui.resize(columns, 30);
      const frame = await ui.waitFor((f) => !f.includes(gone) && f.split('\n').every((l) => l.length <= columns));
      expect(closed(frame), frame).toBe(true);
    }
  });

  it('scrolls a page taller than the terminal so the cursor row stays visible', async () => {
    const page = (await demo.client.listDeployments(demo.app(), { skip: 0, take: 30 })).deployments;
    const ui = open({}, { columns: 80, rows: 24 });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('+', '+', '+');
    await ui.waitFor(/1–30 of \d+/);
    for (let i = 0; i < 20; i += 1) await ui.press('j');
    const sha = (i: number) => String(page[i]!.git_commit_sha).slice(0, 7);
    const frame = await ui.waitFor((f) => (f.split('\n').find((l) => l.startsWith('›')) ?? '').includes(sha(20)));
    expect(frame.split('\n').length).toBeLessThan(24);
    expect(frame).not.toContain(sha(0));
  });

  it('remembers the application in recents after the first page', async () => {
    const ui = open();
    await ui.waitFor(/1–10 of \d+/);
    // Written just after the frame is drawn.
    await until(() => loadRecents(configDir, 'demo').some((r) => r.uuid === demo.app()), 'the recents file');
  });

  it('NO_COLOR (noColor) draws without colour codes', async () => {
    const ui = open({ noColor: true });
    await ui.waitFor(/1–10 of \d+/);
    expect(ui.rawFrame()).not.toMatch(/\u001b\[(3|9)\d(;\d+)*m/);
  });
});

describe('a server that sends the bare array (no total)', () => {
  it('shows 1–10 without a total and finds the last page from a short page', async () => {
    const bare = await startDemoService({ rateLimitPerMinute: 0, listShape: 'array' });
    try {
      const bareClient = createClient({ baseUrl: bare.url, token: bare.token });
      const ui = open({ client: bareClient, appUuid: bare.seed.applications[0]!.uuid });
      const frame = await ui.waitFor(/1–10(?! of)/);
      expect(frame).not.toMatch(/1–10 of/);
      // Six + read together: one page asked for, of 100.
      await ui.type('++++++');
      await ui.waitFor(/1–100(?! of)/);
      await ui.press('n');
      const last = await ui.waitFor(/101–\d+/);
      const end = Number(/101–(\d+)/.exec(last)![1]);
      expect(end).toBeLessThan(200);
      await ui.press('n');
      await ui.waitFor('This is the last page.');
      expect(bare.requests.filter((r) => r.query === 'skip=200&take=100')).toEqual([]);
    } finally {
      shown?.unmount();
      shown = undefined;
      await bare.close();
    }
  });
});

describe('first page requested before the UI loaded (prefetch)', () => {
  it('an answered prefetch is the first frame and is not asked again', async () => {
    const page = await firstPage();
    const before = demo.requests.length;
    shown = renderApp(options(), {
      prefetch: { appUuid: demo.app(), skip: 0, take: 10, fitted: false, page: Promise.resolve(page), result: page, abort: () => {} },
    });
    await shown.waitFor(/1–10 of \d+/);
    expect(shown.frames().some((f) => f.includes('Loading deployments'))).toBe(false);
    expect(shown.frame()).toMatch(/1–10 of \d+/);
    expect(listQueries(before)).toEqual([]);
    // The next refresh asks the server (the answered prefetch is not handed out again).
    await shown.press('r');
    await until(() => listQueries(before).length === 1, 'the refresh to reach the server');
    expect(listQueries(before)).toEqual(['skip=0&take=10']);
  });

  it('a prefetch still on the wire is awaited instead of asking again', async () => {
    const before = demo.requests.length;
    const page = demo.client.listDeployments(demo.app(), { skip: 0, take: 10 });
    shown = renderApp(options(), { prefetch: { appUuid: demo.app(), skip: 0, take: 10, fitted: false, page, abort: () => {} } });
    await shown.waitFor(/1–10 of \d+/);
    expect(listQueries(before)).toEqual(['skip=0&take=10']);
  });
});

describe('create screens from the browser', () => {
  it('c opens the create-application form and Esc returns to the same page', async () => {
    const ui = open({}, { columns: 120, rows: 40 });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('n');
    await ui.waitFor(/11–20 of \d+/);
    await ui.press('c');
    await ui.waitFor('Create application');
    await ui.press(KEY.escape);
    await ui.waitFor(/11–20 of \d+/);
  });

  it('d opens the create-docstore form', async () => {
    const ui = open({}, { columns: 120, rows: 40 });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('d');
    const frame = await ui.waitFor((f) => !/1–10 of \d+/.test(f) && /docstore/i.test(f));
    expect(frame).toMatch(/Create docstore/);
  });
});

describe('errors', () => {
  it('a rejected token shows one plain error line with what to do', async () => {
    const bad = createClient({ baseUrl: demo.url, token: 'wrong' });
    const ui = open({ client: bad });
    const frame = await ui.waitFor('rejected the token');
    expect(frame).toContain('Check DMS_TOKEN or the context');
  });

  it('an unknown application goes to the picker with a clear message', async () => {
    const ui = open({ appUuid: '00000000-0000-4000-8000-000000000000' });
    const frame = await ui.waitFor('Open an application');
    expect(frame).toContain('No application with uuid 00000000-0000-4000-8000-000000000000 (404)');
  });

  it('429 says how long the server asks to wait and keeps the page', async () => {
    const limited = await startDemoService({ rateLimitPerMinute: 2 });
    try {
      const limitedClient = createClient({ baseUrl: limited.url, token: limited.token, retries: 0 });
      const ui = open({ client: limitedClient, appUuid: limited.seed.applications[0]!.uuid });
      await ui.waitFor(/1–10 of \d+/);
      await ui.press('r');
      await ui.waitFor((f) => !f.includes('loading…'));
      await ui.press('r');
      const frame = await ui.waitFor('429', 8000);
      expect(frame).toMatch(/Too many requests \(429\).*wait \d+ s/);
      expect(frame).toMatch(/1–10 of \d+/);
      expect(frame.split('\n').filter((l) => /^[› ] │/.test(l)).length).toBe(11);
    } finally {
      shown?.unmount();
      shown = undefined;
      await limited.close();
    }
  });

  it('an unreachable server keeps the last good page and says it is retrying', async () => {
    const own = await startDemoService({ rateLimitPerMinute: 0 });
    const ownClient = createClient({ baseUrl: own.url, token: own.token, retries: 0 });
    const ui = open({ client: ownClient, appUuid: own.seed.applications[0]!.uuid });
    await ui.waitFor(/1–10 of \d+/);
    await own.close();
    await ui.press('r');
    const frame = await ui.waitFor('Retrying every few seconds, or press r.', 8000);
    expect(frame).toMatch(/1–10 of \d+/);
    expect(frame).toMatch(/✗ (Server unreachable|The connection to the server was cut off)/);
    expect(frame.split('\n').filter((l) => /^[› ] │/.test(l)).length).toBe(11);
  });
});

describe('application picker', () => {
  it('lists demo applications and opens the one chosen with ↓ Enter', async () => {
    const ui = open({ appUuid: undefined, demoApps: demo.demoApps });
    const frame = await ui.waitFor('Open an application');
    expect(frame).toContain(demo.seed.applications[1]!.uuid);
    await ui.press(KEY.down, KEY.down);
    await ui.press(KEY.enter);
    await ui.waitFor(/1–\d+ of \d+|no deployments|0 of/);
  });

  it('says so when the typed text is not an application uuid', async () => {
    const ui = open({ appUuid: undefined });
    await ui.waitFor('Open an application');
    await ui.press('n', 'o', 't', ' ', 'a', '!', 'u');
    await ui.press(KEY.enter);
    await ui.waitFor('is not an application uuid');
    // With a / or a :, it is taken for a page's address.
    await ui.press(KEY.ctrl('u'), 'a', '/', 'u', KEY.enter);
    await ui.waitFor('An address must start with http:// or https://');
  });

  it('? opens help and Esc comes back with the typed text kept', async () => {
    const ui = open({ appUuid: undefined });
    await ui.waitFor('Open an application');
    await ui.press('a', 'b', 'c', '?');
    await ui.waitFor('Help — keys');
    await ui.press(KEY.escape);
    const frame = await ui.waitFor('Open an application');
    expect(frame).toMatch(/uuid: abc/);
  });

  it('Enter on an empty line opens the first listed application', async () => {
    const demoApps = demo.demoApps;
    const before = demo.requests.length;
    const ui = open({ appUuid: undefined, demoApps, configDir: tempDir('dms-fresh-') });
    await ui.waitFor('Open an application');
    await ui.press(KEY.enter);
    await ui.waitFor(/1–10 of \d+/);
    expect(listQueries(before, demoApps[0]!.uuid).length).toBeGreaterThan(0);
  });

  it('Enter on an empty line with nothing listed asks for a uuid', async () => {
    const ui = open({ appUuid: undefined, configDir: tempDir('dms-empty-') });
    await ui.waitFor('Open an application');
    await ui.press(KEY.enter);
    await ui.waitFor("Nothing typed: paste the application's address from the service's web page, or its uuid.");
  });

  it('opens a pasted uuid', async () => {
    const ui = open({ appUuid: undefined });
    await ui.waitFor('Open an application');
    await ui.press(` ${demo.app()}\n`.slice(0, -1));
    await ui.press(KEY.enter);
    await ui.waitFor(/1–10 of \d+/);
  });
});

describe('create screens from the browser', () => {
  it('c opens the wizard under a line that says where the request goes', async () => {
    const ui = open();
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('c');
    const frame = await ui.waitFor('Create application');
    expect(frame.split('\n')[0]).toMatch(/^DEMO — sample data at 127\.0\.0\.1:\d+/);
  });

  it('with a context, the line names it and the server', async () => {
    const ui = open({
      connection: { label: 'prod', host: 'deploy.example.com', demo: false },
      screen: 'create-docstore',
      appUuid: undefined,
    });
    const frame = await ui.waitFor('Create docstore');
    expect(frame.split('\n')[0]).toMatch(/^context prod {2}server deploy\.example\.com/);
  });
});
