// Create and watch in a real terminal (tmux), driving the built binary against the demo service:
// the wizard creates an application with instant deploy and, on Enter, follows its deployment
// to its end; `dms create app --wait` does the same headless and exits by the outcome.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../src/demo/server.js';
import { BIN } from '../support/bin.js';
import { shellQuote, startTmux, type TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';

let demo: DemoService;
const sessions: TmuxSession[] = [];
const bodies = tempDir('dms-e2e-watch-');

beforeAll(async () => {
  // 200 ms a step: a new deployment is queued for under a second and done within a few.
  demo = await startDemoService({ deployStepMs: 200, rateLimitPerMinute: 0 });
});
afterAll(() => demo.close());
afterEach(() => { while (sessions.length > 0) sessions.pop()!.kill(); });

function bodyFile(name: string, repo: string): string {
  const project = demo.seed.projects[0]!;
  const env = demo.seed.environments.find((e) => e.project_uuid === project.uuid)!;
  const path = join(bodies, name);
  writeFileSync(path, JSON.stringify({
    project_uuid: project.uuid, server_uuid: demo.seed.servers[0]!.uuid, environment_name: env.name,
    git_repository: `https://github.com/acme/${repo}`, git_branch: 'main', build_pack: 'nixpacks', ports_exposes: '3000', instant_deploy: true,
  }));
  return path;
}

function dms(args: string): TmuxSession {
  const s = startTmux(`node ${shellQuote(BIN)} ${args}`, {
    width: 100, height: 30,
    env: { DMS_URL: demo.url, DMS_TOKEN: demo.token, DMS_CONFIG_DIR: tempDir('dms-e2e-cfg-'), NO_COLOR: '1', DMS_FOLLOW_INTERVAL_MS: '200' },
  });
  sessions.push(s);
  return s;
}

const posts = () => demo.requests.filter((r) => r.method === 'POST').length;

describe('create and watch (tmux)', () => {
  it('the wizard: Ctrl+S, Enter follows the new deployment until it finishes; Esc shows it in the list', async () => {
    const before = posts();
    const s = dms(`create app --from ${shellQuote(bodyFile('watch.json', 'outcome-finished'))}`);
    await s.waitFor('Create application');
    s.keys('C-s');
    await s.waitFor('Enter/o follows its deployment');
    s.keys('Enter');
    // The log viewer of the new deployment: its status live, then how it ended.
    await s.waitFor(/Log \d+ · /, 15_000);
    const end = await s.waitFor('The deployment finished after', 30_000);
    expect(end).toMatch(/Log \d+ · ✓ finished after \d+s/);
    expect(posts()).toBe(before + 1);
    s.keys('Escape');
    await s.waitFor((text) => /›\s*│\s*✓ finished/.test(text), 15_000);
    s.keys('q');
    await s.waitFor('[exit 0]');
  }, 90_000);

  it('headless: --wait prints each status change and exits 7 when the deployment fails', async () => {
    const s = dms(`create app --file ${shellQuote(bodyFile('wait.json', 'outcome-failed'))} --wait`);
    const screen = await s.waitFor('[exit 7]', 45_000);
    expect(screen).toMatch(/^uuid: [0-9a-f-]+$/m);
    expect(screen).toMatch(/dms: \[\d+s\] deployment \d+ queued/);
    expect(screen).toMatch(/dms: \[\d+s\] deployment \d+ failed after \d+s/);
  }, 60_000);
});
