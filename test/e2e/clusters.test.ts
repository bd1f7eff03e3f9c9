// The failure clusters (F on the deployments list), with the built binary in a real terminal (tmux)
// and NO_COLOR=1: the last 30 days' failed deployments grouped by reason, the cursor moved with j/k,
// Enter back on the list showing only that cluster's deployments (said in the header; Esc shows the
// page again), a token without logs counted as "no log", and a reading that waits stopped by Esc
// with what was read kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { json, respondWith, type HostileServer } from '../support/hostile.js';

const e2e = setUpDemo('clusters');
let configDir: string;
const servers: HostileServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});
const APP = 'a1b2c3d4-0000-4000-8000-000000000001';

beforeAll(() => {
  configDir = tempDir('dms-e2e-clusters-');
});

const appNamed = (name: string) => e2e.demo.seed.applications.find((a) => a.name === name)!.uuid;

function launch(app: string, width: number, height: number, options: { token?: string } = {}): TmuxSession {
  const service = e2e.demo;
  return e2e.launch(`browse ${app}`, {
    width,
    height,
    env: { DMS_URL: service.url, DMS_TOKEN: options.token ?? service.token, DMS_CONFIG_DIR: configDir, NO_COLOR: '1' },
  });
}

const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
/** A cluster's line: the cursor mark, `×N`, its ages, its reason. */
const CLUSTER = /^[› ] ×\d+ +\((?:last [^,]+, first [^)]+|[^)]+)\) +(.+)$/;

function expectFits(screen: string, width: number, height: number): void {
  const all = lines(screen);
  expect(all.length).toBeLessThanOrEqual(height);
  for (const l of all) expect([...l].length, l).toBeLessThanOrEqual(width);
}

describe('F opens the failure clusters over the list', () => {
  it(
    'the clusters of the last 30 days, newest first; j moves; Enter lists that cluster’s deployments, Esc shows the page again',
    { timeout: 60_000 },
    async () => {
      const t = launch(appNamed('shop-frontend'), 120, 30);
      await t.waitFor(/1–\d+ of \d+/, 20_000);
      t.keys('F');
      const screen = await t.waitFor(/^read the last 30 days \(\d+ deployments\)/m, 30_000);
      expectFits(screen, 120, 30);
      expect(lines(screen)[0]).toMatch(/^Failure clusters · shop-frontend · \d+ failed in the last 30 days · \d+ clusters?/);
      const clusters = lines(screen).filter((l) => CLUSTER.test(l));
      expect(clusters.length).toBeGreaterThan(1);
      expect(clusters[0]).toMatch(/^›/);
      expect(screen).toMatch(/Enter its deployments/);
      // The second cluster: its count and reason.
      t.keys('j');
      const moved = await t.waitFor((s) => lines(s).some((l) => l.startsWith('› ') && l === `› ${clusters[1]!.slice(2)}`), 10_000);
      const line = lines(moved).find((l) => l.startsWith('› '))!;
      const count = Number(/×(\d+)/.exec(line)![1]);
      const reason = CLUSTER.exec(line)![1]!;
      t.keys('Enter');
      const list = await t.waitFor(new RegExp(`results 1–${count} of ${count} · failed: `), 10_000);
      // The header says which cluster; the rows are its deployments, all failed.
      expect(list).toContain(`of ${count} · failed: ${reason.slice(0, 30)}`);
      expect(list.match(/│ ✗ failed +│/g)).toHaveLength(count);
      // Enter opens the deployment under the cursor, fetched whole; Esc comes back to the cluster's list.
      const first = /│ ✗ failed +│.*│ (\d+) │$/m.exec(list)![1]!;
      t.keys('Enter');
      await t.waitFor(new RegExp(`^Deployment ${first} · `, 'm'), 10_000);
      t.keys('Escape');
      // The list again (the detail shows the same header: the list's footer tells them apart).
      const results = new RegExp(`results 1–${count} of ${count} · failed: `);
      await t.waitFor((s) => results.test(s) && /Enter details/.test(s) && !/^Deployment \d+ · /m.test(s), 10_000);
      t.keys('Escape');
      const page = await t.waitFor(/^1–\d+ of \d+ /m, 10_000);
      expect(page).not.toContain('failed with “');
    },
  );

  it('a token that may not read logs: the failures counted as one "no log" cluster; ? lists the keys', { timeout: 60_000 }, async () => {
    const t = launch(appNamed('shop-frontend'), 100, 24, { token: e2e.demo.tokenNoLogs });
    await t.waitFor(/1–\d+ of \d+/, 20_000);
    t.keys('F');
    const screen = await t.waitFor(/^read the last 30 days/m, 30_000);
    const clusters = lines(screen).filter((l) => CLUSTER.test(l));
    expect(clusters).toHaveLength(1);
    expect(clusters[0]).toMatch(/\(no log: the server sent none/);
    expectFits(screen, 100, 24);
    // ? lists the view's keys; Esc closes help, then goes back to the list.
    t.keys('?');
    const help = await t.waitFor(/next cluster/, 10_000);
    expect(help).toMatch(/Enter +back to the list, showing only this cluster's deployments/);
    t.keys('Escape');
    await t.waitFor(/^read the last 30 days/m, 10_000);
    t.keys('Escape');
    await t.waitFor(/1–\d+ of \d+/, 10_000);
  });

  it(
    'a reading that waits: the clusters so far as rows arrive; Esc stops it and keeps them, Esc again goes back',
    { timeout: 60_000 },
    async () => {
      // 1,000 deployments a minute apart (all in the window); every 5th failed. The first page of
      // each reading is answered; a later one never is, so the reading waits until Esc.
      const now = Date.now();
      const rows = Array.from({ length: 1000 }, (_, i) => {
        const id = 1000 - i;
        const failed = id % 5 === 0;
        const message = `Command execution failed (exit code 1): npm run build\nError: Cannot find module '@acme/ui' from /tmp/build-${id}`;
        const logs = ['========================================', `Deployment failed: ${message}`].map((output) => ({
          command: null,
          output,
          type: 'stderr',
          hidden: false,
          batch: 1,
        }));
        return {
          id,
          status: failed ? 'failed' : 'finished',
          created_at: new Date(now - i * 60_000).toISOString(),
          ...(failed ? { logs: JSON.stringify(logs) } : {}),
        };
      });
      const server = await respondWith((req, res, raw) => {
        const skip = Number(req.query.get('skip') ?? 0);
        if (skip > 0) return; // never answered
        const take = Number(req.query.get('take') ?? 10);
        return json(200, JSON.stringify({ count: rows.length, deployments: rows.slice(0, take) }))(req, res, raw);
      });
      servers.push(server);
      const t = e2e.launch(`browse ${APP}`, {
        width: 100,
        height: 24,
        env: { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '7|hostiletokensecret', DMS_CONFIG_DIR: configDir, NO_COLOR: '1' },
      });
      await t.waitFor(/1–\d+ of 1,000/, 20_000);
      t.keys('F');
      const reading = await t.waitFor(/^reading ([\d,]+) of 1,000 — Esc stops \(the clusters so far stay\)/m, 20_000);
      const read = /^reading ([\d,]+)/m.exec(reading)![1]!;
      expect(Number(read.replace(/,/g, ''))).toBeLessThan(1000);
      t.keys('Escape');
      const stopped = await t.waitFor(new RegExp(`^stopped at ${read} of 1,000 — the clusters are of the newest ${read}`, 'm'), 10_000);
      // The build folder folded: one cluster, every 5th row read.
      const n = Number(read.replace(/,/g, ''));
      expect(stopped).toMatch(
        new RegExp(`^› ×${Math.floor(n / 5)} +\\(last just now, first .+\\) +Cannot find module '@acme/ui' from <path>$`, 'm'),
      );
      t.keys('Escape');
      await t.waitFor(/1–\d+ of 1,000/, 10_000);
    },
  );
});
