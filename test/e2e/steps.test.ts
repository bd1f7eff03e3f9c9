// Step timings on the built binary in a real terminal (tmux), against a demo service started here:
// the detail's Steps section (each step against the median of the last 50 finished deployments,
// the figures the model makes of the same rows; a running deployment's open step growing), `]`/`[`
// in the log going from step to step, and a token without logs told why there are no steps.
import { describe, expect, it } from 'vitest';
import { viewOf } from '../../src/model/deployment.js';
import { NO_LOGS } from '../../src/model/log.js';
import { MedianRuns, stepTimings, stepValue, stepsOfRecord } from '../../src/model/step-timings.js';
import { SHOP_FRONTEND } from '../../src/demo/seed-apps.js';
import { setUpDemo } from '../support/terminals.js';

const e2e = setUpDemo('steps');

const dataLines = (screen: string) =>
  screen
    .split('\n')
    .filter((l) => /^[› ][ *]│/.test(l))
    .slice(1);
const lines = (screen: string) => screen.replace(/\n$/, '').split('\n');

/** The first page's rows, and the index of the first with `status`. */
async function rowOf(status: string) {
  const page = await e2e.demo.client.listDeployments(SHOP_FRONTEND, { skip: 0, take: 10 });
  const index = page.deployments.findIndex((d) => d.status === status);
  expect(index).toBeGreaterThanOrEqual(0);
  return { index, record: page.deployments[index]! };
}

/** Opens the detail of row `index` of shop-frontend's first page. */
async function openDetail(index: number, env?: Record<string, string>) {
  const t = e2e.launch(`browse ${SHOP_FRONTEND}`, { width: 120, height: 60, ...(env ? { env } : {}) });
  await t.waitFor((s) => / of \d+/.test(s) && dataLines(s).length > index, 20_000);
  for (let i = 0; i < index; i++) t.keys('j');
  await t.waitFor((s) => dataLines(s).findIndex((l) => l.startsWith('›')) === index, 15_000);
  t.keys('Enter');
  return t;
}

describe('step timings (built binary, tmux)', () => {
  it("the detail of a finished deployment: each step against the median of the application's last 50 finished deployments", async () => {
    const { index, record } = await rowOf('finished');
    // What the model makes of the same rows: the medians over the newest 50 finished deployments.
    const runs = new MedianRuns();
    const history = await e2e.demo.client.listDeployments(SHOP_FRONTEND, { skip: 0, take: 120 });
    for (const d of history.deployments) if (runs.add(viewOf(d))) break;
    expect(runs.count).toBe(50);
    const read = stepsOfRecord(record, viewOf(record));
    if (read.kind !== 'steps') throw new Error(`no steps: ${read.kind}`);
    const build = stepTimings(read.steps, runs.medians()).find((t) => t.step === 'build')!;
    expect(build.medianMs).not.toBeNull();

    const t = await openDetail(index);
    const screen = await t.waitFor(/^Steps · median of the last 50 finished deployments$/m, 30_000);
    const buildLine = lines(screen).find((l) => /^\s+build\s/.test(l));
    expect(buildLine?.trim().replace(/\s+/, ' ')).toBe(`build ${stepValue(build)}`);
    expect(buildLine).toMatch(/vs median\)$/);
    expect(screen).toMatch(/\]\/\[ there go from step to step/);
  });

  it("a running deployment's open step says so and grows each second", async () => {
    const { index } = await rowOf('in_progress');
    const t = await openDetail(index);
    const open = /^\s+(\w+)\s+(\S+(?: \S+)?) so far \(running/m;
    const first = await t.waitFor(open, 30_000);
    const [, step, was] = open.exec(first)!;
    const later = await t.waitFor((s) => {
      const m = open.exec(s);
      return m !== null && m[1] === step && m[2] !== was;
    }, 15_000);
    expect(open.exec(later)![1]).toBe(step);
  });

  it(']/[ in the log put the next or previous step at the top, marked; the title names the step', async () => {
    const { index } = await rowOf('finished');
    const t = await openDetail(index);
    await t.waitFor(/^Steps · /m, 30_000);
    t.keys('l');
    await t.waitFor(/^Log \S+ · /m, 15_000);
    t.keys('g');
    t.keys(']');
    let s = await t.waitFor(/^Step 1 of \d+: start · \]\/\[ next\/previous step$/m, 15_000);
    expect(s).toMatch(/^Log \S+ · .* · step start /m);
    expect(lines(s).find((l) => l.startsWith('›'))).toMatch(/^› Starting deployment of /);
    // The next step's line is a debug line (hidden): ] passes over it to the one after.
    t.keys(']');
    s = await t.waitFor(/^Step 3 of \d+: import · /m, 15_000);
    expect(s).toMatch(/ · step import /);
    expect(lines(s).find((l) => l.startsWith('›'))).toMatch(/^› Importing /);
    t.keys('[');
    await t.waitFor(/^Step 1 of \d+: start · /m, 15_000);
    // Debug lines shown: the hidden step is one to go to.
    t.keys('d');
    t.keys(']');
    s = await t.waitFor(/^Step 2 of \d+: prepare · /m, 15_000);
    expect(lines(s).find((l) => l.startsWith('›'))).toMatch(/^› Preparing container with helper image/);
  });

  it('a token that may not read logs: the Steps section says why there are none', async () => {
    const { index } = await rowOf('finished');
    const t = await openDetail(index, { DMS_TOKEN: e2e.demo.tokenNoLogs });
    expect(await t.waitFor(`Steps\n  ${NO_LOGS}`, 30_000)).not.toContain('Reading the log');
  });
});
