// The reason of a failure in the TUI, on the embedded demo: the cursor row's under the table (read
// after the frame), gone on a finished row; why there is none for a token whose rows carry no logs;
// the detail's reason row, and l there opening the log at its line.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type DmsClient } from '../../../../src/api/client.js';
import { viewOf } from '../../../../src/model/deployment.js';
import { reasonText } from '../../../../src/model/reason.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { KEY, renderApp, type Rendered } from '../../../support/render.js';
import { tempDir } from '../../../support/temp.js';
import { setUpDemoService } from '../../../support/demo.js';

const demo = setUpDemoService();
let shown: Rendered | undefined;

afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function open(client: DmsClient): Rendered {
  const options: TuiOptions = {
    client,
    connection: { label: 'DEMO', host: demo.host, demo: true },
    configDir: tempDir('dms-reason-'),
    appUuid: demo.app(),
    screen: 'browse',
    showSecrets: false,
    noColor: false,
  };
  shown = renderApp(options);
  return shown;
}

/** The first page's rows as the screen lists them, with the index of the first failed one and of the finished one just before it. */
async function firstPage(client: DmsClient) {
  const { deployments } = await client.listDeployments(demo.app(), { skip: 0, take: 10 });
  const views = deployments.map(viewOf);
  const failed = views.findIndex((v) => v.phase === 'failed');
  const finished = views
    .slice(0, Math.max(0, failed))
    .map((v) => v.phase)
    .lastIndexOf('finished');
  expect(failed).toBeGreaterThanOrEqual(0);
  expect(finished).toBeGreaterThanOrEqual(0);
  return { views, failed, finished };
}

const down = (n: number) => Array.from({ length: n }, () => KEY.down);

describe('the reason on the list', () => {
  it("shows the failed cursor row's reason under the table, and it goes on a finished row", async () => {
    const client = createClient({ baseUrl: demo.url, token: demo.token });
    const { views, failed, finished } = await firstPage(client);
    const reason = reasonText(views[failed]!.record);
    expect(reason).not.toBe('');
    const s = open(client);
    await s.waitFor('1–10 of');
    await s.press(...down(failed));
    const frame = await s.waitFor('✗ why: ');
    const why = frame.split('\n').find((l) => l.startsWith('✗ why: '))!;
    // The message line (under the table, above the footer), cut to the width.
    expect(reason.startsWith(why.replace('✗ why: ', '').replace(/…$/, ''))).toBe(true);
    const lines = frame.split('\n').filter((l) => l.trim() !== '');
    expect(lines.indexOf(why)).toBe(lines.length - 2);
    expect(lines.slice(0, -2).some((l) => /^\s*└/.test(l))).toBe(true);
    await s.press(...Array.from({ length: failed - finished }, () => KEY.up));
    await s.waitFor((f) => !f.includes('why:') && f.split('\n').some((l) => l.startsWith('›') && l.includes('✓ finished')));
  });

  it("says there is no reason when the token's rows carry no logs", async () => {
    const client = createClient({ baseUrl: demo.url, token: demo.tokenNoLogs });
    const { failed } = await firstPage(client);
    const s = open(client);
    await s.waitFor('1–10 of');
    await s.press(...down(failed));
    await s.waitFor("no reason: this token's rows carry no logs");
  });
});

describe('the reason in the detail', () => {
  it('is a summary row, and l opens the log at its line', async () => {
    const client = createClient({ baseUrl: demo.url, token: demo.token });
    const { views, failed } = await firstPage(client);
    const reason = reasonText(views[failed]!.record);
    const s = open(client);
    await s.waitFor('1–10 of');
    await s.press(...down(failed), KEY.enter);
    const detail = await s.waitFor(/reason\s+\S/);
    expect(detail).toContain(`reason      ${reason.slice(0, 40)}`);
    await s.press('l');
    // The reason's line marked (› as where e/E stopped), on screen.
    const log = await s.waitFor(
      (f) => f.includes('Log ') && f.split('\n').some((l) => l.startsWith('›') && l.includes(reason.slice(0, 30))),
    );
    expect(log).not.toContain('reason      ');
  });
});
