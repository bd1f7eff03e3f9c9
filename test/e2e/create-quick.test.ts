// Quick create in a real terminal (tmux), driving the built binary against the demo service through
// a recording proxy on 127.0.0.1 (the demo keeps paths, not bodies): what the screen shows is what
// is sent, and the password the server generates can be revealed and saved.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respondWith, type HostileServer } from '../support/hostile.js';
import { runBin } from '../support/run-bin.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';
import { showsWhole } from '../support/wrapped.js';

const e2e = setUpDemo('cfg', { deployStepMs: 500 });
let proxy: HostileServer;
let url: string;

beforeAll(async () => {
  const origin = new URL(e2e.demo.url).origin;
  // Forwards every request to the demo as it came, and its answer back; `proxy.requests` keeps the bodies.
  proxy = await respondWith(async (req, res) => {
    const headers: Record<string, string> = {};
    for (const h of ['authorization', 'content-type', 'accept']) {
      const v = req.headers[h];
      if (typeof v === 'string') headers[h] = v;
    }
    const answer = await fetch(`${origin}${req.url}`, { method: req.method, headers, body: req.method === 'GET' ? undefined : req.body });
    const text = await answer.text();
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  });
  url = `${proxy.url}/api/v1`;
});
afterAll(async () => {
  await proxy.close();
});

/** Where the earlier creation went: the second project, its staging environment, the second server. */
function where() {
  const { seed } = e2e.demo;
  const project = seed.projects[1]!;
  const env = seed.environments.find((e) => e.project_uuid === project.uuid && e.name !== 'production')!;
  return { project_uuid: project.uuid, server_uuid: seed.servers[1]!.uuid, environment_name: env.name };
}

const env = (config: string) => ({ DMS_URL: url, DMS_TOKEN: e2e.demo.token, DMS_CONFIG_DIR: config });

function dms(args: string, config: string): TmuxSession {
  return e2e.launch(args, { width: 100, height: 30, env: { ...env(config), NO_COLOR: '1', TERM: undefined } });
}

/** An earlier creation (headless, by flags) in the same config folder: its where-values become the recent ones. */
async function createdBefore(config: string): Promise<void> {
  const w = where();
  const r = await runBin(
    [
      'create',
      'app',
      '--project-uuid',
      w.project_uuid,
      '--server-uuid',
      w.server_uuid,
      '--environment-name',
      w.environment_name,
      '--git-repository',
      'https://github.com/acme/earlier',
      '--git-branch',
      'main',
      '--build-pack',
      'static',
    ],
    { env: env(config) },
  );
  expect(r.code, r.stderr).toBe(0);
}

const bodiesOf = (path: string) =>
  proxy.requests.filter((r) => r.method === 'POST' && r.path.endsWith(path)).map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe('quick create (TUI)', () => {
  it('an application from the quick screen by typing only the repository: where recalled, the rest defaulted, then Ctrl+S', async () => {
    const config = tempDir('dms-e2e-cfg-');
    await createdBefore(config);
    const before = bodiesOf('/applications/public').length;

    const s = dms('create app', config);
    let screen = await s.waitFor('as last time');
    expect(screen).toMatch(/step 1 of 9: Quick create/);
    expect(screen).toMatch(/Project, server, environment name as last time/);
    expect(screen).toMatch(/Environment name\s+staging\s+\(recent, sent/);
    expect(screen).toMatch(/Build pack \*\s+\[nixpacks\].*\(default, sent\)/);
    expect(screen).toMatch(/Port\s+3000\s+\(default, sent\)/);
    s.keys('Tab', 'Tab', 'Tab');
    await s.waitFor('› Repository');
    s.type('https://github.com/acme/quick-e2e');
    await s.waitFor('acme/quick-e2e');
    s.keys('C-s');
    screen = await s.waitFor(/Application created[\s\S]*domains: \S+/);
    const uuid = /uuid: ([0-9a-f-]{36})/.exec(screen)?.[1];
    expect(uuid).toBeDefined();
    expect(screen).toMatch(new RegExp(`domains: http://${uuid}\\.`));

    const sent = bodiesOf('/applications/public');
    expect(sent).toHaveLength(before + 1);
    expect(sent[sent.length - 1]).toEqual({
      ...where(),
      git_repository: 'https://github.com/acme/quick-e2e',
      git_branch: 'main',
      build_pack: 'nixpacks',
      ports_exposes: '3000',
    });
    // Sent: the draft is gone.
    expect(existsSync(join(config, 'drafts', 'create-app.json'))).toBe(false);
  });

  it("Deploy right away on the quick step: Ctrl+S there deploys, and Enter on the success screen follows the deployment's log", async () => {
    const config = tempDir('dms-e2e-cfg-');
    await createdBefore(config);
    const s = dms('create app', config);
    await s.waitFor('as last time');
    s.keys('Tab', 'Tab', 'Tab');
    await s.waitFor('› Repository');
    s.type('https://github.com/acme/quick-deploy');
    await s.waitFor('acme/quick-deploy');
    // Branch, build pack, port, name, then the on/off field, still on step 1.
    s.keys('Tab', 'Tab', 'Tab', 'Tab', 'Tab');
    let screen = await s.waitFor(/› Deploy right away/);
    expect(screen).toMatch(/step 1 of 9: Quick create/);
    s.keys('Space');
    await s.waitFor(/Deploy right away\s+\[x\]/);
    s.keys('C-s');
    screen = await s.waitFor(/Application created[\s\S]*Enter\/o follows its deployment/);
    const uuid = /uuid: ([0-9a-f-]{36})/.exec(screen)![1]!;
    expect(bodiesOf('/applications/public').at(-1)).toMatchObject({
      git_repository: 'https://github.com/acme/quick-deploy',
      instant_deploy: true,
    });
    s.keys('Enter');
    // The new application's deployments, its deployment's log open and followed.
    screen = await s.waitFor(/^Log \S+ · /m, 30_000);
    expect(screen).toContain(uuid);
    s.keys('q');
    expect(await s.waitFor(/\[exit \d+\]/, 15_000)).toContain('[exit 0]');
  });

  it('a docstore: s reveals the generated password on the success screen, w saves it to a new 0600 file, never in the drafts folder', async () => {
    const config = tempDir('dms-e2e-cfg-');
    const out = tempDir('dms-e2e-out-');
    await createdBefore(config);

    const s = dms('create docstore', config);
    await s.waitFor('as last time');
    s.keys('C-s');
    let screen = await s.waitFor(/Docstore database created[\s\S]*s shows the password/);
    expect(screen).toMatch(/internal_db_url:\s+docstore:\/\/root:••••@/);
    expect(bodiesOf('/databases/docstore').at(-1)).toEqual(where());

    // Revealing is asking: no restart, no --show-secrets.
    s.keys('s');
    screen = await s.waitFor('s hides the password');
    const password = /internal_db_url:\s+docstore:\/\/root:([^@•\s]+)@/.exec(screen)?.[1];
    expect(password).toBeDefined();

    // The drafts folder is refused.
    s.keys('w');
    await s.waitFor('Save to: docstore-');
    s.keys('C-u');
    s.type(join(config, 'drafts', 'creds.json'));
    s.keys('Enter');
    await s.waitFor('Not saved: that is the drafts folder');

    const file = join(out, 'orders-credentials.json');
    s.keys('C-u');
    s.type(file);
    s.keys('Enter');
    await s.waitFor((screen) => showsWhole(screen, `Saved to ${file} (mode 0600)`));
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { uuid: string; internal_db_url: string };
    expect(saved.internal_db_url).toContain(`root:${password}@`);
    expect(screen).toContain(`uuid: ${saved.uuid}`);

    // Nothing in the drafts folder holds it.
    const drafts = join(config, 'drafts');
    for (const name of existsSync(drafts) ? readdirSync(drafts) : []) {
      expect(readFileSync(join(drafts, name), 'utf8')).not.toContain(password!);
    }
    expect(existsSync(join(drafts, 'creds.json'))).toBe(false);
  });

  it('values sent to one server are not recalled on another: the form there fills in no project, server or environment of the first', async () => {
    const config = tempDir('dms-e2e-cfg-');
    await createdBefore(config); // sent through the proxy: that server's values
    // The same service reached at its own address: another server as far as dms can tell.
    const s = e2e.launch('create app', {
      width: 100,
      height: 30,
      env: { DMS_URL: e2e.demo.url, DMS_TOKEN: e2e.demo.token, DMS_CONFIG_DIR: config, NO_COLOR: '1', TERM: undefined },
    });
    const screen = await s.waitFor(/step 1 of 9: Quick create[\s\S]*› Project/);
    expect(screen).not.toContain('as last time');
    const w = where();
    expect(screen).not.toContain(w.project_uuid);
    expect(screen).not.toContain(w.server_uuid);
    expect(screen).not.toMatch(/\(recent, sent/);
  });
});
