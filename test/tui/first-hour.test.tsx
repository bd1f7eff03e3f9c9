// A power user's first hour (issue 16, the TUI's part): the picker (bursts, the line editor's
// keys, the input kept after a 404, recents per server with names, filtering), the list
// (highlight bar, last page, PgDn/PgUp, widths that do not jump, the page size remembered, the
// name in the header, footer keys that fit, a note for a key that does nothing), the detail's
// local time, help for the screen it was opened from, and switching context inside the TUI.
import { statSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import chalk from 'chalk';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { type DemoService } from '../../src/demo/server.js';
import { addRecent, loadRecents } from '../../src/config/recents.js';
import { loadPageSize } from '../../src/config/page-sizes.js';
import type { TuiOptions } from '../../src/tui/options.js';
import { footerFit } from '../../src/tui/components/footer.js';
import { DEFAULT_KEYS } from '../../src/tui/keys.js';
import { helpLines } from '../../src/tui/screens/help/lines.js';
import { localAndUtc } from '../../src/tui/screens/detail/fields.js';
import { plainTheme } from '../../src/tui/theme.js';
import { KEY, renderApp, until, type Rendered } from '../support/render.js';
import { tempDir } from '../support/temp.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
const other = setUpDemoService();
let shown: Rendered | undefined;

afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

const apps = () => demo.seed.applications;
const demoConnection = () => ({ label: 'DEMO', host: demo.host, origin: demo.origin, demo: true });

function options(overrides: Partial<TuiOptions> = {}): TuiOptions {
  return {
    client: demo.client,
    connection: demoConnection(),
    configDir: tempDir('dms-first-hour-'),
    screen: 'browse',
    showSecrets: false,
    noColor: false,
    ...overrides,
  };
}

function open(overrides: Partial<TuiOptions> = {}, size = { columns: 120, rows: 36 }, onExit?: (code: number) => void): Rendered {
  shown = renderApp(options(overrides), { size, onExit });
  return shown;
}

const dataRows = (frame: string) =>
  frame
    .split('\n')
    .filter((l) => /^[› ] │/.test(l))
    .slice(1);
const pageQueries = (server: DemoService, from: number, uuid: string) =>
  server.requests
    .slice(from)
    .filter((r) => r.path.endsWith(`/deployments/applications/${uuid}`) && !r.query.endsWith('take=1'))
    .map((r) => r.query);

describe('picker', () => {
  it('Down Down Down Enter in one read opens the third entry', async () => {
    const before = demo.requests.length;
    const ui = open({ demoApps: apps().map((a) => ({ uuid: a.uuid, name: a.name })) });
    await ui.waitFor('Open an application');
    await ui.type(`${KEY.down}${KEY.down}${KEY.down}${KEY.enter}`);
    await ui.waitFor(/1–\d+ of \d+/);
    expect(pageQueries(demo, before, apps()[2]!.uuid).length).toBeGreaterThan(0);
    expect(pageQueries(demo, before, apps()[0]!.uuid)).toEqual([]);
  });

  it('edits the typed line with the line editor: Backspaces read together, Ctrl+A/E/U/K', async () => {
    const ui = open();
    await ui.waitFor('Open an application');
    await ui.type('abcdef');
    await ui.type(`${KEY.backspace}${KEY.backspace}${KEY.backspace}`);
    expect(await ui.waitFor(/uuid: abc\b/)).not.toContain('abcd');
    await ui.press(KEY.ctrl('u'));
    await ui.waitFor((f) => !/uuid: \S*[abcu]/.test(f));
    await ui.type('hello');
    await ui.press(KEY.ctrl('a'), 'X', KEY.ctrl('e'), 'Y');
    await ui.waitFor('uuid: XhelloY');
    await ui.press(KEY.left, KEY.left, KEY.ctrl('k'));
    const frame = await ui.waitFor((f) => /uuid: Xhell(?!o)/.test(f));
    expect(frame).not.toContain('XhelloY');
    // Typed fast, in one read: text, Ctrl+U, text.
    await ui.type(`abc${KEY.ctrl('u')}sho`);
    const after = await ui.waitFor(/uuid: sho\b/);
    expect(after).not.toMatch(/uuid: \S*abc/);
  });

  it('after a 404 the typed uuid is kept with the cursor at its end', async () => {
    const ui = open();
    await ui.waitFor('Open an application');
    await ui.type('zzz');
    await ui.press(KEY.enter);
    const frame = await ui.waitFor('No application with uuid zzz (404)');
    expect(frame).toMatch(/uuid: zzz/);
    await ui.type('y');
    await ui.waitFor(/uuid: zzzy/);
  });

  it('filters recents by name or uuid as it is typed; Enter opens the first match', async () => {
    const before = demo.requests.length;
    const ui = open({ demoApps: apps().map((a) => ({ uuid: a.uuid, name: a.name })) });
    await ui.waitFor('Open an application');
    const api = apps().find((a) => a.name === 'shop-api')!;
    await ui.type('API');
    const frame = await ui.waitFor(/1 of \d+ match/);
    expect(frame).toContain(api.uuid);
    expect(frame).not.toContain(apps().find((a) => a.name === 'shop-frontend')!.uuid);
    // By uuid too.
    await ui.press(KEY.ctrl('u'));
    await ui.type(api.uuid.slice(0, 8));
    await ui.waitFor(/1 of \d+ match/);
    await ui.press(KEY.enter);
    await ui.waitFor(/1–\d+ of \d+/);
    expect(pageQueries(demo, before, api.uuid).length).toBeGreaterThan(0);
  });

  it('offers only the recents of the server it talks to, named from their rows', async () => {
    const dir = tempDir('dms-recents-');
    addRecent(dir, { uuid: 'from-another-server', name: 'elsewhere' }, 'https://deploy.example.com');
    const worker = apps().find((a) => a.name === 'orders-worker')!; // queue rows: application_name
    const ui = open({ configDir: dir, appUuid: worker.uuid });
    await ui.waitFor(/1–10 of \d+/);
    await until(
      () => loadRecents(dir, 'demo').some((r) => r.uuid === worker.uuid && r.name === 'orders-worker'),
      'the recent with its name',
    );
    await ui.press(KEY.escape);
    const picker = await ui.waitFor('Open an application');
    expect(picker).toContain('orders-worker');
    expect(picker).not.toContain('from-another-server');
    expect(loadRecents(dir, 'https://deploy.example.com').map((r) => r.uuid)).toEqual(['from-another-server']);
  });
});

describe('list', () => {
  const app = () => apps()[0]!.uuid;

  it('draws the cursor row as an inverse bar, without colour under NO_COLOR', async () => {
    // Styles are written as a terminal that takes colours would get them; NO_COLOR leaves the colours out.
    const level = chalk.level;
    chalk.level = 3;
    try {
      await inverseBar();
    } finally {
      chalk.level = level;
    }
  });

  async function inverseBar() {
    const ui = open({ appUuid: app(), noColor: true });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('j');
    await ui.waitFor((f) => dataRows(f)[1]?.startsWith('›') ?? false);
    const raw = ui.rawFrame().split('\n');
    const at = raw.findIndex((l) => l.replace(/\u001b\[[0-9;]*m/g, '').startsWith('›'));
    expect(raw[at]).toContain('\u001b[7m');
    expect(raw[at + 1]).not.toContain('\u001b[7m');
    expect(ui.rawFrame()).not.toMatch(/\u001b\[3[1-7]m|\u001b\[9[0-7]m|\u001b\[38;/);
  }

  it('G goes to the last page with the cursor on its last row; PgUp and PgDn move a page', async () => {
    const total = (await demo.client.listDeployments(app(), { skip: 0, take: 1 })).total!;
    const last = Math.floor((total - 1) / 10) * 10;
    const ui = open({ appUuid: app() });
    await ui.waitFor(/1–10 of \d+/);
    const before = demo.requests.length;
    await ui.press('G');
    const frame = await ui.waitFor(`${last + 1}–${total} of ${total}`);
    expect(pageQueries(demo, before, app())).toEqual([`skip=${last}&take=10`]);
    const rows = dataRows(frame);
    expect(rows.at(-1)!.startsWith('›')).toBe(true);
    await ui.press(KEY.pageUp);
    await ui.waitFor(`${last - 9}–${last} of ${total}`);
    await ui.press(KEY.pageDown);
    await ui.waitFor(`${last + 1}–${total} of ${total}`);
    await ui.press(KEY.home);
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(KEY.end);
    await ui.waitFor(`${last + 1}–${total} of ${total}`);
  });

  it('remembers the page size per application between runs, in a 0600 file', async () => {
    const dir = tempDir('dms-sizes-');
    let ui = open({ appUuid: app(), configDir: dir });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('+');
    await ui.waitFor(/1–15 of \d+/);
    await until(() => loadPageSize(dir, app()) === 15, 'the page size saved');
    expect(statSync(join(dir, 'page-sizes.json')).mode & 0o777).toBe(0o600);
    ui.unmount();
    const before = demo.requests.length;
    ui = open({ appUuid: app(), configDir: dir });
    await ui.waitFor(/1–15 of \d+/);
    expect(pageQueries(demo, before, app())[0]).toBe('skip=0&take=15');
    // Another application keeps the default.
    ui.unmount();
    ui = open({ appUuid: apps()[1]!.uuid, configDir: dir });
    await ui.waitFor(/1–10 of \d+/);
  });

  it('the footer lists the keys that fit the width, c d a +/- among them when there is room', async () => {
    const wide = footerFit('deployments', 249, '', DEFAULT_KEYS).map((c) => c.footerLabel ?? c.label);
    expect(wide).toEqual(expect.arrayContaining(['c', 'd', 'a', '+/-', 'G', 'n/→', '?']));
    const ui = open({ appUuid: app() }, { columns: 60, rows: 24 });
    const frame = await ui.waitFor(/1–10 of \d+/);
    const footer = frame
      .split('\n')
      .filter((l) => l.trim() !== '')
      .at(-1)!;
    expect(footer).toMatch(/^\? help {2}Enter details/);
    expect(footer.length).toBeLessThan(60);
    expect(footer).not.toContain('…');
  });

  it('a key that does nothing here says so in the footer until the next key', async () => {
    const ui = open({ appUuid: app() });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('x');
    await ui.waitFor('x: no action here — ? for help');
    await ui.press('j');
    const frame = await ui.waitFor((f) => !f.includes('no action here'));
    expect(frame).toContain('? help');
    await ui.press(KEY.enter);
    await ui.waitFor(/Deployment \d+/);
    await ui.press('z');
    await ui.waitFor('z: no action here — ? for help');
  });
});

describe('a server of our own', () => {
  let server: Server;
  let url: string;
  const sockets = new Set<Socket>();
  let subjects: (skip: number, i: number) => string = () => 'short';
  let names: (skip: number, i: number) => string | undefined = () => undefined;
  beforeAll(async () => {
    server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const skip = Number(u.searchParams.get('skip') ?? 0);
      const take = Number(u.searchParams.get('take') ?? 10);
      const rows = Array.from({ length: Math.max(0, Math.min(take, 40 - skip)) }, (_, i) => ({
        id: 1000 - skip - i,
        status: 'finished',
        git_commit_sha: `${String(1000 - skip - i).padStart(7, '0')}ffffffff`,
        git_branch: 'main',
        commit_message: subjects(skip, i),
        created_at: '2026-08-22T15:22:50.000000Z',
        updated_at: '2026-08-22T15:22:50.000000Z',
        ...(names(skip, i) ? { application_name: names(skip, i) } : {}),
      }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ count: 40, deployments: rows }));
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });
  const ours = (extra: Partial<TuiOptions> = {}) =>
    open(
      {
        client: createClient({ baseUrl: url, token: 't' }),
        connection: { label: 'test', host: 'h', demo: false },
        appUuid: 'our-app',
        ...extra,
      },
      { columns: 160, rows: 30 },
    );
  const borders = (frame: string) => frame.split('\n').find((l) => l.includes('┌'))!;

  it('column widths stay as wide as they were on other pages of the application', async () => {
    subjects = (skip) => (skip === 10 ? 'a much longer subject line on the second page' : 'short');
    const ui = ours();
    const first = borders(await ui.waitFor('1–10 of 40'));
    await ui.press('n');
    const second = borders(await ui.waitFor('11–20 of 40'));
    expect(second).not.toBe(first);
    await ui.press('p');
    const back = borders(await ui.waitFor('1–10 of 40'));
    expect(back).toBe(second);
    await ui.press('r');
    await ui.waitFor(/updated \d s ago/);
    expect(borders(ui.frame())).toBe(second);
  });

  it('the header names the application from its rows even when they disagree, or as the picker knew it', async () => {
    subjects = () => 'short';
    names = (_, i) => (i === 0 ? 'renamed-app' : 'old-name');
    let ui = ours();
    let frame = await ui.waitFor('1–10 of 40');
    expect(frame.split('\n')[1]).toMatch(/app renamed-app our-app/);
    ui.unmount();
    names = () => undefined;
    const dir = tempDir('dms-named-');
    addRecent(dir, { uuid: 'our-app', name: 'known-name' }, 'h');
    ui = ours({ appUuid: undefined, configDir: dir });
    await ui.waitFor('Open an application');
    await ui.press(KEY.enter);
    frame = await ui.waitFor('1–10 of 40');
    expect(frame.split('\n')[1]).toMatch(/app known-name our-app/);
  });
});

describe('detail and help', () => {
  it('shows local time with UTC beside it', () => {
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'Europe/Berlin';
      expect(localAndUtc(Date.parse('2026-08-22T15:22:50Z'))).toBe('2026-08-22 17:22:50 +02:00 · 15:22:50 UTC');
      expect(localAndUtc(Date.parse('2026-08-22T23:30:00Z'))).toBe('2026-08-23 01:30:00 +02:00 · 2026-08-22 23:30:00 UTC');
      process.env.TZ = 'America/New_York';
      expect(localAndUtc(Date.parse('2026-01-05T12:00:00Z'))).toBe('2026-01-05 07:00:00 -05:00 · 12:00:00 UTC');
      process.env.TZ = 'UTC';
      expect(localAndUtc(Date.parse('2026-08-22T15:22:50Z'))).toBe('2026-08-22 15:22:50 UTC');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it("help from the detail view lists the detail view's keys, not the list's", async () => {
    const text = (from: Parameters<typeof helpLines>[0]) =>
      helpLines(from, plainTheme, 100, DEFAULT_KEYS)
        .map((l) => `${l.label ?? ''}${l.text}`)
        .join('\n');
    const detail = text('detail');
    expect(detail).toMatch(/Esc +back to the list, same page and row/);
    expect(detail).not.toContain('back to the application picker');
    expect(detail).not.toContain('next page');
    expect(
      helpLines('deployments', plainTheme, 250, DEFAULT_KEYS)
        .map((l) => l.text)
        .join('\n'),
    ).toContain('back to the application picker');
    // In the picker q types a q on the line and quits from the list: help says so, and that Esc does not quit.
    expect(text('picker')).toMatch(/^ +q +quit, from the list \(↓\); on the typed line it is a letter$/m);
    expect(text('picker')).toMatch(/^ +Esc +clear the typed line, or go back to it from the list; never quits$/m);
    expect(text('picker')).toMatch(/^ +Ctrl\+C +quit$/m);
    expect(text('picker')).toContain('Ctrl+X');

    const ui = open({ appUuid: apps()[0]!.uuid }, { columns: 60, rows: 20 });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(KEY.enter);
    await ui.waitFor(/Deployment \d+/);
    await ui.press('?');
    const help = await ui.waitFor('Help — keys');
    expect(help).toMatch(/Esc +back to the list, same page and row/);
    // Wrapped at words within the terminal, never cut.
    for (const l of helpLines('detail', plainTheme, 60, DEFAULT_KEYS)) expect(`${l.label ?? ''}${l.text}`.length).toBeLessThan(60);
    expect(help).toMatch(/list \/ fold the interface fields the\s*\n\s+record does not carry/);
  });
});

describe('/ in the detail', () => {
  it("searches the detail's lines as typed, marks them, n/N move between them, Esc clears it, then goes back", async () => {
    // Styles are written as a terminal that takes them would get them; NO_COLOR: the match in inverse video.
    const level = chalk.level;
    chalk.level = 3;
    try {
      const ui = open({ appUuid: apps()[0]!.uuid, noColor: true }, { columns: 100, rows: 24 });
      await ui.waitFor(/1–10 of \d+/);
      await ui.press(KEY.enter);
      await ui.waitFor(/Deployment \d+/);
      await ui.press('/');
      const prompt = await ui.waitFor((f) => f.includes('Enter keep search'));
      expect(prompt).not.toContain('no action here');
      await ui.type('branch');
      const typed = await ui.waitFor(/\/ branch\s+1 of \d+ matching lines/);
      const total = Number(/1 of (\d+) matching lines/.exec(typed)![1]);
      expect(total).toBeGreaterThan(1);
      await ui.press(KEY.enter);
      await ui.waitFor(`“branch”: line 1 of ${total} matching · n/N move · Esc clears`);
      const inverse = /\u001b\[7m(?:\u001b\[[0-9;]*m)*branch/;
      const marked = ui
        .rawFrame()
        .split('\n')
        .filter((l) => inverse.test(l));
      expect(marked.length).toBeGreaterThan(0);
      await ui.press('n');
      const second = await ui.waitFor(`“branch”: line 2 of ${total} matching`);
      expect(second).toMatch(/git_branch/);
      await ui.press('N');
      await ui.waitFor(`“branch”: line 1 of ${total} matching`);
      await ui.press('N');
      await ui.waitFor('Search went past the start: on to the last match.');
      await ui.press(KEY.escape);
      const cleared = await ui.waitFor((f) => f.includes('Secrets are masked.'));
      expect(cleared).toMatch(/Deployment \d+/);
      expect(
        ui
          .rawFrame()
          .split('\n')
          .filter((l) => inverse.test(l)),
      ).toEqual([]);
      await ui.press(KEY.escape);
      await ui.waitFor((f) => /1–10 of \d+/.test(f) && !/Deployment \d+ ·/.test(f));
    } finally {
      chalk.level = level;
    }
  });

  it('nothing matches: said on Enter, and n says it again', async () => {
    const ui = open({ appUuid: apps()[0]!.uuid });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(KEY.enter);
    await ui.waitFor(/Deployment \d+/);
    await ui.press('/');
    await ui.type('zzz-nowhere');
    await ui.waitFor(/\/ zzz-nowhere\s+no match/);
    await ui.press(KEY.enter);
    await ui.waitFor('No line matches “zzz-nowhere”.');
    await ui.press('j', 'n');
    await ui.waitFor('No line matches “zzz-nowhere”.');
  });
});

describe('contexts in the TUI', () => {
  function withContexts(contexts: Record<string, unknown>, current?: string): string {
    const dir = tempDir('dms-ctx-');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ ...(current ? { current } : {}), contexts }), { mode: 0o600 });
    return dir;
  }

  it(':ctx lists the contexts; Enter switches: a new client, the header names it, its own recents', async () => {
    const dir = withContexts({ second: { url: other.url, token: other.token } });
    addRecent(dir, { uuid: other.seed.applications[1]!.uuid, name: 'on-second' }, new URL(other.url).origin);
    const ui = open({ appUuid: apps()[0]!.uuid, configDir: dir });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(':');
    await ui.type('ctx');
    await ui.press(KEY.enter);
    const list = await ui.waitFor('Switch to a context');
    expect(list).toMatch(/second +127\.0\.0\.1:\d+/);
    expect(list).toMatch(/DEMO .*\(in use\)/);
    expect(list).not.toContain(other.token);
    await ui.press(KEY.down);
    await ui.press(KEY.up);
    await ui.press(KEY.enter);
    const picker = await ui.waitFor(/context second/);
    expect(picker).toContain('on-second');
    expect(picker).not.toContain('DEMO —');
    const before = other.requests.length;
    await ui.press(KEY.enter);
    await ui.waitFor(/1–\d+ of \d+/);
    expect(pageQueries(other, before, other.seed.applications[1]!.uuid).length).toBeGreaterThan(0);
    // The config's current context is left as it was.
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).current).toBeUndefined();
  });

  it("after :ctx NAME the whole-history search reads the new context's server, not the one dms started with", async () => {
    const dir = withContexts({ second: { url: other.url, token: other.token } });
    const app = other.seed.applications[0]!;
    addRecent(dir, { uuid: app.uuid, name: 'on-second' }, new URL(other.url).origin);
    const ui = open({ appUuid: apps()[0]!.uuid, configDir: dir });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(':');
    await ui.type('ctx second');
    await ui.press(KEY.enter);
    await ui.waitFor(/context second/);
    await ui.press(KEY.enter);
    await ui.waitFor(/1–\d+ of \d+/);
    const [onDemo, onOther] = [demo.requests.length, other.requests.length];
    await ui.press('/');
    await ui.type('zzz-nowhere');
    await ui.press(KEY.enter);
    await ui.waitFor(/“zzz-nowhere”: 0 found · searched all/);
    expect(pageQueries(other, onOther, app.uuid).length).toBeGreaterThan(0);
    expect(demo.requests.length).toBe(onDemo);
  });

  it(':ctx NAME switches at once; an unknown name or a failing token command is one line', async () => {
    const dir = withContexts({
      second: { url: other.url, token: other.token },
      broken: { url: other.url, token_command: [process.execPath, '-e', 'process.exit(3)'] },
    });
    const ui = open({ appUuid: apps()[0]!.uuid, configDir: dir });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(':');
    await ui.type('ctx nope');
    await ui.press(KEY.enter);
    const frame = await ui.waitFor(/✗ No context named "nope": known contexts are second, broken\./);
    expect(frame).toMatch(/1–10 of \d+/);
    await ui.press(':');
    await ui.type('ctx broken');
    await ui.press(KEY.enter);
    await ui.waitFor(/✗ .*broken/);
    await ui.press(':');
    await ui.type('ctx second');
    await ui.press(KEY.enter);
    await ui.waitFor(/context second/);
    await ui.waitFor('Open an application');
  });

  it('Ctrl+X in the picker lists the contexts; a context whose token comes from a command works', async () => {
    const dir = withContexts({
      viaCommand: {
        url: other.url,
        token_command: [process.execPath, '-e', `process.stdout.write(${JSON.stringify(`${other.token}\n`)})`],
      },
    });
    const ui = open({ configDir: dir });
    await ui.waitFor('Open an application');
    await ui.press(KEY.ctrl('x'));
    // The cursor starts on the connection in use (the demo, listed last).
    await ui.waitFor(/› DEMO .*\(in use\)/);
    await ui.press(KEY.up, KEY.enter);
    await ui.waitFor(/context viaCommand/);
    const before = other.requests.length;
    await ui.type(other.seed.applications[0]!.uuid);
    await ui.press(KEY.enter);
    await ui.waitFor(/1–\d+ of \d+/);
    expect(pageQueries(other, before, other.seed.applications[0]!.uuid).length).toBeGreaterThan(0);
    // Esc from the list, Ctrl+X again: back to the demo this run started with.
    await ui.press(KEY.escape);
    await ui.waitFor('Open an application');
    await ui.press(KEY.ctrl('x'));
    await ui.waitFor(/viaCommand .*\(in use\)/);
    await ui.press(KEY.down, KEY.enter);
    await ui.waitFor('DEMO — sample data');
  });

  it(':ctx with no saved contexts says how to add one and stays on the list, keys still working', async () => {
    const ui = open({ appUuid: apps()[0]!.uuid });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(':');
    await ui.type('ctx');
    await ui.press(KEY.enter);
    const frame = await ui.waitFor('No saved contexts: add one with dms context add NAME --url URL.');
    expect(frame).toMatch(/1–10 of \d+/);
    expect(frame).not.toContain('Open an application');
    expect(frame).not.toContain('Switch to a context');
    await ui.press('n');
    await ui.waitFor(/11–20 of \d+/);
  });

  it('with no saved contexts Ctrl+X says how to add one', async () => {
    const ui = open();
    await ui.waitFor('Open an application');
    await ui.press(KEY.ctrl('x'));
    await ui.waitFor('No saved contexts: add one with dms context add NAME --url URL.');
  });
});

describe('the : line takes what vim and k9s users type there', () => {
  it.each([['q'], ['q!'], ['quit'], ['wq'], [':q']])(':%s quits (exit 0) instead of looking for a deployment', async (typed) => {
    const codes: number[] = [];
    const ui = open({ appUuid: apps()[0]!.uuid }, undefined, (c) => codes.push(c));
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(':');
    await ui.type(typed);
    await ui.press(KEY.enter);
    await until(() => codes.length > 0, 'dms to quit');
    expect(codes).toEqual([0]);
    expect(ui.frame()).not.toMatch(/Looking for|No deployment has the id/);
  });

  it(':help opens help for the list; :noh clears the search', async () => {
    const ui = open({ appUuid: apps()[0]!.uuid });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press(':');
    await ui.type('help');
    await ui.press(KEY.enter);
    await ui.waitFor((f) => f.includes('Help — keys') && f.includes('next page'));
    await ui.press(KEY.escape);
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('/');
    await ui.type('zzz-nowhere');
    await ui.press(KEY.enter);
    await ui.waitFor(/“zzz-nowhere”: 0 found/);
    await ui.press(':');
    await ui.type('noh');
    await ui.press(KEY.enter);
    const back = await ui.waitFor((f) => /1–10 of \d+/.test(f) && !f.includes('zzz-nowhere'));
    expect(dataRows(back).length).toBeGreaterThan(0);
  });
});
