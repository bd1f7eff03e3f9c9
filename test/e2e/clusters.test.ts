// The failure clusters (F on the deployments list), with the built binary in a real terminal (tmux)
// and NO_COLOR=1: the last 30 days' failed deployments grouped by reason, the cursor moved with j/k,
// Enter back on the list showing only that cluster's deployments (said in the header; Esc shows the
// page again), a token without logs counted as "no log", and the reading of the 50,000-deployment
// history stopped by Esc with what was read kept.
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../support/temp.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { setUpDemoService } from '../support/demo.js';

const e2e = setUpDemo('clusters');
/** With the service's own rate limit (~200 requests a minute): the window of the 50,000-deployment history takes a while. */
const limited = setUpDemoService({});
let configDir: string;

beforeAll(() => {
  configDir = tempDir('dms-e2e-clusters-');
});

const appNamed = (name: string) => e2e.demo.seed.applications.find((a) => a.name === name)!.uuid;

function launch(app: string, width: number, height: number, options: { service?: typeof e2e.demo; token?: string } = {}): TmuxSession {
  const service = options.service ?? e2e.demo;
  return e2e.launch(`browse ${app}`, {
    width,
    height,
    env: { DMS_URL: service.url, DMS_TOKEN: options.token ?? service.token, DMS_CONFIG_DIR: configDir, NO_COLOR: '1' },
  });
}

const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');
/** A cluster's line: the cursor mark, `×N`, its ages, its reason. */
const CLUSTER = /^[› ] ×\d+ +\((?:last \S+, first \S+|\S+)\) +(.+)$/;

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
      t.keys('Escape');
      const page = await t.waitFor(/ 1–\d+ of \d+/, 10_000);
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
    'the 50,000-deployment history at the service’s rate limit: Esc stops the reading and keeps the clusters, Esc again goes back',
    { timeout: 90_000 },
    async () => {
      const t = launch(appNamed('monorepo-ci'), 100, 30, { service: limited });
      await t.waitFor(/1–\d+ of 50,000/, 20_000);
      t.keys('F');
      await t.waitFor(/^reading [\d,]+ of 50,000 — Esc stops/m, 30_000);
      t.keys('Escape');
      const stopped = await t.waitFor(/^stopped at [\d,]+ of 50,000 — the clusters are of the newest/m, 10_000);
      expect(lines(stopped)[0]).toMatch(/^Failure clusters · monorepo-ci · [\d,]+ failed/);
      t.keys('Escape');
      await t.waitFor(/1–\d+ of 50,000/, 10_000);
    },
  );
});
