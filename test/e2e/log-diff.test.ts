// A failed deployment's log against its last green build in the built binary in a real terminal
// (tmux), against a demo service started here: D on its detail opens the screen at the first step
// that differs or failed, the steps listed with their marks; n/p move between steps, G shows the
// failure's own lines marked +, Esc goes back to the detail. D on a finished deployment says why
// it does nothing, and its footer does not offer it. What to expect is computed from the service's
// rows with the model (the last green build, the steps) first.
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { ORDERS_WORKER } from '../../src/demo/seed-apps-shapes.js';
import { pullRequestOf } from '../../src/model/compare.js';
import { viewOf, type DeploymentView } from '../../src/model/deployment.js';
import { branchOf, partsOf } from '../../src/model/last-green.js';
import { logDiff, type LogDiff, type LogPart } from '../../src/model/log-diff.js';
import { NOT_FAILED } from '../../src/tui/browse/state-open.js';
import { setUpDemo } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';

const e2e = setUpDemo('log-diff');

interface Case {
  readonly failed: DeploymentView;
  readonly green: DeploymentView;
  readonly diff: LogDiff;
}
const cases = new Map<string, Case>();
let finished: DeploymentView;

/** The newest failed deployment (not a preview) with a green build before it, and what the model makes of the two logs. */
function caseOf(views: DeploymentView[]): Case {
  for (let i = 0; i < views.length; i++) {
    const failed = views[i]!;
    if (failed.phase !== 'failed' || pullRequestOf(failed) !== null) continue;
    const branch = branchOf(failed);
    const green = views.slice(i + 1).find((v) => v.phase === 'finished' && pullRequestOf(v) === null && branchOf(v) === branch);
    if (!green) continue;
    const [older, newer] = [partsOf(green, (s) => s), partsOf(failed, (s) => s)] as LogPart[][];
    return { failed, green, diff: logDiff(older!, newer!) };
  }
  throw new Error('the demo has a failed deployment with a green build before it');
}

beforeAll(async () => {
  const client = createClient({ baseUrl: e2e.demo.url, token: e2e.demo.token });
  for (const app of [SHOP_FRONTEND, ORDERS_WORKER]) {
    const views = (await client.listDeployments(app, { skip: 0, take: 1000 })).deployments.map(viewOf);
    cases.set(app, caseOf(views));
    if (app === SHOP_FRONTEND) finished = views.find((v) => v.phase === 'finished')!;
  }
});

const footer = (screen: string) =>
  screen
    .replace(/\n$/, '')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .at(-1) ?? '';
const heading = (s: string) => s.split('\n').find((l) => /^Step \d+\/\d+: /.test(l)) ?? '';

/** dms on the application, the deployment's detail opened by `:ID`. */
async function detailOf(app: string, v: DeploymentView): Promise<TmuxSession> {
  const t = e2e.launch(`browse ${app}`, { width: 120, height: 36, env: { NO_COLOR: '1' } });
  await t.waitFor(/1–\d+ of \d+/, 20_000);
  t.keys(':');
  await t.waitFor('go to: ');
  t.type(String(v.id));
  t.keys('Enter');
  await t.waitFor(new RegExp(`^Deployment ${v.id} · `, 'm'), 20_000);
  return t;
}

describe('D: the log against the last green build (built binary, tmux)', () => {
  for (const [label, app] of [
    ['snapshot records', SHOP_FRONTEND],
    ['queue rows', ORDERS_WORKER],
  ] as const) {
    it(`${label}: opens at the first step that differs or failed; n/p between steps; the failure marked +; Esc back to the detail`, async () => {
      const { failed, green, diff } = cases.get(app)!;
      const t = await detailOf(app, failed);
      expect(footer(await t.waitFor('D vs last green'))).toContain('D vs last green');
      t.keys('D');
      const title = `Log of deployment ${failed.id} (+) against its last green build, deployment ${green.id} on ${branchOf(green)} (-)`;
      const opened = await t.waitFor((s) => s.includes(title) && heading(s) !== '', 30_000);
      const steps = diff.steps;
      const first = steps[diff.opening]!;
      expect(heading(opened)).toMatch(new RegExp(`^Step ${diff.opening + 1}/${steps.length}: ${first.name} · `));
      // The step list: every step, the one shown marked, the failed one ✗.
      const failedAt = steps.findIndex((s) => s.failed);
      expect(failedAt).toBeGreaterThanOrEqual(diff.opening);
      expect(opened).toMatch(new RegExp(`^› . ${first.name}\\b`, 'm'));
      expect(opened).toMatch(new RegExp(`^ {2}✗ ${steps[failedAt]!.name}\\b|^› ✗ ${steps[failedAt]!.name}\\b`, 'm'));
      expect(footer(opened)).toMatch(/Esc back .*n\/p next\/prev step/);

      // n to the failed step, G to its end: the failure's own lines, only in the failed log.
      for (let k = diff.opening; k < failedAt; k++) t.keys('n');
      await t.waitFor((s) => heading(s).startsWith(`Step ${failedAt + 1}/${steps.length}: ${steps[failedAt]!.name} · `));
      t.keys('G');
      const end = await t.waitFor(/^.{15} {2}\+ Deployment failed/m);
      expect(heading(end)).toContain('this one failed here');
      if (failedAt > 0) {
        t.keys('p');
        await t.waitFor((s) => heading(s).startsWith(`Step ${failedAt}/${steps.length}: ${steps[failedAt - 1]!.name} · `));
      }

      t.keys('Escape');
      const back = await t.waitFor((s) => new RegExp(`^Deployment ${failed.id} · `, 'm').test(s) && !s.includes(title));
      expect(back).not.toMatch(/^Step \d+\//m);
    });
  }

  it('D on a finished deployment: not offered in its footer; pressed, a note says what it is for', async () => {
    const t = await detailOf(SHOP_FRONTEND, finished);
    const detail = await t.waitFor(/y raw JSON/);
    expect(footer(detail)).not.toContain('D vs last green');
    t.keys('D');
    const noted = await t.waitFor(NOT_FAILED);
    expect(noted).toMatch(new RegExp(`^Deployment ${finished.id} · `, 'm'));
    expect(noted).not.toContain('against its last green build,');
  });
});
