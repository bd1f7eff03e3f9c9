// The built binary in a real terminal (tmux), issue 24: Esc never quits (five from a log leave
// dms running on the picker), a page address pasted into the picker opens that application, and
// an application read headless (`dms deployments APP`) is in the picker the next time.
import { describe, expect, it } from 'vitest';
import { runBin } from '../support/run-bin.js';
import { setUpTerminals } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { tempDir } from '../support/temp.js';
import { setUpDemoService } from '../support/demo.js';

const terminals = setUpTerminals('start');
const demo = setUpDemoService();

/** dms on the embedded demo (nothing configured), on the picker. */
function onDemo(): TmuxSession {
  return terminals.launch('', { width: 120, height: 32 });
}

const PICKER = 'Open an application';
const lineOf = (screen: string, text: string) => screen.split('\n').find((l) => l.includes(text)) ?? '';
const uuidOf = (screen: string, name: string) => /([0-9a-f]{8}-[0-9a-f-]{27})/.exec(lineOf(screen, `  ${name}`))?.[1] ?? '';

describe('Esc never quits (tmux)', () => {
  it('Esc pressed five times from a log view leaves dms running on the picker', async () => {
    const t = onDemo();
    const picker = await t.waitFor((s) => s.includes(PICKER) && uuidOf(s, 'orders-worker') !== '');
    t.type('orders-worker');
    await t.waitFor(/1 of \d+ match/);
    t.keys('Enter');
    await t.waitFor(/1–\d+ of \d+/, 15_000);
    t.keys('l');
    await t.waitFor(/Log \d+ · /);
    t.keys('Escape');
    await t.waitFor((s) => /1–\d+ of \d+/.test(s) && !/Log \d+ · /.test(s));
    t.keys('Escape');
    await t.waitFor(PICKER);
    t.keys('Escape');
    await t.waitFor('Esc stops here: Ctrl+C quits, or q on the list (↓).');
    t.keys('Escape');
    t.keys('Escape');
    // Still there, still answering: ↓ puts the cursor on the first application, the one just opened.
    t.keys('Down');
    const after = await t.waitFor(new RegExp(`^› . ${uuidOf(picker, 'orders-worker')}  orders-worker`, 'm'));
    expect(after).toContain(PICKER);
    expect(t.exited()).toBe(false);
    t.keys('q');
    expect(await t.waitFor(/\[exit \d+\]/)).toContain('[exit 0]');
  });
});

describe("the picker takes the address of an application's page (tmux)", () => {
  it("a pasted http://HOST/project/…/application/UUID opens that application (HOST: the demo's, as the header says)", async () => {
    const t = onDemo();
    const picker = await t.waitFor((s) => s.includes(PICKER) && uuidOf(s, 'shop-api') !== '' && /server \S+/.test(s));
    const host = /server (\S+)/.exec(picker)![1]!;
    const app = uuidOf(picker, 'shop-api');
    t.type(`http://${host}/project/9c1f/environment/4e0a/application/${app}`);
    await t.waitFor(`Enter opens application ${app} (from the address)`);
    t.keys('Enter');
    const opened = await t.waitFor(/1–\d+ of \d+/, 15_000);
    expect(opened).toContain(`app shop-api ${app}`);
  });
});

describe('headless reads in the picker (tmux)', () => {
  it('dms deployments APP, then the picker lists APP by name', async () => {
    const dir = tempDir('dms-e2e-recents-');
    const env = { DMS_URL: demo.url, DMS_TOKEN: demo.token, DMS_CONFIG_DIR: dir };
    const app = demo.seed.applications.find((a) => a.shape === 'queue')!;
    expect((await runBin(['deployments', app.uuid], { env })).code).toBe(0);
    const t = terminals.launch('', { width: 120, height: 30, env });
    const screen = await t.waitFor(PICKER);
    expect(screen).toContain('Recent applications');
    expect(lineOf(screen, app.uuid)).toContain(app.name);
  });
});
