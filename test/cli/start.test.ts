// Starting from what people have (issue 24): a headless read adds the application to recents
// (the picker and shell completion then offer it), and APP may be the address of the
// application's or a deployment's page on the service.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { loadRecents } from '../../src/config/recents.js';
import { runBin } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';
import { json, respondWith, type HostileServer } from '../support/hostile.js';
import { runInProcess } from '../support/headless.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
let env: Record<string, string>;
let origin: string;
let host: string;
let hostile: HostileServer;
const TOKEN = '7|hostiletokenvalue';

beforeAll(async () => {
  env = demo.env;
  origin = demo.origin;
  host = demo.host;
  // One row whose application_name is hostile: an escape sequence, invisible characters, the token (whole and split by controls), a URL password.
  hostile = await respondWith(
    json(200, {
      count: 1,
      deployments: [
        {
          id: 1,
          deployment_uuid: 'dep1',
          status: 'finished',
          commit: 'HEAD',
          created_at: '2026-01-01T00:00:00Z',
          application_name: `\u001b]0;title\u0007sh\u200bop\u001b[31m ${TOKEN} 7|hostile\u0000token\u0085value https://u:pw-secret@db.example.com`,
        },
      ],
    }),
  );
});
afterAll(async () => {
  await hostile.close();
});

const snapshotApp = () => demo.seed.applications.find((a) => a.shape !== 'queue')!;
const queueApp = () => demo.seed.applications.find((a) => a.shape === 'queue')!;
const recentsOf = (dir: string) => loadRecents(dir, origin);
const page = (uuid: string) => `${origin}/project/p1/environment/e1/application/${uuid}`;
const sentSince = (n: number) => demo.requests.slice(n).length;

describe('a headless read adds the application to recents', () => {
  it('dms deployments, --json, --all and dms logs each record it, named from its rows; shell completion offers it; a failed read records nothing', async () => {
    const dir = tempDir('dms-recents-headless-');
    const e = { ...env, DMS_CONFIG_DIR: dir };
    const snap = snapshotApp();
    const queue = queueApp();
    expect((await runBin(['deployments', snap.uuid], { env: e })).code).toBe(0);
    expect(recentsOf(dir).map((r) => [r.uuid, r.name])).toEqual([[snap.uuid, snap.name]]);
    expect((await runBin(['deployments', queue.uuid, '--json', '--take', '2'], { env: e })).code).toBe(0);
    expect(recentsOf(dir).map((r) => [r.uuid, r.name])).toEqual([
      [queue.uuid, queue.name],
      [snap.uuid, snap.name],
    ]);
    const other = demo.seed.applications.find((a) => a !== snap && a !== queue)!;
    expect((await runBin(['deployments', other.uuid, '--all', '--limit', '3', '-o', 'ndjson'], { env: e })).code).toBe(0);
    expect(recentsOf(dir)[0]).toMatchObject({ uuid: other.uuid, name: other.name });
    expect((await runBin(['logs', queue.uuid], { env: e })).code).toBe(0);
    expect(recentsOf(dir)[0]).toMatchObject({ uuid: queue.uuid, name: queue.name });
    // Shell completion reads the same recents for the same server (DMS_URL).
    const completed = await runBin(['__complete', 'fish', '--', 'logs', ''], { env: e });
    expect(completed.stdout.split('\n')).toEqual(
      expect.arrayContaining([`${queue.uuid}\t${queue.name}`, `${snap.uuid}\t${snap.name}`, `${other.uuid}\t${other.name}`]),
    );
    // The token is never in the file.
    expect(readFileSync(join(dir, 'recents.json'), 'utf8')).not.toContain(demo.token.split('|')[1]!);
    // A read that fails records nothing.
    const before = recentsOf(dir).map((r) => r.uuid);
    expect((await runBin(['deployments', 'no-such-application'], { env: e })).code).toBe(4);
    expect(recentsOf(dir).map((r) => r.uuid)).toEqual(before);
  });

  it('a recents file that cannot be written does not fail the command (said with DMS_DEBUG=1 only)', async () => {
    const dir = tempDir('dms-recents-unwritable-');
    mkdirSync(join(dir, 'recents.json')); // a folder where the file goes: every write fails
    const app = snapshotApp().uuid;
    const plain = await runBin(['deployments', app], { env: { ...env, DMS_CONFIG_DIR: dir } });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/137 deployments; showing 1–10\n$/);
    expect(plain.stderr).not.toMatch(/recents/);
    const debug = await runBin(['deployments', app], { env: { ...env, DMS_CONFIG_DIR: dir, DMS_DEBUG: '1' } });
    expect(debug.code).toBe(0);
    expect(debug.stderr).toContain(`dms: debug: ${app} not kept in recents: E`);
  });

  it('keeps the name cleaned: no escape sequences, invisible characters, token or URL password', async () => {
    const dir = tempDir('dms-recents-hostile-');
    const r = await runInProcess(
      ['deployments', 'app-1'],
      { baseUrl: `${hostile.url}/api/v1`, token: TOKEN, retries: 0 },
      { configDir: dir },
    );
    expect(r.code).toBe(0);
    const [entry] = loadRecents(dir, 'localhost');
    expect(entry?.uuid).toBe('app-1');
    expect(entry?.name).toBe('shop [token] [token] https://u:••••@db.example.com');
    const text = readFileSync(join(dir, 'recents.json'), 'utf8');
    expect(text).not.toMatch(/hostiletokenvalue|pw-secret|\\u001b|\u200b/);
  });
});

describe("APP as the address of the application's page", () => {
  it("dms deployments reads the uuid from the address, on the connection's host", async () => {
    const app = snapshotApp().uuid;
    const ids = (r: { stdout: string }) => (JSON.parse(r.stdout) as { id: number }[]).map((d) => d.id);
    const byUuid = await runBin(['deployments', app, '--json', '--skip', '5', '--take', '5'], { env });
    const byAddress = await runBin(['deployments', `${page(app)}/deployment/xyz`, '--json', '--skip', '5', '--take', '5'], { env });
    expect(byAddress.code).toBe(0);
    expect(ids(byAddress)).toHaveLength(5);
    expect(ids(byAddress)).toEqual(ids(byUuid));
  });

  it('another host: exit 2, one line naming both hosts, nothing sent', async () => {
    const before = demo.requests.length;
    const r = await runBin(['deployments', `https://deploy.example.com/project/p/environment/e/application/${snapshotApp().uuid}`], {
      env,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `dms: the address is on deploy.example.com, but this connection uses ${host}: open the page on ${host}, or connect to deploy.example.com (--url, --context).\n`,
    );
    expect(sentSince(before)).toBe(0);
  });

  it('credentials, other schemes, encoded slashes and odd uuids: exit 2, one line, nothing echoed or sent', async () => {
    const before = demo.requests.length;
    const cases: [string[], RegExp][] = [
      [['deployments', `http://admin:hunter2@${host}/application/${snapshotApp().uuid}`], /user name or password \(not repeated here\)/],
      [['logs', `ftp://${host}/application/abc`], /must start with http:\/\/ or https:\/\/ \(not ftp:\)/],
      [['deployments', `${origin}/application/a%2Fb`], /encoded \/ or \\/],
      [['logs', `${origin}/application/a_b`], /not a plain uuid/],
      [['browse', `http://u:hunter2@${host}/application/abc`], /user name or password/],
    ];
    for (const [argv, message] of cases) {
      const r = await runBin(argv, { env });
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).not.toContain('hunter2');
      expect(r.stderr).not.toContain('admin');
    }
    expect(sentSince(before)).toBe(0);
  });

  it("dms logs with a deployment's address prints that deployment's log; with a DEPLOYMENT too it is a usage error", async () => {
    const app = queueApp().uuid;
    const client = createClient({ baseUrl: demo.url, token: demo.token });
    const rows = (await client.listDeployments(app, { skip: 0, take: 5 })).deployments as Record<string, unknown>[];
    const older = rows[3]!;
    const address = `${origin}${String(older.deployment_url)}`;
    expect(address).toContain(`/application/${app}/deployment/`);
    const byAddress = await runBin(['logs', address], { env });
    const byId = await runBin(['logs', app, String(older.id)], { env });
    expect(byAddress.code).toBe(0);
    expect(byAddress.stdout).not.toBe('');
    expect(byAddress.stdout).toBe(byId.stdout);
    const both = await runBin(['logs', address, String(older.id)], { env });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/^dms: the address is a deployment's page, which names the deployment: leave out DEPLOYMENT/);
  });

  it('recents get the uuid, never the address', async () => {
    const dir = tempDir('dms-recents-address-');
    const app = snapshotApp();
    expect((await runBin(['deployments', page(app.uuid)], { env: { ...env, DMS_CONFIG_DIR: dir } })).code).toBe(0);
    expect(recentsOf(dir).map((r) => r.uuid)).toEqual([app.uuid]);
    expect(readFileSync(join(dir, 'recents.json'), 'utf8')).not.toContain('/project/');
  });
});
