import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { json, serversClosedAfterEach } from '../support/hostile.js';
import { runBin } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService({ deployStepMs: 50 });
let env: Record<string, string>;
const dir = tempDir('dms-bodies-');

beforeAll(async () => {
  env = demo.env;
});

function where() {
  const project = demo.seed.projects[0]!;
  const env = demo.seed.environments.find((e) => e.project_uuid === project.uuid)!;
  return { project_uuid: project.uuid, server_uuid: demo.seed.servers[0]!.uuid, environment_name: env.name };
}

function bodyFile(name: string, body: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
}

const posts = () => demo.requests.filter((r) => r.method === 'POST').length;

describe('dms create app --file', () => {
  it('creates the application and prints its uuid', async () => {
    const file = bodyFile('app.json', {
      ...where(),
      git_repository: 'https://github.com/acme/shop',
      git_branch: 'main',
      build_pack: 'nixpacks',
      ports_exposes: '3000',
    });
    const r = await runBin(['create', 'app', '--file', file], { env });
    expect(r.code).toBe(0);
    const uuid = /^uuid: ([0-9a-z-]+)$/m.exec(r.stdout)?.[1];
    expect(uuid).toBeDefined();
    // The whole answer: domains too; the follow-up command on stderr.
    expect(r.stdout).toMatch(/^domains: http:\/\/\S+$/m);
    expect(r.stderr).toContain(`Follow it: dms deployments ${uuid}`);
  });

  it('with instant_deploy, the new deployment is listed and finishes', async () => {
    const file = bodyFile('app-deploy.json', {
      ...where(),
      git_repository: 'https://github.com/acme/api',
      git_branch: 'main',
      build_pack: 'nixpacks',
      instant_deploy: true,
      domains: 'https://api-instant.example.com',
    });
    const r = await runBin(['create', 'app', '--file', file, '--json'], { env });
    expect(r.code).toBe(0);
    const { uuid } = JSON.parse(r.stdout) as { uuid: string };
    let status = '';
    for (let i = 0; i < 60 && !['finished', 'failed'].includes(status); i++) {
      const list = JSON.parse((await runBin(['deployments', uuid, '--json'], { env })).stdout) as { status: string }[];
      expect(list).toHaveLength(1);
      status = list[0]!.status;
      if (!['finished', 'failed'].includes(status)) await new Promise((res) => setTimeout(res, 100));
    }
    expect(['finished', 'failed']).toContain(status);
  });

  it('reads the body from stdin with --file -', async () => {
    const body = JSON.stringify({ ...where(), git_repository: 'git@github.com:acme/stdin.git', git_branch: 'main', build_pack: 'static' });
    const r = await runBin(['create', 'app', '--file', '-'], { env, input: body });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^uuid: /m);
  });

  it('an invalid body exits 2, names every bad field and sends nothing', async () => {
    const before = posts();
    const file = bodyFile('bad.json', {
      project_uuid: 'p',
      git_repository: 'nope',
      build_pack: 'docker',
      ports_exposes: '70000',
      colour: 'red',
    });
    const r = await runBin(['create', 'app', '--file', file], { env });
    expect(r.code).toBe(2);
    for (const field of ['server_uuid', 'git_repository', 'git_branch', 'build_pack', 'ports_exposes', 'colour', 'environment_name']) {
      expect(r.stderr).toContain(`${field}:`);
    }
    expect(r.stderr).toMatch(/nothing was sent/);
    expect(posts()).toBe(before);
  });

  it('a file that is not JSON, or missing, exits 2 with one line', async () => {
    for (const file of [bodyFile('garbage.json', '{ not json'), join(dir, 'missing.json')]) {
      const r = await runBin(['create', 'app', '--file', file], { env });
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('an unknown project exits 4; a taken domain exits 5', async () => {
    const unknown = bodyFile('unknown.json', {
      ...where(),
      project_uuid: 'no-such-project',
      git_repository: 'https://github.com/a/b',
      git_branch: 'main',
      build_pack: 'nixpacks',
    });
    const r404 = await runBin(['create', 'app', '--file', unknown], { env });
    expect(r404.code).toBe(4);
    expect(r404.stderr).toMatch(/Project not found/);

    const domain = {
      ...where(),
      git_repository: 'https://github.com/a/b',
      git_branch: 'main',
      build_pack: 'nixpacks',
      domains: 'https://taken.example.com',
    };
    expect((await runBin(['create', 'app', '--file', bodyFile('d1.json', domain)], { env })).code).toBe(0);
    const r409 = await runBin(['create', 'app', '--file', bodyFile('d2.json', domain)], { env });
    expect(r409.code).toBe(5);
    expect(r409.stderr).toMatch(/taken\.example\.com|in use/);
    // The way past it is named as the flag that sends it.
    expect(r409.stderr).toMatch(/--force-domain-override/);
  });
});

describe('dms create docstore --file', () => {
  it('creates a docstore, base64-encodes --conf-file and masks the connection URLs', async () => {
    const conf = join(dir, 'docstore.conf');
    writeFileSync(conf, 'storage:\n  engine: wiredTiger\n');
    const file = bodyFile('db.json', { ...where(), name: 'orders-db', is_public: true, public_port: 27018 });
    const r = await runBin(['create', 'docstore', '--file', file, '--conf-file', conf, '--discard-credentials'], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^uuid: /m);
    // Only the password is hidden: user, host, port and options stay readable.
    expect(r.stdout).toMatch(/^internal_db_url: docstore:\/\/root:••••@[0-9a-f-]{36}:27017\/\?directConnection=true$/m);
    expect(r.stdout).not.toMatch(/docstore:\/\/root:[^•]/);
    expect(r.stderr).toBe('The root password is hidden (••••) in the URLs above and was not kept (--discard-credentials).\n');

    const shown = await runBin(['create', 'docstore', '--file', file, '--conf-file', conf, '--show-secrets'], { env });
    expect(shown.stdout).toMatch(/^internal_db_url: docstore:\/\/root:[^•\s]+@/m);
  });

  it('--conf-file with docstore_conf already in the body exits 2', async () => {
    const file = bodyFile('db2.json', { ...where(), docstore_conf: 'YQ==' });
    const r = await runBin(['create', 'docstore', '--file', file, '--conf-file', file, '--discard-credentials'], { env });
    expect(r.code).toBe(2);
  });

  it('a public docstore without public_port is stopped locally', async () => {
    const file = bodyFile('db3.json', { ...where(), is_public: true });
    const r = await runBin(['create', 'docstore', '--file', file, '--discard-credentials'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/public_port: is required when is_public/);
  });
});

/** The where-fields as flags. */
function whereFlags(): string[] {
  const w = where();
  return ['--project-uuid', w.project_uuid, '--server-uuid', w.server_uuid, '--environment-name', w.environment_name];
}

describe('dms create by flags', () => {
  it('field flags alone create an application, with no file', async () => {
    const r = await runBin(
      [
        'create',
        'app',
        ...whereFlags(),
        '--git-repository',
        'git@github.com:acme/flags.git',
        '--git-branch',
        'main',
        '--build-pack',
        'nixpacks',
        '--ports-exposes',
        '3000',
        '--no-instant-deploy',
      ],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^uuid: [0-9a-f-]{36}$/m);
    expect(r.stdout).toMatch(/^domains: /m);
  });

  it('flags win over --file: a domain in use is answered by --force-domain-override, --domains "" leaves the file\'s out', async () => {
    const body = {
      ...where(),
      git_repository: 'https://github.com/acme/merge',
      git_branch: 'main',
      build_pack: 'nixpacks',
      domains: 'https://merge-taken.example.com',
    };
    expect((await runBin(['create', 'app', '--file', bodyFile('m1.json', body)], { env })).code).toBe(0);
    const file = bodyFile('m2.json', body);
    expect((await runBin(['create', 'app', '--file', file], { env })).code).toBe(5);
    const forced = await runBin(['create', 'app', '--file', file, '--force-domain-override'], { env });
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/^domains: https:\/\/merge-taken\.example\.com$/m);
    const without = await runBin(['create', 'app', '--file', file, '--domains', ''], { env });
    expect(without.code, without.stderr).toBe(0);
    expect(without.stdout).toMatch(/^domains: http:\/\/[0-9a-f-]{36}\./m);
  });

  it('a misspelt flag names the closest field; an integer flag that is not one is named with every other problem; nothing is sent', async () => {
    const before = posts();
    const typo = await runBin(['create', 'docstore', ...whereFlags(), '--publik-port', '27018', '--discard-credentials'], { env });
    expect(typo.code).toBe(2);
    expect(typo.stderr.trim()).toBe(
      "dms: --publik-port is not a field of a docstore request; the closest is --public-port. Run dms create docstore --help for every field's flag.",
    );
    const other = await runBin(['create', 'app', ...whereFlags(), '--public-port', '80'], { env });
    expect(other.stderr).toMatch(/--public-port is not a field of an application request; the closest is --ports-exposes/);
    const bad = await runBin(['create', 'app', '--project-uuid', where().project_uuid, '--health-check-retries', '3.5'], { env });
    expect(bad.code).toBe(2);
    for (const field of [
      'health_check_retries: must be a whole number',
      'server_uuid:',
      'git_repository:',
      'git_branch:',
      'build_pack:',
      'environment_name:',
    ]) {
      expect(bad.stderr).toContain(field);
    }
    expect(posts()).toBe(before);
  });

  it('--example prints a body with every field that, with the where-uuids filled in, creates an application', async () => {
    const r = await runBin(['create', 'app', '--example'], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/dms create app --file body\.json/);
    const body = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(body).length).toBeGreaterThan(60);
    Object.assign(body, where());
    delete body.environment_uuid;
    delete body.destination_uuid;
    // Its domain is the demo's shop: taken, so the override flag is what sends it.
    const sent = await runBin(['create', 'app', '--file', bodyFile('example.json', body), '--force-domain-override'], { env });
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(/^uuid: /m);
  });
});

describe('dms create docstore --save-credentials', () => {
  const modeOf = (path: string) => statSync(path).mode & 0o777;

  it('writes the whole answer, password in clear, to a new 0600 file; the screen stays masked', async () => {
    const file = join(tempDir('dms-creds-'), 'orders.json');
    const r = await runBin(['create', 'docstore', ...whereFlags(), '--name', 'orders', '--save-credentials', file], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(modeOf(file)).toBe(0o600);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { uuid: string; internal_db_url: string };
    expect(saved.internal_db_url).toMatch(/^docstore:\/\/root:[^•@]+@/);
    // The same masking as the form's: only the password hidden.
    expect(r.stdout).toContain(`uuid: ${saved.uuid}`);
    expect(r.stdout).toContain(`internal_db_url: ${saved.internal_db_url.replace(/root:[^@]+@/, 'root:••••@')}`);
    expect(r.stderr).toMatch(/Saved the answer, root password included, to .*orders\.json \(mode 0600\)/);
  });

  it('the drafts folder, a symlink, an existing file and an application are refused before anything is sent', async () => {
    const config = tempDir('dms-cfg-');
    const out = tempDir('dms-creds-');
    const before = posts();
    const drafts = await runBin(['create', 'docstore', ...whereFlags(), '--save-credentials', join(config, 'drafts', 'c.json')], {
      env: { ...env, DMS_CONFIG_DIR: config },
    });
    expect(drafts.code).toBe(2);
    expect(drafts.stderr).toMatch(/is in the drafts folder; choose another place\. Nothing was sent\./);
    expect(existsSync(join(config, 'drafts', 'c.json'))).toBe(false);

    const target = join(out, 'target.txt');
    writeFileSync(target, 'precious');
    symlinkSync(target, join(out, 'link.json'));
    const link = await runBin(['create', 'docstore', ...whereFlags(), '--save-credentials', join(out, 'link.json')], { env });
    expect(link.code).toBe(2);
    expect(link.stderr).toMatch(/is a symbolic link; dms never writes through one/);
    expect(readFileSync(target, 'utf8')).toBe('precious');

    const existing = await runBin(['create', 'docstore', ...whereFlags(), '--save-credentials', target], { env });
    expect(existing.code).toBe(2);
    expect(existing.stderr).toMatch(/already exists/);

    const app = await runBin(['create', 'app', ...whereFlags(), '--save-credentials', join(out, 'x.json')], { env });
    expect(app.code).toBe(2);
    expect(posts()).toBe(before);
  });
});

describe('a headless dms create docstore says first what becomes of the root password', () => {
  const serve = serversClosedAfterEach(afterEach);
  const ANSWER = { uuid: 'db-1', internal_db_url: 'docstore://root:s3cretRootPw@db-1:27017/?directConnection=true' };
  const hostileEnv = (url: string) => ({ DMS_URL: `${url}/api/v1`, DMS_TOKEN: '5|credsTestToken' });
  const flags = ['--project-uuid', 'p1', '--server-uuid', 's1', '--environment-name', 'production'];

  it.each([
    ['field flags', flags],
    ['--file', ['--file', 'BODY']],
    ['--file and --json', ['--file', 'BODY', '--json']],
    ['--file - (stdin)', ['--file', '-']],
  ])('without --save-credentials, --show-secrets or --discard-credentials (%s): exit 2, no request at all', async (_name, args) => {
    const s = await serve(json(201, ANSWER));
    const body = bodyFile('creds.json', { project_uuid: 'p1', server_uuid: 's1', environment_name: 'production' });
    const r = await runBin(['create', 'docstore', ...args.map((a) => (a === 'BODY' ? body : a))], {
      env: hostileEnv(s.url),
      input: JSON.stringify({ project_uuid: 'p1', server_uuid: 's1', environment_name: 'production' }),
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      "dms: the server sends the new database's root password only once, in its answer: say what becomes of it with --save-credentials FILE (a new file, mode 0600), --show-secrets (printed in clear), or --discard-credentials (hidden, and lost). Nothing was sent.\n",
    );
    expect(s.total()).toBe(0);
  });

  it('--discard-credentials sends once and prints the URLs masked; with --json too', async () => {
    const s = await serve(json(201, ANSWER));
    const r = await runBin(['create', 'docstore', ...flags, '--discard-credentials'], { env: hostileEnv(s.url) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('internal_db_url: docstore://root:••••@db-1:27017/?directConnection=true');
    expect(r.stderr).toMatch(/was not kept \(--discard-credentials\)/);
    const j = await runBin(['create', 'docstore', ...flags, '--discard-credentials', '--json'], { env: hostileEnv(s.url) });
    expect(j.code, j.stderr).toBe(0);
    expect(JSON.parse(j.stdout)).toMatchObject({ uuid: 'db-1', internal_db_url: 'docstore://root:••••@db-1:27017/?directConnection=true' });
    expect(r.stdout + r.stderr + j.stdout + j.stderr).not.toContain('s3cretRootPw');
    expect(s.hitsOf('POST', '/api/v1/databases/docstore')).toBe(2);
  });

  it('--discard-credentials with a way to keep it, on an application, or with the form: exit 2, nothing sent', async () => {
    const s = await serve(json(201, ANSWER));
    const out = tempDir('dms-creds-');
    const cases: [string[], RegExp][] = [
      [
        ['docstore', ...flags, '--discard-credentials', '--show-secrets'],
        /--discard-credentials keeps nothing, and --save-credentials and --show-secrets keep the password: give one or the other/,
      ],
      [['docstore', ...flags, '--discard-credentials', '--save-credentials', join(out, 'c.json')], /give one or the other/],
      [['app', ...flags, '--discard-credentials'], /--discard-credentials goes with dms create docstore/],
      [['docstore', '--from', bodyFile('from.json', {}), '--discard-credentials'], /--discard-credentials goes with --file or field flags/],
      [['docstore', ...flags, '--discard-credential'], /did you mean --discard-credentials\?/],
    ];
    for (const [args, message] of cases) {
      const r = await runBin(['create', ...args], { env: hostileEnv(s.url) });
      expect([args, r.code]).toEqual([args, 2]);
      expect(r.stderr).toMatch(message);
    }
    expect(s.total()).toBe(0);
  });
});
