// The picker's overview (issue 13 §2): each listed application's newest deployment, read with
// take=1 from a small server on 127.0.0.1 that answers per application (finished, failed, 404,
// 401, 403, a cut connection, 429, 500, slow) and counts the requests in flight. The scheduler's
// timing (refresh period, pause while inactive, back-off after a 429) is tested on its own with
// fake timers.
import type { ServerResponse } from 'node:http';
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../../src/api/client.js';
import { NetworkError, NotFoundError, RateLimitedError, UnauthorizedError } from '../../../../src/api/errors.js';
import type { DeploymentPage } from '../../../../src/api/schemas/deployment.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { createOverviewScheduler, problemOf } from '../../../../src/tui/screens/picker/use-overview.js';
import { overviewTail } from '../../../../src/tui/screens/picker/overview-cell.js';
import { respondWith, type HostileServer } from '../../../support/hostile.js';
import { tempDir } from '../../../support/temp.js';
import { KEY, renderApp, until, type Rendered } from '../../../support/render.js';

const PREFIX = '/api/v1/deployments/applications/';
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** What each application's list answers (by uuid). */
type Answer = 'finished' | 'failed' | 'running' | 'empty' | '404' | '401' | '403' | 'cut' | '429' | '500' | 'slow';

let server: HostileServer;
let answers: Record<string, Answer> = {};
/** Requests open now, and the most at once. */
let open = 0;
let most = 0;
/** Slow answers waiting to be sent. */
let held: (() => void)[] = [];
let ui: Rendered | undefined;

function record(status: string, subject: string, minutes: number) {
  return {
    id: 7,
    deployment_uuid: 'dep-7',
    status,
    git_commit_sha: 'abcdef1234567',
    commit_message: subject,
    created_at: minutesAgo(minutes),
  };
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = await respondWith((req, res, raw) => {
    open++;
    most = Math.max(most, open);
    res.on('close', () => {
      open--;
    });
    const answer = answers[decodeURIComponent(req.path.slice(PREFIX.length))];
    switch (answer) {
      // A subject with an escape sequence and a second line: cleaned, first line only.
      case 'finished':
        return send(res, 200, [record('finished', 'Fix \u001b[31mred\u001b[0m checkout\nsecond line', 3)]);
      case 'failed':
        return send(res, 200, [record('failed', 'Break the build', 125)]);
      case 'running':
        return send(res, 200, [record('in_progress', 'Deploy again', 0)]);
      case 'empty':
        return send(res, 200, []);
      case '404':
        return send(res, 404, { message: 'Application not found' });
      case '401':
        return send(res, 401, { message: 'Unauthenticated.' });
      case '403':
        return send(res, 403, { message: 'You are not allowed to access the API.' });
      case 'cut':
        raw.socket.destroy();
        return;
      case '429':
        return send(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '0' });
      case 'slow':
        held.push(() => send(res, 200, [record('finished', 'Slow but sure', 1)]));
        return;
      default:
        return send(res, 500, { message: 'Server Error' });
    }
  });
});
afterAll(() => server.close());
afterEach(() => {
  ui?.unmount();
  ui = undefined;
  for (const h of held) h();
  held = [];
});

function options(apps: Record<string, Answer>, extra: Partial<TuiOptions> = {}): TuiOptions {
  answers = apps;
  open = 0;
  most = 0;
  server.requests.length = 0;
  return {
    client: createClient({ baseUrl: `${server.url}/api/v1`, token: 'tok-overview', retryBaseMs: 1 }),
    connection: { label: 'env', host: `127.0.0.1:${server.port}`, demo: false },
    configDir: tempDir('dms-overview-'),
    screen: 'browse',
    showSecrets: false,
    noColor: false,
    demoApps: Object.keys(apps).map((uuid) => ({ uuid, name: `n-${uuid}` })),
    ...extra,
  };
}

/** The picker's line for one application. */
const lineOf = (frame: string, uuid: string) => frame.split('\n').find((l) => l.includes(` ${uuid} `)) ?? '';
const listed = () => server.requests.filter((r) => r.path.startsWith(PREFIX));

describe('overview in the picker', () => {
  it('shows each application’s newest status, subject and age, and why a read failed in a word', async () => {
    const apps: Record<string, Answer> = {
      'app-ok': 'finished',
      'app-bad': 'failed',
      'app-run': 'running',
      'app-none': 'empty',
      'app-gone': '404',
      'app-401': '401',
      'app-403': '403',
      'app-cut': 'cut',
      'app-500': '500',
      // Last: a 429 pauses every read for a while (the limit is the token's, not the application's).
      'app-limit': '429',
    };
    ui = renderApp(options(apps), { size: { columns: 120, rows: 30 } });
    const frame = await ui.waitFor((f) => Object.keys(apps).every((u) => /^ {2}[^ ] /.test(lineOf(f, u))) && !/ {2}… /.test(f), 10_000);
    expect(lineOf(frame, 'app-ok')).toMatch(/^ {2}✓ app-ok {2}n-app-ok {2}3m ago {2}Fix red checkout {2}demo$/);
    expect(lineOf(frame, 'app-bad')).toMatch(/✗ app-bad {2}n-app-bad {2}2h ago {2}Break the build/);
    expect(lineOf(frame, 'app-run')).toMatch(/● app-run {2}n-app-run {2}just now {2}Deploy again/);
    expect(lineOf(frame, 'app-none')).toMatch(/· app-none {2}n-app-none {2}no deployments/);
    expect(lineOf(frame, 'app-gone')).toMatch(/! app-gone {2}n-app-gone {2}not found/);
    expect(lineOf(frame, 'app-401')).toMatch(/! app-401 {2}n-app-401 {2}no access/);
    expect(lineOf(frame, 'app-403')).toMatch(/! app-403 {2}n-app-403 {2}no access/);
    expect(lineOf(frame, 'app-cut')).toMatch(/! app-cut {2}n-app-cut {2}unreachable/);
    expect(lineOf(frame, 'app-limit')).toMatch(/! app-limit {2}n-app-limit {2}rate limited/);
    expect(lineOf(frame, 'app-500')).toMatch(/! app-500 {2}n-app-500 {2}error/);
    // The subject's escape sequence never reaches the terminal; only its first line is shown.
    expect(ui.rawFrames().join('')).not.toContain('\u001b[31mred');
    expect(frame).not.toContain('second line');
    // Every request asks for the newest deployment only.
    expect(listed().length).toBeGreaterThanOrEqual(10);
    for (const r of listed()) expect(r.query.toString()).toBe('skip=0&take=1');
    expect(most).toBeLessThanOrEqual(4);
  });

  it('never has more than four requests in flight, and typing shows at once while eight slow reads wait', async () => {
    const apps = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`slow-${i}`, 'slow' as const]));
    ui = renderApp(options(apps), { size: { columns: 120, rows: 30 } });
    await ui.waitFor('Open an application');
    await until(() => held.length === 4, 'four requests held');
    // The picker's line takes keys while the reads wait; the frame shows them after each key.
    for (const [i, key] of ['s', 'l', 'o'].entries()) {
      await ui.press(key);
      expect(ui.frame()).toContain(`uuid: ${'slo'.slice(0, i + 1)}`);
    }
    expect(open).toBe(4);
    expect(listed()).toHaveLength(4);
    // Each answer lets the next one go: all eight end up read, never more than four at once.
    while (listed().length < 8 || held.length > 0) {
      await until(() => held.length > 0 || listed().length >= 8, 'a held request');
      held.shift()?.();
      await until(() => held.length > 0 || open === 0, 'the next request');
    }
    const frame = await ui.waitFor((f) =>
      Array.from({ length: 8 }, (_, i) => lineOf(f, `slow-${i}`)).every((l) => l.includes('✓') && l.includes('Slow but sure')),
    );
    expect(frame).toContain('uuid: slo');
    expect(most).toBe(4);
    expect(listed()).toHaveLength(8);
  });

  it('reads each application again after the interval while the picker is open', async () => {
    ui = renderApp(options({ 'app-a': 'running', 'app-b': 'finished' }, { settings: { overviewMs: 150 } }), {
      size: { columns: 120, rows: 30 },
    });
    await ui.waitFor((f) => lineOf(f, 'app-a').includes('●') && lineOf(f, 'app-b').includes('✓'));
    answers['app-a'] = 'failed';
    const frame = await ui.waitFor((f) => lineOf(f, 'app-a').includes('✗ app-a'));
    expect(lineOf(frame, 'app-a')).toContain('Break the build');
    expect(listed().filter((r) => r.path.endsWith('/app-b')).length).toBeGreaterThanOrEqual(2);
  });

  it('reads only the applications in view; those scrolled to are read when shown', async () => {
    const apps = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`app-${String(i).padStart(2, '0')}`, 'finished' as const]));
    ui = renderApp(options(apps), { size: { columns: 60, rows: 15 } });
    const frame = await ui.waitFor((f) => lineOf(f, 'app-00').includes('✓') && !/ {2}…/.test(f));
    const shown = Object.keys(apps).filter((u) => lineOf(frame, u) !== '');
    expect(shown.length).toBeGreaterThan(2);
    expect(shown.length).toBeLessThan(30);
    expect(new Set(listed().map((r) => r.path.slice(PREFIX.length)))).toEqual(new Set(shown));
    await ui.press(...Array.from({ length: shown.length + 2 }, () => KEY.down));
    const last = `app-${String(shown.length + 1).padStart(2, '0')}`;
    await ui.waitFor((f) => lineOf(f, last).includes('✓'));
    expect(listed().some((r) => r.path.endsWith(`/${last}`))).toBe(true);
  });

  it('fits 60×15: the subject goes first, then the age; the status mark stays', async () => {
    // Uuids as the service makes them (36 characters): little room is left beside them.
    const ok = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';
    const gone = '8d4b6e21-0f3a-4b9c-b7e2-91c5a0d3f468';
    ui = renderApp(options({ [ok]: 'finished', [gone]: '404' }), { size: { columns: 60, rows: 15 } });
    const frame = await ui.waitFor((f) => lineOf(f, ok).includes('✓') && lineOf(f, gone).includes('!'));
    const lines = frame.replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThan(15);
    for (const l of lines) expect(stringWidth(l)).toBeLessThanOrEqual(60);
    expect(lineOf(frame, ok)).toBe(`  ✓ ${ok}  n-3f0c2…  3m ago`);
    // "  not found" is one cell too wide here: the mark says it, and no note stands in its place.
    expect(lineOf(frame, gone)).toBe(`  ! ${gone}  n-8d4b6…`);
    // Narrower still: the age goes too; the mark stays.
    ui.resize(50, 15);
    const narrow = await ui.waitFor((f) => !lineOf(f, ok).includes('ago'));
    expect(lineOf(narrow, ok)).toMatch(new RegExp(`^ {2}✓ ${ok}`));
    for (const l of narrow.replace(/\n$/, '').split('\n')) expect(stringWidth(l)).toBeLessThanOrEqual(50);
  });
});

describe('overview tail: what fits', () => {
  const now = Date.parse('2026-08-22T15:30:00Z');
  const ok = {
    kind: 'ok',
    newest: { phase: 'finished', status: 'finished', statusText: 'finished', subject: 'Add search to the docs', startedAt: now - 180_000 },
  } as const;
  it('drops the note first, then the subject, then the age', () => {
    expect(overviewTail(ok, 80, now, 'demo')).toEqual({ word: '3m ago', subject: 'Add search to the docs', note: 'demo' });
    expect(overviewTail(ok, 36, now, 'opened 3h ago')).toEqual({ word: '3m ago', subject: 'Add search to the docs', note: '' });
    expect(overviewTail(ok, 22, now, 'demo')).toEqual({ word: '3m ago', subject: 'Add search…', note: '' });
    expect(overviewTail({ kind: 'failed', problem: 'unreachable' }, 12, now, 'demo')).toEqual({ word: '', subject: '', note: '' });
    expect(overviewTail(ok, 12, now)).toEqual({ word: '3m ago', subject: '', note: '' });
    expect(overviewTail(ok, 5, now)).toEqual({ word: '', subject: '', note: '' });
  });
  it('a failed read says why in a word', () => {
    expect(overviewTail({ kind: 'failed', problem: 'no access' }, 40, now).word).toBe('no access');
    expect(problemOf(new NotFoundError('Application not found'))).toBe('not found');
    expect(problemOf(new UnauthorizedError())).toBe('no access');
    expect(problemOf(new NetworkError('refused', 'Cannot reach the server.'))).toBe('unreachable');
    expect(problemOf(new RateLimitedError(3))).toBe('rate limited');
    expect(problemOf(new Error('boom'))).toBe('error');
  });
});

describe('overview scheduler', () => {
  const page: DeploymentPage = { deployments: [], total: 0 };
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetch the test answers by hand: `calls` in order, each with its resolve/reject. */
  function manual() {
    const calls: { uuid: string; signal: AbortSignal; resolve: (p: DeploymentPage) => void; reject: (e: unknown) => void }[] = [];
    const fetch = (uuid: string, signal: AbortSignal) =>
      new Promise<DeploymentPage>((resolve, reject) => {
        calls.push({ uuid, signal, resolve, reject });
      });
    return { calls, fetch };
  }

  it('asks again each period while active, and nothing while inactive', async () => {
    vi.useFakeTimers();
    const { calls, fetch } = manual();
    const s = createOverviewScheduler({ fetch, periodMs: 10_000 });
    s.setActive(true);
    s.show(['a', 'b']);
    expect(calls.map((c) => c.uuid)).toEqual(['a', 'b']);
    calls.forEach((c) => c.resolve(page));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(4);
    calls.slice(2).forEach((c) => c.resolve(page));
    s.setActive(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4);
    s.setActive(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(6);
    s.close();
  });

  it('after a 429 it pauses (at least Retry-After, doubling), then goes on', async () => {
    vi.useFakeTimers();
    const { calls, fetch } = manual();
    const s = createOverviewScheduler({ fetch, periodMs: 1_000, limit: 1 });
    s.setActive(true);
    s.show(['a', 'b']);
    expect(calls).toHaveLength(1);
    calls[0]!.reject(new RateLimitedError(30));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(1);
    expect(s.get().get('a')).toEqual({ kind: 'failed', problem: 'rate limited' });
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.uuid)).toEqual(['a', 'b']);
    s.close();
  });

  it('closing cancels what is in flight and asks nothing more', async () => {
    vi.useFakeTimers();
    const { calls, fetch } = manual();
    const s = createOverviewScheduler({ fetch, periodMs: 1_000 });
    s.setActive(true);
    s.show(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(s.inFlight()).toBe(4);
    s.close();
    expect(calls.every((c) => c.signal.aborted)).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(4);
  });
});
