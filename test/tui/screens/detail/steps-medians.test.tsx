// The detail's Steps section in the app against the demo service: the medians of the last 50
// finished deployments are read once a session (after the frame), and a second detail uses them
// without a request.
import { afterEach, describe, expect, it } from 'vitest';
import { viewOf } from '../../../../src/model/deployment.js';
import { formatDuration } from '../../../../src/model/duration.js';
import { stepsOfRecord } from '../../../../src/model/step-timings.js';
import { KEY, renderApp, type Rendered } from '../../../support/render.js';
import { tempDir } from '../../../support/temp.js';
import { setUpDemoService } from '../../../support/demo.js';

const demo = setUpDemoService();
let shown: Rendered | undefined;
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

/** Page requests of the application since `from` other than the list's first page (skip=0&take=10): the medians' reading goes on with them. */
const furtherReads = (from: number) =>
  demo.requests.slice(from).filter((r) => r.path.endsWith(`/deployments/applications/${demo.app()}`) && r.query !== 'skip=0&take=10');

describe('the detail: Steps in the app', () => {
  it('reads the medians once a session: a second detail shows its steps against them with no request', async () => {
    const page = await demo.client.listDeployments(demo.app(), { skip: 0, take: 10 });
    const finished = page.deployments.flatMap((d, i) => (d.status === 'finished' ? [i] : []));
    expect(finished.length).toBeGreaterThanOrEqual(2);

    const from = demo.requests.length;
    shown = renderApp(
      {
        client: demo.client,
        connection: { label: 'DEMO', host: demo.host, demo: true },
        configDir: tempDir('dms-steps-'),
        appUuid: demo.app(),
        screen: 'browse',
        showSecrets: false,
        noColor: true,
      },
      { refreshMs: 600_000, size: { columns: 120, rows: 60 } },
    );
    const ui = shown;
    await ui.waitFor(/1–10 of \d+/);
    const openRow = async (index: number) => {
      for (let i = 0; i < index; i++) await ui.press('j');
      await ui.press(KEY.enter);
      // Its own steps (test/e2e/steps.test.ts checks the figures against the model's).
      const record = page.deployments[index]!;
      const read = stepsOfRecord(record, viewOf(record));
      if (read.kind !== 'steps') throw new Error(read.kind);
      const frame = await ui.waitFor(/^Steps · median of the last 50 finished deployments$/m, 30_000);
      const build = read.steps.find((st) => st.name === 'build')!;
      expect(frame).toMatch(new RegExp(`^ {2}build +${formatDuration(build.durationMs!)} \\([+±-][^)]* vs median\\)$`, 'm'));
    };
    await openRow(finished[0]!);
    const read = furtherReads(from).length;
    expect(read).toBeGreaterThan(0);
    await ui.press(KEY.escape);
    await ui.press('g');
    await openRow(finished[1]!);
    expect(furtherReads(from)).toHaveLength(read);
  });
});
