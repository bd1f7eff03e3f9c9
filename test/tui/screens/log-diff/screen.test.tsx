// The log diff in the whole app over real HTTP (a 127.0.0.1 server answering every list with the
// rows given): D on a failed queue row's detail compares its log with the green build below it;
// URL passwords, the record's secret values and the token stay masked on both sides; escape
// sequences in the logs never reach the frame; a failed row without a log says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY } from '../../../support/render.js';
import { screenServer, type ScreenServer } from '../../../support/screen.js';

const SECRET = 'Zq9SECRETabc';
let screens: ScreenServer;
beforeAll(async () => {
  screens = await screenServer();
});
afterAll(() => screens.close());

const row = (id: number, status: string, lines: string[] | undefined, extra: Record<string, unknown> = {}) => ({
  id,
  deployment_uuid: `d${id}`,
  status,
  pull_request_id: 0,
  commit: 'HEAD',
  created_at: `2026-11-2${id}T10:00:00.000000Z`,
  ...(lines
    ? {
        logs: JSON.stringify(
          lines.map((output) => ({
            command: null,
            output,
            type: /failed/i.test(output) ? 'stderr' : 'stdout',
            timestamp: '',
            hidden: false,
          })),
        ),
      }
    : {}),
  ...extra,
});
const head = (pw: string) => [
  'Starting deployment of a to b.',
  'Importing acme/x:main (commit sha abc1234) to /artifacts/z.',
  `cloning https://u:${pw}@git.example.com/x.git`,
  'Building docker image started.',
];

describe('the log diff screen', () => {
  it('masks secrets in both logs and strips escape sequences; opens at the failed step with its lines marked +', async () => {
    const ui = screens.show(
      [
        row(
          2,
          'failed',
          [
            ...head('new-pw-1'),
            `token ${SECRET} here`,
            'auth 1|fuzzscreentoken sent',
            '\u001b]0;title\u0007\u001b[2Jcleared',
            'Deployment failed: boom',
          ],
          {
            manual_webhook_secret_provider_a: SECRET,
          },
        ),
        row(1, 'finished', [
          ...head('old-pw-2'),
          'Building docker image completed.',
          'Rolling update started.',
          'Rolling update completed.',
        ]),
      ],
      { width: 120 },
    );
    await ui.waitFor(/^1–2 /m);
    await ui.press(KEY.enter);
    await ui.waitFor(/Deployment 2 · /);
    await ui.press('D');
    const frame = await ui.waitFor('Step 3/4: build');
    expect(frame).toContain('Log of deployment 2 (+) against its last green build, deployment 1 on main (-)');
    expect(frame).toMatch(/› ✗ build/);
    expect(frame).toMatch(/\+ Deployment failed: boom/);
    expect(frame).toMatch(/- Building docker image completed\./);
    expect(frame).toMatch(/\+ token •+ here/);
    expect(frame).toMatch(/\+ cleared/);
    expect(frame).toMatch(/\+ auth \S+ sent/);
    await ui.press('p');
    const imported = await ui.waitFor('Step 2/4: import');
    expect(imported).toContain('https://u:••••@git.example.com');
    for (const f of ui.rawFrames()) {
      for (const s of [SECRET, 'new-pw-1', 'old-pw-2', 'fuzzscreentoken']) expect(f).not.toContain(s);
      expect(f).not.toContain(']0;title');
    }
    await ui.press(KEY.escape);
    await ui.waitFor((f) => /Deployment 2 · /.test(f) && !f.includes('Step 2/4'));
    ui.unmount();
  });

  it('a failed row without a log: says so, no history read for nothing', async () => {
    const ui = screens.show([row(2, 'failed', undefined), row(1, 'finished', undefined)], { width: 120 });
    await ui.waitFor(/^1–2 /m);
    await ui.press(KEY.enter);
    await ui.waitFor(/Deployment 2 · /);
    await ui.press('D');
    await ui.waitFor('deployment 2 has no log to compare. This server sent no logs');
    ui.unmount();
  });
});
