// Esc never quits: it goes back a level and stops at the picker, which then says what quits.
// And where people start from: a pasted page address in the picker, the empty picker's words.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TuiOptions } from '../../src/tui/options.js';
import { bindKeys } from '../../src/tui/key-bindings.js';
import { KEY, renderApp, until, type Rendered } from '../support/render.js';
import { tempDir } from '../support/temp.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
let shown: Rendered | undefined;

afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

const queueApp = () => demo.seed.applications.find((a) => a.shape === 'queue')!;

function open(overrides: Partial<TuiOptions> = {}) {
  const exits: number[] = [];
  const options: TuiOptions = {
    client: demo.client,
    connection: { label: 'DEMO', host: demo.host, origin: demo.origin, demo: true },
    configDir: tempDir('dms-esc-'),
    screen: 'browse',
    showSecrets: false,
    noColor: true,
    demoApps: demo.demoApps,
    ...overrides,
  };
  shown = renderApp(options, { onExit: (code) => exits.push(code) });
  return { ui: shown, exits };
}

const PICKER = 'Open an application';
const TOP_NOTE = 'Esc stops here: Ctrl+C quits, or q on the list (↓).';

describe('Esc never quits', () => {
  it('from a log: back to the list, to the picker, then it stays there and says what quits', async () => {
    const { ui, exits } = open({ appUuid: queueApp().uuid });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('l');
    await ui.waitFor(/Log \d+/);
    await ui.press(KEY.escape);
    await ui.waitFor((f) => /1–10 of \d+/.test(f) && !/Log \d+/.test(f));
    await ui.press(KEY.escape);
    await ui.waitFor(PICKER);
    await ui.press(KEY.escape);
    await ui.waitFor(TOP_NOTE);
    await ui.press(KEY.escape, KEY.escape);
    expect(ui.frame()).toContain(PICKER);
    expect(ui.frame()).toContain(TOP_NOTE);
    expect(exits).toEqual([]);
    // The footer names what quits; the note goes with the next key.
    expect(ui.frame()).toMatch(/Ctrl\+C quit/);
    await ui.press('x');
    await ui.waitFor((f) => !f.includes(TOP_NOTE) && f.includes('uuid: x'));
    expect(exits).toEqual([]);
  });

  it('in the picker q is typed on the line, quits from the list; Esc clears the line, then leaves the list for it', async () => {
    const { ui, exits } = open();
    await ui.waitFor(PICKER);
    await ui.press('q');
    await ui.waitFor('uuid: q');
    await ui.press(KEY.escape);
    await ui.waitFor((f) => !f.includes('uuid: q'));
    const first = demo.app();
    await ui.press(KEY.down);
    await ui.waitFor(new RegExp(`^› . ${first}`, 'm'));
    await ui.press(KEY.escape);
    await ui.waitFor((f) => !f.includes(`› ${first}`) && !new RegExp(`^› . ${first}`, 'm').test(f) && f.includes('› uuid:'));
    expect(exits).toEqual([]);
    await ui.press(KEY.down, 'q');
    await until(() => exits.length > 0, 'q on the list quits');
    expect(exits).toEqual([0]);
  });

  it('with quit on Ctrl+Q the note names it, and it quits from the typed line too', async () => {
    const keys = bindKeys([['quit', ['ctrl+q']]]);
    const { ui, exits } = open({ keys, configDir: tempDir('dms-esc-empty-'), demoApps: [] });
    await ui.waitFor(PICKER);
    await ui.press(KEY.escape);
    await ui.waitFor('Esc stops here: Ctrl+C or Ctrl+Q quits.');
    await ui.press(KEY.ctrl('q'));
    await until(() => exits.length > 0, 'Ctrl+Q quits');
  });

  it("the contexts list, help and the list's search and go-to lines: Esc goes back each time", async () => {
    const configDir = tempDir('dms-esc-ctx-');
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ contexts: { other: { url: 'https://deploy.example.com/api/v1', token: '1|x' } } }),
      { mode: 0o600 },
    );
    const { ui, exits } = open({ appUuid: queueApp().uuid, configDir });
    await ui.waitFor(/1–10 of \d+/);
    await ui.press('/');
    await ui.waitFor(/^\/ /m);
    await ui.press(KEY.escape, ':');
    await ui.waitFor(/^go to: /m);
    await ui.press(KEY.escape, KEY.enter);
    await ui.waitFor(/Deployment \d+/);
    await ui.press('?');
    await ui.waitFor('Help — keys');
    await ui.press(KEY.escape);
    await ui.waitFor((f) => /Deployment \d+/.test(f) && !f.includes('Help — keys'));
    await ui.press(KEY.escape);
    await ui.waitFor((f) => /1–10 of \d+/.test(f) && !/Deployment \d+/.test(f));
    await ui.press(KEY.escape);
    await ui.waitFor(PICKER);
    await ui.press('?');
    await ui.waitFor('Help — keys');
    await ui.press(KEY.escape);
    await ui.waitFor(PICKER);
    await ui.press(KEY.ctrl('x'));
    await ui.waitFor(/Switch to a context/);
    await ui.press(KEY.escape);
    await ui.waitFor((f) => f.includes(PICKER) && !f.includes('Switch to a context'));
    await ui.press(KEY.escape);
    await ui.waitFor(TOP_NOTE);
    expect(exits).toEqual([]);
  });

  it('leaving a form that dms create opened goes to the picker, not out', async () => {
    const { ui, exits } = open({ screen: 'create-app' });
    await ui.waitFor('Create application');
    await ui.press(KEY.escape);
    await ui.waitFor(PICKER);
    await ui.press(KEY.escape);
    await ui.waitFor(TOP_NOTE);
    expect(exits).toEqual([]);
  });
});

describe('the picker takes a page address', () => {
  it("a pasted application page address on the connection's host opens that application", async () => {
    const app = queueApp();
    const before = demo.requests.length;
    const { ui } = open({ demoApps: [] });
    await ui.waitFor(PICKER);
    await ui.type(`http://${demo.host}/project/p1/environment/e1/application/${app.uuid}/deployment/d1`);
    await ui.waitFor(`Enter opens application ${app.uuid} (from the address)`);
    await ui.press(KEY.enter);
    await ui.waitFor(/1–10 of \d+/);
    expect(ui.frame()).toContain(app.uuid);
    expect(demo.requests.slice(before).some((r) => r.path.endsWith(`/applications/${app.uuid}`))).toBe(true);
  });

  it('another host, a password or an odd path is refused in one line, sending nothing', async () => {
    const { ui } = open({ demoApps: [] });
    await ui.waitFor(PICKER);
    const before = demo.requests.length;
    await ui.type(`https://deploy.example.com/project/p/environment/e/application/${queueApp().uuid}`);
    await ui.press(KEY.enter);
    await ui.waitFor(`✗ The address is on deploy.example.com, but this connection uses ${demo.host}`);
    await ui.press(KEY.ctrl('u'));
    await ui.type(`http://me:hunter2@${demo.host}/application/x`);
    await ui.press(KEY.enter);
    const refused = await ui.waitFor('holds a user name or password (not repeated here)');
    expect(
      refused
        .split('\n')
        .filter((l) => l.includes('hunter2'))
        .every((l) => l.includes('uuid:')),
    ).toBe(true);
    await ui.press(KEY.ctrl('u'));
    await ui.type(`http://${demo.host}/application/a%2Fb`);
    await ui.press(KEY.enter);
    await ui.waitFor('encoded / or \\ in its path');
    expect(demo.requests.slice(before).filter((r) => !r.query.endsWith('take=1'))).toEqual([]);
  });

  it('the empty picker says where the uuid is found', async () => {
    const { ui } = open({ demoApps: [] });
    const frame = await ui.waitFor(PICKER);
    expect(frame).toContain(
      "No recent applications on this server yet: paste the application's address from the service's web page, or its uuid.",
    );
  });
});
