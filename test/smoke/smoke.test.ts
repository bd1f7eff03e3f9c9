// A smoke of every command and every screen: the built binary (dist/dms.js), run by the Node that
// runs vitest, headless against a demo service started for this file, and in a real terminal
// (tmux). CI runs this file on every Node line dms supports (22, 24, 26); the whole suite runs on
// one. Each test checks what dms printed or drew, not only its exit code; nothing is mocked.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { EXIT } from '../../src/commands/exit-codes.js';
import { VERSION } from '../../src/commands/version.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { viewOf } from '../../src/model/deployment.js';
import { closedPortUrl } from '../support/hostile.js';
import { runBin } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';

const e2e = setUpDemo('smoke');

type Row = Record<string, unknown>;
/** The demo's shop-frontend, as the service sends it: its count and first page (newest first). */
let count: number;
let page: Row[];
/** Two finished deployments of the first page, newest first, whose rows carry their logs. */
let finished: [Row, Row];

beforeAll(async () => {
  const first = await createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token }).listDeployments(SHOP_FRONTEND, { skip: 0, take: 10 });
  count = Number(first.total);
  page = first.deployments as Row[];
  const done = page.filter((d) => d.status === 'finished' && typeof d.logs === 'string');
  expect(done.length, "the demo's first page holds two finished deployments with logs").toBeGreaterThanOrEqual(2);
  finished = [done[0]!, done[1]!];
});

const env = () => ({ DMS_URL: e2e.demo.url, DMS_TOKEN: e2e.demo.token });
const lines = (text: string) => text.split('\n').filter((l) => l !== '');
const posts = (path: string) => e2e.demo.requests.filter((r) => r.method === 'POST' && r.path.endsWith(path)).length;

function where(): string[] {
  const { seed } = e2e.demo;
  const project = seed.projects[0]!;
  const environment = seed.environments.find((x) => x.project_uuid === project.uuid)!;
  return ['--project-uuid', project.uuid, '--server-uuid', seed.servers[0]!.uuid, '--environment-name', environment.name];
}

/** Resolves once `test` holds (polled): a fact, never a fixed time. */
async function until(test: () => boolean, what: string, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; !test();) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('headless commands', () => {
  it('--version prints the version', async () => {
    const r = await runBin(['--version']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toBe(`dms ${VERSION}\n`);
  });

  it('--help prints the usage of every command', async () => {
    const r = await runBin(['--help']);
    expect(r.code).toBe(EXIT.ok);
    const usage = r.stdout.slice(r.stdout.indexOf('Usage:'), r.stdout.indexOf('Connection'));
    for (const command of [
      'browse',
      'deployments',
      'logs',
      'stats',
      'reasons',
      'diff',
      'board',
      'create app',
      'create docstore',
      'context',
      'demo',
      'completion',
    ]) {
      expect(usage).toMatch(new RegExp(`^ {2}dms ${command}( |$)`, 'm'));
    }
  });

  it('an unknown command and an unknown option are usage errors: exit 2, one line saying what to run', async () => {
    const command = await runBin(['frobnicate'], { env: env() }); // help is a command now (dms help)
    expect({ code: command.code, stderr: command.stderr }).toEqual({
      code: EXIT.usage,
      stderr:
        'dms: the first argument is not a command; it is not repeated here, in case it is a secret. Run dms --help for the commands.\n',
    });
    const option = await runBin(['deployments', SHOP_FRONTEND, '--tak', '3'], { env: env() });
    expect({ code: option.code, stderr: option.stderr }).toEqual({
      code: EXIT.usage,
      stderr: 'dms: unknown option --tak; did you mean --take? Run dms deployments --help.\n',
    });
  });

  it('deployments APP prints the first page as a table, the total on its last line', async () => {
    const r = await runBin(['deployments', SHOP_FRONTEND], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    const out = lines(r.stdout);
    expect(out[0]).toMatch(/^(Δ\s+)?STATUS\s+SOURCE\s+COMMIT\s+SUBJECT\s+BRANCH\s+STARTED\s+DURATION\s+ID\b/);
    const body = out.slice(1, -1);
    expect(body).toHaveLength(page.length);
    page.forEach((d, i) => expect(body[i]).toMatch(new RegExp(`\\s${String(d.id)}(\\s|$)`)));
    expect(out.at(-1)).toBe(`${count} deployments; showing 1–10`);
  });

  it('deployments APP -o json prints the page as a JSON array', async () => {
    const r = await runBin(['deployments', SHOP_FRONTEND, '-o', 'json'], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    expect((JSON.parse(r.stdout) as Row[]).map((d) => d.id)).toEqual(page.map((d) => d.id));
  });

  it('deployments APP -o csv prints a header and a line per deployment (CRLF)', async () => {
    const r = await runBin(['deployments', SHOP_FRONTEND, '-o', 'csv'], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    const rows = r.stdout.split('\r\n').filter((l) => l !== '');
    expect(rows[0]).toMatch(/^status,source,commit,subject,branch,started,finished,duration,server,id,uuid(,reason)?$/);
    expect(rows.slice(1).map((l) => l.split(',')[0])).toEqual(page.map((d) => d.status));
  });

  it('deployments APP -o ndjson prints one JSON record a line', async () => {
    const r = await runBin(['deployments', SHOP_FRONTEND, '-o', 'ndjson'], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    expect(lines(r.stdout).map((l) => (JSON.parse(l) as Row).uuid)).toEqual(page.map((d) => d.uuid));
  });

  it('logs APP ID prints the log of a finished deployment', async () => {
    const [done] = finished;
    const entries = (JSON.parse(String(done.logs)) as { output: string; command: string | null; hidden: boolean; order: number }[])
      .filter((e) => !e.hidden)
      .sort((a, b) => a.order - b.order);
    const r = await runBin(['logs', SHOP_FRONTEND, String(done.id)], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    const out = lines(r.stdout);
    expect(out[0]).toBe(entries[0]!.output);
    expect(out.at(-1)).toBe(entries.at(-1)!.output);
  });

  it('logs APP ID --json prints one JSON entry a line', async () => {
    const [done] = finished;
    const visible = (JSON.parse(String(done.logs)) as { hidden: boolean }[]).filter((e) => !e.hidden).length;
    const r = await runBin(['logs', SHOP_FRONTEND, String(done.id), '--json'], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    const out = lines(r.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(out).toHaveLength(visible);
    expect(Object.keys(out[0]!).sort()).toEqual(['batch', 'command', 'hidden', 'order', 'output', 'timestamp', 'type']);
  });

  it('stats APP -o json counts the whole history', async () => {
    const r = await runBin(['stats', SHOP_FRONTEND, '-o', 'json'], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    const stats = JSON.parse(r.stdout) as { application: { uuid: string }; complete: boolean; read: number; deployments: number };
    expect(stats).toMatchObject({ application: { uuid: SHOP_FRONTEND }, complete: true, read: count, deployments: count });
  });

  it('reasons APP -o json groups every failed deployment of the window by its reason', async () => {
    const r = await runBin(['reasons', SHOP_FRONTEND, '--since', '2000-01-01', '-o', 'json'], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    const clusters = JSON.parse(r.stdout) as { reason: string; count: number; deployments: number[] }[];
    expect(clusters.length).toBeGreaterThan(1);
    for (const c of clusters) expect(c.deployments).toHaveLength(c.count);
    expect(clusters.map((c) => c.reason)).toContain("Module not found: Can't resolve '@/lib/analytics'");
  });

  it('board -o ndjson prints a line per recent application (read once before: recent)', async () => {
    const dir = tempDir('dms-smoke-board-');
    expect((await runBin(['deployments', SHOP_FRONTEND, '--take', '1'], { env: { ...env(), DMS_CONFIG_DIR: dir } })).code).toBe(EXIT.ok);
    const r = await runBin(['board', '-o', 'ndjson'], { env: { ...env(), DMS_CONFIG_DIR: dir } });
    expect(r.code).toBe(EXIT.ok);
    const [row, ...more] = lines(r.stdout).map((l) => JSON.parse(l) as { uuid: string; history: string[] });
    expect(more).toEqual([]);
    expect(row).toMatchObject({ uuid: SHOP_FRONTEND, history: page.map((d) => viewOf(d).phase) });
  });

  it('diff APP A B compares two deployments side by side', async () => {
    const [newer, older] = finished;
    const r = await runBin(['diff', SHOP_FRONTEND, String(older.id), String(newer.id)], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatch(new RegExp(`^\\s+id\\s+${older.id}\\s+${newer.id}\\s*$`, 'm'));
    expect(r.stdout).toMatch(/^\s+status\s+✓ finished\s+✓ finished\s*$/m);
  });

  it('diff APP A B --logs compares their logs step by step', async () => {
    const [newer, older] = finished;
    const r = await runBin(['diff', SHOP_FRONTEND, String(older.id), String(newer.id), '--logs'], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatch(
      new RegExp(`^log of deployment ${String(older.id)} \\(-\\) against deployment ${String(newer.id)} \\(\\+\\)$`, 'm'),
    );
    expect(r.stdout).toMatch(/^[=*] start: (same|differs: \d+ removed, \d+ added)$/m);
  });

  it('create app with field flags creates the application and prints its uuid', async () => {
    const before = posts('/applications/public');
    const r = await runBin(
      [
        'create',
        'app',
        ...where(),
        '--git-repository',
        'https://github.com/acme/smoke-shop',
        '--git-branch',
        'main',
        '--build-pack',
        'nixpacks',
        '--ports-exposes',
        '3000',
      ],
      { env: env() },
    );
    expect(r.code).toBe(EXIT.ok);
    const uuid = /^uuid: ([0-9a-z-]+)$/m.exec(r.stdout)?.[1];
    expect(r.stderr).toContain(`Follow it: dms deployments ${uuid}`);
    expect(posts('/applications/public')).toBe(before + 1);
  });

  it('create docstore --save-credentials writes the answer to a new 0600 file; stdout hides the password', async () => {
    const file = join(tempDir('dms-smoke-creds-'), 'db.json');
    const r = await runBin(['create', 'docstore', ...where(), '--name', 'smoke-db', '--save-credentials', file], { env: env() });
    expect(r.code).toBe(EXIT.ok);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = /^docstore:\/\/root:([^@]+)@/.exec(String((JSON.parse(readFileSync(file, 'utf8')) as Row).internal_db_url))?.[1];
    expect(password).toMatch(/^[^•]{8,}$/);
    expect(r.stdout).toMatch(/^internal_db_url: docstore:\/\/root:••••@/m);
    expect(r.stdout + r.stderr).not.toContain(password);
  });

  it('context add, list, use and remove keep saved connections, never printing the token', async () => {
    const dir = tempDir('dms-smoke-ctx-');
    const ctx = (args: string[], input?: string) => runBin(['context', ...args], { env: { DMS_CONFIG_DIR: dir }, input });
    const add = await ctx(['add', 'smoke', '--url', e2e.demo.url], `${e2e.demo.token}\n`);
    expect(add.stdout).toMatch(/^Added context "smoke" .*the token was accepted/);
    expect((await ctx(['add', 'other', '--url', 'http://127.0.0.1:9/api/v1', '--no-verify'], '5|otherToken\n')).code).toBe(EXIT.ok);
    const list = await ctx(['list']);
    expect(lines(list.stdout).map((l) => l.replace(/\s+/g, ' '))).toEqual([
      `* smoke ${e2e.demo.url} token: set`,
      '  other http://127.0.0.1:9/api/v1 token: set'.replace(/\s+/g, ' '),
    ]);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect((await ctx(['use', 'other'])).code).toBe(EXIT.ok);
    const used = JSON.parse((await ctx(['list', '--json'])).stdout) as { name: string; current: boolean }[];
    expect(used.map((c) => [c.name, c.current])).toEqual([
      ['smoke', false],
      ['other', true],
    ]);
    expect((await ctx(['remove', 'other'])).code).toBe(EXIT.ok);
    const left = await ctx(['list']);
    expect(left.stdout).not.toContain('other');
    expect(add.stdout + add.stderr + list.stdout + left.stdout).not.toContain(e2e.demo.token.split('|')[1]!);
    // The context that is left connects.
    const read = await runBin(['deployments', SHOP_FRONTEND, '--take', '1', '--json', '--context', 'smoke'], {
      env: { DMS_CONFIG_DIR: dir },
    });
    expect((JSON.parse(read.stdout) as Row[]).map((d) => d.id)).toEqual([page[0]!.id]);
  });

  it('completion bash prints a script bash can read', async () => {
    const r = await runBin(['completion', 'bash']);
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout).toMatch(/^complete -F _dms_complete dms$/m);
    const bash = spawnSync('bash', ['-n'], { input: r.stdout, encoding: 'utf8' });
    expect({ status: bash.status, stderr: bash.stderr }).toEqual({ status: 0, stderr: '' });
  });
});

describe('network errors read right on every Node line', () => {
  it('a closed port on 127.0.0.1: "Cannot reach the server (connection refused)", exit 1', async () => {
    const r = await runBin(['deployments', SHOP_FRONTEND], {
      env: { DMS_URL: `${await closedPortUrl()}/api/v1`, DMS_TOKEN: '1|smokeToken' },
    });
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: EXIT.failure,
      stdout: '',
      stderr: 'dms: Cannot reach the server (connection refused). Check DMS_URL and that the server is up.\n',
    });
  });

  // A box without network may take its resolver's whole timeout (each try): a minute of its own.
  it('a host that does not resolve: "Cannot find the server (DNS lookup failed)", exit 1', { timeout: 90_000 }, async () => {
    const r = await runBin(['deployments', SHOP_FRONTEND], {
      env: { DMS_URL: 'http://dms-smoke.invalid/api/v1', DMS_TOKEN: '1|smokeToken' },
      timeoutMs: 85_000,
    });
    expect(r.code).toBe(EXIT.failure);
    expect(lines(r.stderr).at(-1)).toBe('dms: Cannot find the server (DNS lookup failed). Check DMS_URL and that the server is up.');
  });
});

describe('screens', () => {
  const browse = () => e2e.launch(`browse ${SHOP_FRONTEND}`, { width: 120, height: 36 });
  /** The deployments list, drawn: its page and its rows (the cursor `›`, a mark `*` in the gutter). */
  const listed = (s: string) => new RegExp(`1–\\d+ of ${count}`).test(s) && rows(s).length > 0;
  const rows = (s: string) =>
    s
      .split('\n')
      .filter((l) => /^[› ][* ]│/.test(l))
      .slice(1);
  const cursorOn = (id: unknown) => (s: string) => (rows(s).find((l) => l.startsWith('›')) ?? '').includes(`│ ${String(id)} │`);
  /** q quits from where the test left dms: exit 0 (and the terminal is free at once for the next test). */
  async function quit(t: TmuxSession): Promise<void> {
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/)).toContain('[exit 0]');
  }
  async function cursorTo(t: TmuxSession, row: Row): Promise<void> {
    for (let i = 0; i < page.indexOf(row); i++) t.keys('j');
    await t.waitFor(cursorOn(row.id));
  }

  it('the picker (dms with nothing configured: the embedded demo) lists the sample applications; Enter opens the first', async () => {
    const t = e2e.launch('', { width: 120, height: 36, env: { DMS_URL: undefined, DMS_TOKEN: undefined } });
    // Each application with its newest deployment (read in the background): a status mark, its age.
    const overview = new RegExp(`^ {2}\\S ${SHOP_FRONTEND} {2}shop-frontend {2}(\\d+[smhdwy] ago|just now) `, 'm');
    const picker = await t.waitFor(overview);
    expect(picker).toContain('DEMO — sample data');
    t.keys('Enter');
    const list = await t.waitFor((s) => /1–\d+ of \d+/.test(s) && rows(s).length > 0);
    expect(list).toContain(`app shop-frontend ${SHOP_FRONTEND}`);
    await quit(t);
  });

  it('Ctrl+T in the picker opens the board: a row per demo application; Esc goes back', async () => {
    const t = e2e.launch('', { width: 120, height: 36, env: { DMS_URL: undefined, DMS_TOKEN: undefined } });
    await t.waitFor('Open an application');
    t.keys('C-t');
    const board = await t.waitFor((s) => /\d+ applications · (none|\d+) running/.test(s) && /^[› ] \S \S+.* {2}shop-frontend/m.test(s));
    expect(board).toContain('Board: every recent application');
    t.keys('Escape');
    await t.waitFor('Open an application');
    t.keys('C-c');
    expect(await t.waitFor(/\[exit \d+\]/)).toContain('[exit 0]');
  });

  it('browse APP shows the deployments list, newest first', async () => {
    const t = browse();
    const list = await t.waitFor(listed);
    expect(list).toContain(`app shop-frontend ${SHOP_FRONTEND}`);
    expect(
      rows(list)
        .slice(0, page.length)
        .map((l) => /│ (\d+) │$/.exec(l.trimEnd())?.[1]),
    ).toEqual(page.map((d) => String(d.id)));
    await quit(t);
  });

  it('Enter opens the detail of the deployment under the cursor', async () => {
    const t = browse();
    await t.waitFor(listed);
    t.keys('Enter');
    const detail = await t.waitFor(`Deployment ${String(page[0]!.id)} ·`);
    expect(detail).toMatch(new RegExp(`^ {2}commit {6}${String(page[0]!.git_commit_sha)}$`, 'm'));
    await quit(t);
  });

  it('l opens the log of a finished deployment, at its end', async () => {
    const [done] = finished;
    const t = browse();
    await t.waitFor(listed);
    await cursorTo(t, done);
    t.keys('l');
    const log = await t.waitFor((s) => s.includes(`Log ${String(done.id)} · ✓ finished`) && s.includes('✓ The deployment finished after'));
    expect(log).toMatch(/\d+–(\d+) of \1 /);
    await quit(t);
  });

  it('S opens the stats of the whole history', async () => {
    const t = browse();
    await t.waitFor(listed);
    t.keys('S');
    const stats = await t.waitFor(`read all ${count}`);
    expect(stats).toContain(`Stats · shop-frontend · ${count} deployments`);
    expect(stats).toMatch(/^failure rate \d+% \(\d+ of \d+ ended\)/m);
    await quit(t);
  });

  it('F opens the failure clusters of the last 30 days', async () => {
    const t = browse();
    await t.waitFor(listed);
    t.keys('F');
    const clusters = await t.waitFor(/^read the last 30 days/m);
    expect(clusters).toMatch(/^Failure clusters · shop-frontend · \d+ failed in the last 30 days/m);
    expect(clusters).toMatch(/^› ×\d+ +\(/m);
    await quit(t);
  });

  it('D on the detail of a failed deployment opens its log against the last green build', async () => {
    const failed = page.find((d) => d.status === 'failed' && !d.pull_request_id);
    expect(failed, "the demo's first page holds a failed deployment").toBeDefined();
    const t = browse();
    await t.waitFor(listed);
    await cursorTo(t, failed!);
    t.keys('Enter');
    await t.waitFor(`Deployment ${String(failed!.id)} ·`);
    t.keys('D');
    const diff = await t.waitFor(
      new RegExp(`^Log of deployment ${String(failed!.id)} \\(\\+\\) against its last green build, deployment \\d+`, 'm'),
    );
    expect(diff).toMatch(/^Step \d+\/\d+: \w+ · /m);
    await quit(t);
  });

  it('Space marks a row, = on another compares the two', async () => {
    const [a, b] = [page[0]!, page[1]!];
    const t = browse();
    await t.waitFor(listed);
    t.keys('Space');
    await t.waitFor(`Marked deployment ${String(a.id)}`);
    t.keys('j');
    await t.waitFor(cursorOn(b.id));
    t.keys('=');
    const compare = await t.waitFor(`Comparing deployment ${String(a.id)} with deployment ${String(b.id)}`);
    expect(compare).toMatch(new RegExp(`^ {2}id\\s+${String(b.id)}\\s+${String(a.id)}\\s*$`, 'm'));
    await quit(t);
  });

  it('c opens the create-app wizard on its first field; Esc with input asks, d discards the draft and leaves', async () => {
    const config = tempDir('dms-smoke-wizard-');
    const draft = join(config, 'drafts', 'create-app.json');
    const t = e2e.launch(`browse ${SHOP_FRONTEND}`, { width: 120, height: 36, env: { DMS_CONFIG_DIR: config } });
    await t.waitFor(listed);
    t.keys('c');
    const form = await t.waitFor('Create application — step 1 of 9: Quick create');
    expect(form).toMatch(/^› Project \*/m);
    t.type('smoke-project');
    await t.waitFor(/^› Project \*\s+smoke-project/m);
    await until(() => existsSync(draft), 'the draft to be saved');
    t.keys('Escape');
    await t.waitFor('Leave the form?');
    t.keys('d');
    await t.waitFor(listed);
    await until(() => !existsSync(draft), 'the draft to be discarded');
    await quit(t);
  });

  it('d opens the docstore form on its first field; Esc leaves it at once when nothing was typed', async () => {
    const t = browse();
    await t.waitFor(listed);
    t.keys('d');
    const form = await t.waitFor('Create docstore database — step 1 of 4: Quick create');
    expect(form).toMatch(/^› Project \*/m);
    t.keys('Escape');
    const back = await t.waitFor(listed);
    expect(back).not.toContain('Leave the form?');
    await quit(t);
  });

  it('? shows help, Esc closes it, q quits: exit 0 and the terminal left as it was', async () => {
    const t = browse();
    await t.waitFor(listed);
    t.keys('?');
    await t.waitFor('Help — keys');
    t.keys('Escape');
    await t.waitFor((s) => listed(s) && !s.includes('Help — keys'));
    t.keys('q');
    const after = await t.waitFor(/\[exit \d+\]/);
    expect(after).toContain('[exit 0]');
    expect(after).not.toMatch(/ of \d+/);
  });
});
