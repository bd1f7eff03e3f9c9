// The create forms in a real terminal (tmux), driving the built binary against the demo service.
import { writeFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { htmlPage, json, respondWith, sequence } from '../support/hostile.js';
import { setUpDemo } from '../support/terminals.js';
import { shellQuote, type TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';

const e2e = setUpDemo('cfg', { deployStepMs: 500 });
const bodies = tempDir('dms-e2e-bodies-');

function where() {
  const { seed } = e2e.demo;
  const project = seed.projects[0]!;
  const env = seed.environments.find((e) => e.project_uuid === project.uuid)!;
  return { project_uuid: project.uuid, server_uuid: seed.servers[0]!.uuid, environment_name: env.name };
}

function bodyFile(name: string, body: unknown): string {
  const path = join(bodies, name);
  writeFileSync(path, JSON.stringify(body));
  return path;
}

function dms(args: string, configDir: string): TmuxSession {
  return e2e.launch(args, { width: 100, height: 30, env: { DMS_CONFIG_DIR: configDir, NO_COLOR: '1', TERM: undefined } });
}

const posts = (path: string) => e2e.demo.requests.filter((r) => r.method === 'POST' && r.path.endsWith(path)).length;

describe('dms create (TUI)', () => {
  it('docstore --from body.json, Ctrl+S shows uuid:', async () => {
    const config = tempDir('dms-e2e-cfg-');
    const file = bodyFile('docstore.json', { ...where(), name: 'orders-db' });
    const before = posts('/databases/docstore');
    const s = dms(`create docstore --from ${shellQuote(file)}`, config);
    await s.waitFor('Create docstore database');
    s.keys('C-s');
    const screen = await s.waitFor(/uuid: [0-9A-Za-z-]+/);
    expect(posts('/databases/docstore')).toBe(before + 1);
    // Connection URLs carry the root password: masked unless revealed.
    expect(screen).not.toMatch(/:\/\/[^:\s/]+:(?!••••)[^@\s]+@/);
    expect(existsSync(join(config, 'drafts', 'create-docstore.json'))).toBe(false);
  });

  it('app --from body.json with instant_deploy, Ctrl+S, then its deployment is listed', async () => {
    const config = tempDir('dms-e2e-cfg-');
    const file = bodyFile('app.json', {
      ...where(),
      git_repository: 'https://github.com/acme/e2e-shop',
      git_branch: 'main',
      build_pack: 'nixpacks',
      ports_exposes: '3000',
      instant_deploy: true,
    });
    const s = dms(`create app --from ${shellQuote(file)}`, config);
    await s.waitFor('Create application');
    s.keys('C-s');
    const screen = await s.waitFor(/uuid: [0-9A-Za-z-]+/);
    const uuid = /uuid: ([0-9A-Za-z-]+)/.exec(screen)![1]!;
    expect(posts('/applications/public')).toBeGreaterThan(0);
    s.keys('Enter');
    // The deployments screen of the new application lists the deployment instant_deploy started.
    const list = await s.waitFor(
      (text) => new RegExp(`app (\\S+ )?${uuid}`).test(text) && /queued|in progress|finished/.test(text),
      15_000,
    );
    expect(list).toMatch(/acme\/e2e-shop/);
  });

  it('an invalid build_pack is stopped before sending, with the field named', async () => {
    const config = tempDir('dms-e2e-cfg-');
    const file = bodyFile('bad.json', {
      ...where(),
      git_repository: 'https://github.com/acme/x',
      git_branch: 'main',
      build_pack: 'dockerfile',
    });
    const before = posts('/applications/public');
    const s = dms(`create app --from ${shellQuote(file)}`, config);
    await s.waitFor('Create application');
    s.keys('C-s');
    const screen = await s.waitFor('Not sent');
    expect(screen).toMatch(/build_pack must be one of/);
    // Build pack is on the quick screen, where the form opens.
    expect(screen).toMatch(/step 1 of 9: Quick create/);
    expect(screen).toMatch(/› Build pack/);
    expect(posts('/applications/public')).toBe(before);
  });

  it('text typed into a wizard whose terminal is killed is there when it reopens', async () => {
    const config = tempDir('dms-e2e-cfg-');
    const first = dms('create app', config);
    await first.waitFor('› Project');
    first.type('typed-before-kill');
    await first.waitFor('typed-before-kill');
    // Drafts are written within 300 ms of a change.
    const draft = join(config, 'drafts', 'create-app.json');
    const deadline = Date.now() + 5000;
    while (!existsSync(draft) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    first.kill();
    expect(JSON.parse(readFileSync(draft, 'utf8')).values.project_uuid).toBe('typed-before-kill');
    const second = dms('create app', config);
    const screen = await second.waitFor('Restored your draft');
    expect(screen).toMatch(/Project \*\s+typed-before-kill/);
  });

  it('the same form in two terminals: the one that saves second is asked (l loads theirs, k keeps its own); nothing is lost in silence', async () => {
    const config = tempDir('dms-e2e-cfg-');
    const draft = join(config, 'drafts', 'create-app.json');
    /** Waits until the draft on disk holds `project` as its project uuid. */
    const draftHolds = async (project: string) => {
      const deadline = Date.now() + 10_000;
      const now = () =>
        existsSync(draft)
          ? (JSON.parse(readFileSync(draft, 'utf8')) as { values: { project_uuid?: string } }).values.project_uuid
          : undefined;
      while (now() !== project && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(now()).toBe(project);
    };
    const a = dms('create app', config);
    await a.waitFor('› Project');
    a.type('from-a');
    await draftHolds('from-a');
    const b = dms('create app', config);
    await b.waitFor(/Restored your draft[\s\S]*Project \*\s+from-a/);
    b.type('B');
    await draftHolds('from-aB');

    // A types on: its save finds B's draft, writes nothing and asks.
    a.type('x');
    let screen = await a.waitFor('changed in another dms');
    expect(screen).toMatch(/k keep yours · l load theirs/);
    await draftHolds('from-aB');
    a.type('l');
    screen = await a.waitFor('Loaded the draft the other dms saved');
    expect(screen).toMatch(/Project \*\s+from-aB\b/);
    a.type('z');
    await draftHolds('from-aBz');

    // Now B is the one behind: asked in turn; k keeps what B's screen holds.
    b.type('q');
    await b.waitFor('changed in another dms');
    await draftHolds('from-aBz');
    b.type('k');
    await b.waitFor('Kept yours');
    await draftHolds('from-aBq');
  });

  it('a 201 with an HTML page: said created; r asks first, n sends nothing, y sends again', async () => {
    const server = await respondWith(
      sequence(htmlPage(201, '<!DOCTYPE html><html><body>Created</body></html>'), json(201, { uuid: 'app-e2e-2' })),
    );
    try {
      const file = bodyFile('unread.json', {
        ...where(),
        git_repository: 'https://github.com/acme/unread',
        git_branch: 'main',
        build_pack: 'nixpacks',
      });
      const s = e2e.launch(`create app --from ${shellQuote(file)}`, {
        width: 100,
        height: 30,
        env: { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '3|e2eToken', NO_COLOR: '1', TERM: undefined },
      });
      await s.waitFor('Create application');
      s.keys('C-s');
      const said = await s.waitFor(/r sends again \(asks first\)/);
      expect(said).toMatch(/The application was created \(201\), but the answer could not be read/);
      expect(said).not.toMatch(/Not created/);
      s.keys('r');
      await s.waitFor('Send the request again?');
      s.keys('n');
      await s.waitFor((text) => !text.includes('Send the request again?') && text.includes('r sends again (asks first)'));
      expect(server.hitsOf('POST', '/api/v1/applications/public')).toBe(1);
      s.keys('r');
      await s.waitFor('Send the request again?');
      s.keys('y');
      await s.waitFor('uuid: app-e2e-2');
      expect(server.hitsOf('POST', '/api/v1/applications/public')).toBe(2);
    } finally {
      await server.close();
    }
  });
});
