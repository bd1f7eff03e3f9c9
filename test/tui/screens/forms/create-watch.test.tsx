// The wizard's hand-off after a creation with instant deploy: Enter on the success screen opens
// the new application's deployments, waits there until its deployment is listed, puts the cursor
// on it and opens its log, which follows it to its end; Esc returns to the list.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/api/client.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { json, serversClosedAfterEach } from '../../../support/hostile.js';
import { tempDir } from '../../../support/temp.js';
import { KEY, renderApp, type Rendered } from '../../../support/render.js';
import { setUpDemoService } from '../../../support/demo.js';

const demo = setUpDemoService({ deployStepMs: 60, rateLimitPerMinute: 0 });
let shown: Rendered | undefined;
const serve = serversClosedAfterEach(afterEach);

afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function where() {
  const project = demo.seed.projects[0]!;
  const env = demo.seed.environments.find((e) => e.project_uuid === project.uuid)!;
  return { project_uuid: project.uuid, server_uuid: demo.seed.servers[0]!.uuid, environment_name: env.name };
}

function options(client: TuiOptions['client'], from: Record<string, unknown>): TuiOptions {
  return {
    client,
    connection: { label: 'test', host: 'h', demo: false },
    configDir: tempDir('dms-create-watch-'),
    screen: 'create-app',
    from,
    showSecrets: false,
    noColor: true,
  };
}

const body = (repo: string, instant: boolean) => ({
  ...where(),
  git_repository: `https://github.com/acme/${repo}`,
  git_branch: 'main',
  build_pack: 'nixpacks',
  ports_exposes: '3000',
  instant_deploy: instant,
});

describe('create app with instant deploy: Enter follows the new deployment', () => {
  it('opens the log of the new deployment, follows it to failed, and Esc shows it selected in the list', async () => {
    const client = createClient({ baseUrl: demo.url, token: demo.token });
    const ui = (shown = renderApp(options(client, body('outcome-failed', true)), { followMs: 50, refreshMs: 100 }));
    await ui.waitFor('Create application');
    await ui.press(KEY.ctrl('s'));
    const done = await ui.waitFor('follows its deployment');
    const uuid = /uuid: ([0-9a-f-]+)/.exec(done)![1]!;
    await ui.press(KEY.enter);
    // The log viewer of the application's one deployment: live status, then the outcome.
    const page = await client.listDeployments(uuid, { skip: 0, take: 10 });
    expect(page.deployments).toHaveLength(1);
    const id = Number(page.deployments[0]!.id);
    await ui.waitFor(new RegExp(`Log ${id} · `));
    const end = await ui.waitFor(/The deployment failed after \d+s\./, 15_000);
    expect(end).toMatch(new RegExp(`Log ${id} · ✗ failed after \\d+s`));
    expect(end).toContain(uuid);
    await ui.press(KEY.escape);
    const list = await ui.waitFor((f) => /›\s*│\s*✗ failed/.test(f));
    expect(list).toMatch(new RegExp(`│ ${id} +│`));
  }, 30_000);

  it('without instant deploy, Enter opens the deployments list as before (no log, no waiting)', async () => {
    const client = createClient({ baseUrl: demo.url, token: demo.token });
    const ui = (shown = renderApp(options(client, body('outcome-finished', false)), { followMs: 50, refreshMs: 100 }));
    await ui.waitFor('Create application');
    await ui.press(KEY.ctrl('s'));
    await ui.waitFor('opens its deployments');
    await ui.press(KEY.enter);
    const frame = await ui.waitFor('No deployments for this application yet.');
    expect(frame).not.toMatch(/Log \d+ ·|Waiting for the deployment/);
  });

  it('a server that answers 404 and then nothing for a while: it waits, then opens the log once listed', async () => {
    const APP = 'c0ffee00-0000-4000-8000-000000000001';
    let gets = 0;
    const row = (status: string) => ({
      id: 5,
      deployment_uuid: 'dep5abcdefghijklmnopq',
      status,
      commit: 'c'.repeat(40),
      created_at: new Date().toISOString(),
      finished_at: status === 'finished' ? new Date(Date.now() + 1000).toISOString() : null,
    });
    const server = await serve((req, res, raw) => {
      if (req.method === 'POST') return json(201, { uuid: APP, domains: null })(req, res, raw);
      gets += 1;
      if (gets === 1) return json(404, { message: 'Application not found.' })(req, res, raw);
      if (gets <= 3) return json(200, [])(req, res, raw);
      return json(200, [row(gets <= 6 ? 'in_progress' : 'finished')])(req, res, raw);
    });
    const client = createClient({ baseUrl: `${server.url}/api/v1`, token: '3|watchTestToken' });
    const ui = (shown = renderApp(options(client, body('x', true)), { followMs: 50, refreshMs: 100 }));
    await ui.waitFor('Create application');
    await ui.press(KEY.ctrl('s'));
    await ui.waitFor('follows its deployment');
    await ui.press(KEY.enter);
    // Not sent back to the picker by the 404: it says what it waits for.
    await ui.waitFor('Waiting for the deployment the creation started');
    await ui.waitFor('Log 5 · ', 10_000);
    await ui.waitFor('The deployment finished', 10_000);
    expect(server.hitsOf('POST', '/api/v1/applications/public')).toBe(1);
  }, 30_000);
});
