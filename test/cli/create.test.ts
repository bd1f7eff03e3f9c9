import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDemoService, type DemoService } from '../../src/demo/server.js';
import { runBin } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';

let demo: DemoService;
let env: Record<string, string>;
const dir = tempDir('dms-bodies-');

beforeAll(async () => {
  demo = await startDemoService({ deployStepMs: 50 });
  env = { DMS_URL: demo.url, DMS_TOKEN: demo.token };
});
afterAll(() => demo.close());

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
    const file = bodyFile('app.json', { ...where(), git_repository: 'https://github.com/acme/shop', git_branch: 'main', build_pack: 'nixpacks', ports_exposes: '3000' });
    const r = await runBin(['create', 'app', '--file', file], { env });
    expect(r.stderr).toBe(r.stderr); // stderr carries the follow-up hint
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^uuid: [0-9a-z-]+$/m);
  });

  it('with instant_deploy, the new deployment is listed and finishes', async () => {
    const file = bodyFile('app-deploy.json', { ...where(), git_repository: 'https://github.com/acme/api', git_branch: 'main', build_pack: 'nixpacks', instant_deploy: true, domains: 'https://api-instant.example.com' });
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
    const file = bodyFile('bad.json', { project_uuid: 'p', git_repository: 'nope', build_pack: 'docker', ports_exposes: '70000', colour: 'red' });
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
    const unknown = bodyFile('unknown.json', { ...where(), project_uuid: 'no-such-project', git_repository: 'https://github.com/a/b', git_branch: 'main', build_pack: 'nixpacks' });
    const r404 = await runBin(['create', 'app', '--file', unknown], { env });
    expect(r404.code).toBe(4);
    expect(r404.stderr).toMatch(/Project not found/);

    const domain = { ...where(), git_repository: 'https://github.com/a/b', git_branch: 'main', build_pack: 'nixpacks', domains: 'https://taken.example.com' };
    expect((await runBin(['create', 'app', '--file', bodyFile('d1.json', domain)], { env })).code).toBe(0);
    const r409 = await runBin(['create', 'app', '--file', bodyFile('d2.json', domain)], { env });
    expect(r409.code).toBe(5);
    expect(r409.stderr).toMatch(/taken\.example\.com|in use/);
  });
});

describe('dms create docstore --file', () => {
  it('creates a docstore, base64-encodes --conf-file and masks the connection URLs', async () => {
    const conf = join(dir, 'docstore.conf');
    writeFileSync(conf, 'storage:\n  engine: wiredTiger\n');
    const file = bodyFile('db.json', { ...where(), name: 'orders-db', is_public: true, public_port: 27018 });
    const r = await runBin(['create', 'docstore', '--file', file, '--conf-file', conf], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^uuid: /m);
    // Only the password is hidden: user, host, port and options stay readable.
    expect(r.stdout).toMatch(/^internal_db_url: docstore:\/\/root:••••@[0-9a-f-]{36}:27017\/\?directConnection=true$/m);
    expect(r.stdout).not.toMatch(/docstore:\/\/root:[^•]/);
    expect(r.stderr).toMatch(/--show-secrets/);
    expect(r.stderr).toMatch(/--save-credentials/);

    const shown = await runBin(['create', 'docstore', '--file', file, '--conf-file', conf, '--show-secrets'], { env });
    expect(shown.stdout).toMatch(/^internal_db_url: docstore:\/\/root:[^•\s]+@/m);
  });

  it('--conf-file with docstore_conf already in the body exits 2', async () => {
    const file = bodyFile('db2.json', { ...where(), docstore_conf: 'YQ==' });
    const r = await runBin(['create', 'docstore', '--file', file, '--conf-file', file], { env });
    expect(r.code).toBe(2);
  });

  it('a public docstore without public_port is stopped locally', async () => {
    const file = bodyFile('db3.json', { ...where(), is_public: true });
    const r = await runBin(['create', 'docstore', '--file', file], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/public_port: is required when is_public/);
  });
});
