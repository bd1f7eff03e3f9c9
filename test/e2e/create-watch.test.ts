// Create and watch in a real terminal (tmux), driving the built binary against the demo service:
// the wizard creates an application with instant deploy and, on Enter, follows its deployment
// to its end; `dms create app --wait` does the same headless and exits by the outcome.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpDemo } from '../support/terminals.js';
import { shellQuote, type TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';

// 200 ms a step: a new deployment is queued for under a second and done within a few.
const e2e = setUpDemo('cfg', { deployStepMs: 200, rateLimitPerMinute: 0 });
const bodies = tempDir('dms-e2e-watch-');

function bodyFile(name: string, repo: string): string {
  const { seed } = e2e.demo;
  const project = seed.projects[0]!;
  const env = seed.environments.find((e) => e.project_uuid === project.uuid)!;
  const path = join(bodies, name);
  writeFileSync(
    path,
    JSON.stringify({
      project_uuid: project.uuid,
      server_uuid: seed.servers[0]!.uuid,
      environment_name: env.name,
      git_repository: `https://github.com/acme/${repo}`,
      git_branch: 'main',
      build_pack: 'nixpacks',
      ports_exposes: '3000',
      instant_deploy: true,
    }),
  );
  return path;
}

function dms(args: string): TmuxSession {
  return e2e.launch(args, { width: 100, height: 30, env: { NO_COLOR: '1', DMS_FOLLOW_INTERVAL_MS: '200', TERM: undefined } });
}

const posts = () => e2e.demo.requests.filter((r) => r.method === 'POST').length;

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
