// `dms logs --follow`, the built binary headless, against demo services started here whose
// deployments move on (advanceSeed): it follows a real running deployment to its end and exits by
// the outcome the service then lists.
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { startDemoService, type DemoService } from '../../src/demo/server.js';
import { createClient } from '../../src/api/client.js';
import { ORDERS_WORKER } from '../../src/demo/seed-apps-shapes.js';
import { BIN } from '../support/bin.js';
import { runBin, tempConfigDir } from '../support/run-bin.js';

const TIMEOUT = 60_000;
const EXPECTED_CODE: Record<string, number> = { finished: 0, failed: 7, 'cancelled-by-user': 8 };
const STATUS_WORD: Record<string, string> = { finished: 'finished', failed: 'failed', 'cancelled-by-user': 'cancelled' };

const demos: DemoService[] = [];
afterEach(async () => {
  await Promise.all(demos.splice(0).map((d) => d.close()));
});

async function demoService(deployStepMs: number): Promise<DemoService> {
  const demo = await startDemoService({ rateLimitPerMinute: 0, advanceSeed: true, deployStepMs });
  demos.push(demo);
  return demo;
}

const envOf = (demo: DemoService) => ({ DMS_URL: demo.url, DMS_TOKEN: demo.token, DMS_FOLLOW_INTERVAL_MS: '100' });

/** The newest deployment of the application, as the service lists it now. */
async function newest(demo: DemoService, app: string) {
  const page = await createClient({ baseUrl: demo.url, token: demo.token }).listDeployments(app, { skip: 0, take: 1 });
  const d = page.deployments[0]!;
  return { id: Number(d.id), status: String(d.status) };
}

interface Chunk {
  readonly at: number;
  readonly text: string;
}
interface Followed {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly out: readonly Chunk[];
  /** stderr lines with the time each arrived. */
  readonly err: readonly Chunk[];
}

/** Runs `dms logs …` and notes when each piece of its output arrived. */
function follow(args: string[], env: Record<string, string>, timeoutMs = 45_000): Promise<Followed> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'logs', ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DMS_CONFIG_DIR: tempConfigDir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Chunk[] = [];
    const err: Chunk[] = [];
    let stderrRest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      out.push({ at: Date.now(), text: d });
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d: string) => {
      const parts = (stderrRest + d).split('\n');
      stderrRest = parts.pop()!;
      for (const text of parts) err.push({ at: Date.now(), text });
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`dms logs ${args.join(' ')} did not end\n${err.map((c) => c.text).join('\n')}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (stderrRest !== '') err.push({ at: Date.now(), text: stderrRest });
      resolve({ code, stdout: out.map((c) => c.text).join(''), stderr: err.map((c) => `${c.text}\n`).join(''), out, err });
    });
  });
}

const nonEmpty = (text: string) => text.split('\n').filter((l) => l !== '');

/** The status lines of a follow: how it stood at first, then each change, the last one final. */
function expectStatusLines(r: Followed, id: number, final: string) {
  const status = r.err.map((c) => c.text);
  expect(status[0]).toMatch(new RegExp(`^dms: deployment ${id} (queued|in progress)`));
  expect(status.at(-1)).toMatch(new RegExp(`^dms: deployment ${id} ${STATUS_WORD[final]} after (\\d+h )?(\\d+m )?\\d+s$`));
  expect(status.every((l) => l.startsWith(`dms: deployment ${id} `))).toBe(true);
}

describe('dms logs --follow against the demo service', () => {
  it(
    "follows orders-worker's running newest deployment to its end and exits by the outcome the list then shows",
    async () => {
      // A service of its own, started now: the seed's running deployment ends in 8–16 steps of 400 ms.
      const demo = await demoService(400);
      const before = await newest(demo, ORDERS_WORKER);
      expect(before.status, 'the newest orders-worker deployment runs when the service starts').toBe('in_progress');

      const r = await follow([ORDERS_WORKER, '--follow'], envOf(demo));
      const after = await newest(demo, ORDERS_WORKER);
      expect(after.id).toBe(before.id);
      expect(Object.keys(EXPECTED_CODE)).toContain(after.status);
      expect(r.code).toBe(EXPECTED_CODE[after.status]);
      expect(r.err[0]!.text).toMatch(new RegExp(`^dms: deployment ${before.id} in progress \\(`));
      expectStatusLines(r, before.id, after.status);

      // What it printed while following is the whole log, once: what `dms logs APP ID` prints now.
      const whole = await runBin(['logs', ORDERS_WORKER, String(before.id)], { env: envOf(demo), timeoutMs: 30_000 });
      expect(whole.code).toBe(0);
      expect(nonEmpty(whole.stdout).length).toBeGreaterThan(20);
      expect(r.stdout).toBe(whole.stdout);
      // Plain text on a pipe; the token never shows.
      expect(r.stdout).not.toMatch(/[\u001b\u0080-\u009f]/);
      expect(r.stdout + r.stderr).not.toContain(demo.token.split('|')[1]!);
      if (after.status === 'finished') expect(nonEmpty(r.stdout).at(-1)).toBe('New container started.');
    },
    TIMEOUT,
  );

  it(
    'follows the deployment instant_deploy starts for a new application: stdout grows as it runs, the exit code matches the final status',
    async () => {
      const demo = await demoService(300);
      const client = createClient({ baseUrl: demo.url, token: demo.token });
      const project = demo.seed.projects[0]!;
      const environment = demo.seed.environments.find((e) => e.project_uuid === project.uuid)!;
      const { uuid } = await client.createPublicApplication({
        project_uuid: project.uuid,
        server_uuid: demo.seed.servers[0]!.uuid,
        environment_name: environment.name,
        git_repository: 'https://github.com/acme/logs-follow',
        git_branch: 'main',
        build_pack: 'nixpacks',
        ports_exposes: '3000',
        instant_deploy: true,
      });
      const started = await newest(demo, uuid);
      expect(['queued', 'in_progress']).toContain(started.status);

      const r = await follow([uuid, '--follow'], envOf(demo));
      const after = await newest(demo, uuid);
      expect(after.id).toBe(started.id);
      expect(Object.keys(EXPECTED_CODE)).toContain(after.status);
      expect(r.code).toBe(EXPECTED_CODE[after.status]);
      expectStatusLines(r, started.id, after.status);

      // The log came in pieces while the deployment ran, before the final status line.
      const final = r.err.at(-1)!.at;
      const whileRunning = r.out.filter((c) => c.at < final - 50);
      expect(r.out.length).toBeGreaterThanOrEqual(2);
      expect(whileRunning.length).toBeGreaterThanOrEqual(1);
      expect(nonEmpty(r.stdout).length).toBeGreaterThan(nonEmpty(r.out[0]!.text).length);
      expect(r.stdout).toContain('Starting deployment of acme/logs-follow:main');

      const whole = await runBin(['logs', uuid], { env: envOf(demo), timeoutMs: 30_000 });
      expect(whole.code).toBe(0);
      expect(r.stdout).toBe(whole.stdout);
    },
    TIMEOUT,
  );

  it(
    '--wait-timeout 1 on a deployment that cannot finish in time exits 9 and says how to resume',
    async () => {
      // Steps of a minute: the seed's running deployment needs at least 8 more.
      const demo = await demoService(60_000);
      const running = await newest(demo, ORDERS_WORKER);
      expect(running.status).toBe('in_progress');
      const startedAt = Date.now();
      const r = await follow([ORDERS_WORKER, '--follow', '--wait-timeout', '1'], envOf(demo));
      expect(r.code).toBe(9);
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
      // The log so far was printed (its first lines: the log is paced by the steps); the last
      // status line says it stopped waiting, and how to go on.
      expect(nonEmpty(r.stdout)[0]).toMatch(/^Starting deployment of acme\/orders-worker:/);
      expect(r.err[0]!.text).toMatch(new RegExp(`^dms: deployment ${running.id} in progress \\(`));
      expect(r.err.at(-1)!.text).toBe(
        `dms: stopped waiting after 1s; deployment ${running.id} is still in progress. Resume with: dms logs ${ORDERS_WORKER} ${running.id} --follow`,
      );
      expect((await newest(demo, ORDERS_WORKER)).status).toBe('in_progress');
    },
    TIMEOUT,
  );
});
