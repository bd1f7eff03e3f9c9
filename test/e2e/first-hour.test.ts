// A power user's first hour (issue 16) with the built binary in a real terminal (tmux): keys that
// arrive together in the picker, the typed uuid kept after a 404, the highlight bar on the cursor
// row under NO_COLOR, switching context with `:ctx` to a second demo service, `:ctx` with no saved
// context, and `:q`.
//
// dms reads its connection from config.json in a temp DMS_CONFIG_DIR (contexts "one" and "two",
// one per demo service started here), as a user who saved two contexts would.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { addRecent } from '../../src/config/recents.js';
import { type DemoService } from '../../src/demo/server.js';
import { tempDir } from '../support/temp.js';
import { tenPerPage } from '../support/page-sizes.js';
import { setUpTerminals } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { setUpDemoService } from '../support/demo.js';

const one = setUpDemoService();
const two = setUpDemoService();
/** An application only the second demo service has, and the name it was given. */
let onlyOnTwo: { uuid: string; name: string };
const terminals = setUpTerminals('first-hour');

beforeAll(async () => {
  const project = two.seed.projects[0]!;
  const environment = two.seed.environments.find((e) => e.project_uuid === project.uuid)!;
  const name = 'only-on-two';
  const { uuid } = await createClient({ baseUrl: two.url, token: two.token }).createPublicApplication({
    project_uuid: project.uuid,
    server_uuid: two.seed.servers[0]!.uuid,
    environment_name: environment.name,
    git_repository: 'https://github.com/acme/only-on-two',
    git_branch: 'second-branch',
    build_pack: 'nixpacks',
    ports_exposes: '3000',
    name,
    instant_deploy: true,
  });
  onlyOnTwo = { uuid, name };
});
const origin = (demo: DemoService) => new URL(demo.url).origin;

/** A config folder with the contexts "one" (current) and "two", config.json private (0600). */
function configWithContexts(): string {
  const dir = tempDir('dms-e2e-first-hour-');
  chmodSync(dir, 0o700);
  const config = {
    current: 'one',
    contexts: { one: { url: one.url, token: one.token }, two: { url: two.url, token: two.token } },
  };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config, null, 2), { mode: 0o600 });
  return tenPerPage(dir, [...one.seed.applications, ...two.seed.applications].map((a) => a.uuid).concat(onlyOnTwo.uuid));
}

function launch(dir: string, args: string, env: Record<string, string> = {}, size = { width: 100, height: 30 }): TmuxSession {
  return terminals.launch(args, { ...size, env: { DMS_CONFIG_DIR: dir, ...env } });
}

/**
 * The requests for a page of `uuid`'s deployments that `demo` received since index `from`: not the
 * picker's overview of each application in view (`take=1`, asked for on its own schedule, which
 * on a busy machine can come after the keys were sent).
 */
const pageRequests = (demo: DemoService, from: number, uuid: string) =>
  demo.requests
    .slice(from)
    .filter((r) => r.path.endsWith(`/deployments/applications/${uuid}`) && new URLSearchParams(r.query).get('take') !== '1');

/** The picker's typed line. */
const typedLine = (screen: string) => screen.split('\n').find((l) => l.includes('uuid:')) ?? '';

describe('the picker in a real terminal', () => {
  it('Down Down Down Enter sent in one go opens the third entry', async () => {
    const dir = configWithContexts();
    const apps = one.seed.applications.slice(0, 3);
    // Newest first: the list reads apps[0], apps[1], apps[2].
    for (const app of [...apps].reverse()) addRecent(dir, { uuid: app.uuid, name: app.name }, origin(one));
    const t = launch(dir, '');
    const picker = await t.waitFor('Open an application');
    expect(picker).toContain('context one');
    for (const app of apps) expect(picker).toContain(app.name);
    const before = one.requests.length;
    t.keys('Down', 'Down', 'Down', 'Enter');
    const list = await t.waitFor(/1–\d+ of \d+/);
    expect(list).toContain(`app ${apps[2]!.name}`);
    expect(pageRequests(one, before, apps[2]!.uuid).length).toBeGreaterThan(0);
    expect(pageRequests(one, before, apps[0]!.uuid)).toEqual([]);
    expect(pageRequests(one, before, apps[1]!.uuid)).toEqual([]);
  });

  it('after a 404 the typed uuid stays on the line: one Backspace fixes a one-character typo', async () => {
    const dir = configWithContexts();
    const app = one.seed.applications[0]!;
    // The real uuid with its last character changed: no such application.
    const typo = `${app.uuid.slice(0, -1)}${app.uuid.endsWith('0') ? '1' : '0'}`;
    const t = launch(dir, '', {}, { width: 60, height: 15 });
    await t.waitFor('Open an application');
    t.type(typo);
    t.keys('Enter');
    const failed = await t.waitFor(/✗ No application with uuid/);
    expect(failed).toMatch(/\(404\)/);
    // Still on the picker, the whole uuid still typed.
    expect(typedLine(failed)).toContain(typo);
    // The cursor is at the end: Backspace erases the last character only.
    t.keys('BSpace');
    await t.waitFor((s) => typedLine(s).includes(typo.slice(0, -1)) && !typedLine(s).includes(typo));
    const before = one.requests.length;
    t.type(app.uuid.slice(-1));
    t.keys('Enter');
    const list = await t.waitFor(/1–\d+ of \d+/);
    expect(list).toContain(`app ${app.name}`);
    expect(pageRequests(one, before, app.uuid).length).toBeGreaterThan(0);
  });
});

describe('the list under NO_COLOR', () => {
  it('draws the cursor row as an inverse bar (SGR 7) and no colour anywhere', async () => {
    const dir = configWithContexts();
    const app = one.seed.applications[0]!.uuid;
    const t = launch(dir, `browse ${app}`, { NO_COLOR: '1' });
    await t.waitFor(/1–10 of \d+/);
    t.keys('j');
    // The second data row gets the cursor (heading, separator, row 1, then row 2).
    const cursorOnSecond = (s: string) => {
      const lines = s.split('\n');
      const heading = lines.findIndex((l) => /^[› ] │/.test(l));
      return heading >= 0 && (lines[heading + 3] ?? '').startsWith('›');
    };
    await t.waitFor(cursorOnSecond);
    const raw = t.screen({ escapes: true }).split('\n');
    const plain = (l: string) => l.replace(/\u001b\[[0-9;]*m/g, '');
    const at = raw.findIndex((l) => plain(l).startsWith('›'));
    expect(at).toBeGreaterThan(0);
    const inverse = /\u001b\[(?:\d+;)*7(?:;\d+)*m/;
    expect(raw[at]).toMatch(inverse);
    // Only the cursor row is inverse: the rows above and below are not.
    expect(raw[at - 1]).not.toMatch(inverse);
    expect(raw[at + 1]).not.toMatch(inverse);
    // No foreground or background colour (39/49, the defaults, are what tmux writes after a reset).
    expect(raw.join('\n')).not.toMatch(/\u001b\[(?:\d+;)*(?:3[0-7]|4[0-7]|9[0-7]|10[0-7]|38|48)(?:;\d+)*m/);
  });
});

describe('a token the server rejects', () => {
  it('a 401 names the context and how to check it, wrapped at 60 columns, never cut', async () => {
    const dir = tempDir('dms-e2e-first-hour-');
    chmodSync(dir, 0o700);
    const config = { current: 'stale', contexts: { stale: { url: one.url, token: '9|not-the-token' } } };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
    // The first page is read before the UI loads (cli.ts): its error must keep the context.
    const t = launch(dir, `browse ${one.seed.applications[0]!.uuid}`, {}, { width: 60, height: 15 });
    const joined = (s: string) => s.replace(/\s*\n\s*/g, ' ');
    const screen = await t.waitFor((s) => joined(s).includes('dms context add stale --url URL.'));
    expect(joined(screen)).toContain('✗ The server rejected the token of context stale (401). Check it with: dms context verify stale;');
    expect(screen).not.toContain('DMS_TOKEN');
    expect(screen).not.toContain('not-the-token');
    for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(60);
  });
});

describe('switching context inside the TUI', () => {
  it(':ctx lists the saved contexts; choosing "two" connects to the second service: its name in the header, its data', async () => {
    const dir = configWithContexts();
    addRecent(dir, { uuid: onlyOnTwo.uuid, name: onlyOnTwo.name }, origin(two));
    const app = one.seed.applications[0]!;
    const t = launch(dir, `browse ${app.uuid}`);
    const list = await t.waitFor(/1–10 of \d+/);
    expect(list).toContain('context one');
    expect(list).not.toContain(onlyOnTwo.name);
    t.type(':ctx');
    t.keys('Enter');
    const switcher = await t.waitFor('Switch to a context');
    expect(switcher).toMatch(/one +127\.0\.0\.1:\d+/);
    expect(switcher).toMatch(/two +127\.0\.0\.1:\d+/);
    expect(switcher).not.toContain(one.token);
    expect(switcher).not.toContain(two.token);
    // The cursor starts on the context in use ("one"); "two" is the next one.
    await t.waitFor(/› one/);
    t.keys('Down');
    await t.waitFor(/› two/);
    const before = two.requests.length;
    t.keys('Enter');
    // The picker of the second service: its context in the header, its own recents.
    const picker = await t.waitFor((s) => s.includes('context two') && s.includes('Open an application'));
    expect(picker).toContain(onlyOnTwo.name);
    expect(picker).not.toContain(app.name);
    t.keys('Enter');
    const opened = await t.waitFor(/1–1 of 1/);
    expect(opened).toContain('context two');
    expect(opened).toContain(`app ${onlyOnTwo.name}`);
    expect(opened).toContain('second-branch');
    expect(pageRequests(two, before, onlyOnTwo.uuid).length).toBeGreaterThan(0);
    // The switch lasts for this run: config.json still names "one" as current.
    t.keys('q');
    await t.waitFor('[exit 0]');
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).current).toBe('one');
  });
});

describe('the : line in a real terminal', () => {
  /** dms on the first service through DMS_URL and DMS_TOKEN: no saved context. */
  const withoutContexts = () => {
    const app = one.seed.applications[0]!;
    const dir = tenPerPage(tempDir('dms-e2e-first-hour-'), [app.uuid]);
    return launch(dir, `browse ${app.uuid}`, { DMS_URL: one.url, DMS_TOKEN: one.token });
  };

  it(':ctx with no saved contexts says how to add one; the list stays and pages on', async () => {
    const t = withoutContexts();
    await t.waitFor(/1–10 of \d+/);
    t.type(':ctx');
    t.keys('Enter');
    const said = await t.waitFor('No saved contexts: add one with dms context add NAME --url URL.');
    expect(said).toMatch(/1–10 of \d+/);
    expect(said).not.toContain('Open an application');
    t.keys('n');
    await t.waitFor(/11–20 of \d+/);
    t.keys('q');
    await t.waitFor('[exit 0]');
  });

  it(':q quits with exit 0, as :quit does, and looks for no deployment', async () => {
    for (const typed of [':q', ':quit']) {
      const t = withoutContexts();
      await t.waitFor(/1–10 of \d+/);
      t.type(typed);
      t.keys('Enter');
      const after = await t.waitFor(/\[exit \d+\]/);
      expect(after).toContain('[exit 0]');
      expect(after).not.toMatch(/Looking for|No deployment has the id/);
    }
  });
});
