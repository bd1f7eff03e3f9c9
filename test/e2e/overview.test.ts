// The picker's overview in a real terminal (tmux): the built binary on the embedded demo
// (`dms --demo`, no application named, so it opens on the picker) shows each demo application's
// newest deployment — the status mark, the age and the commit subject. What to expect is read
// from a demo service started here with the same seed: deployments that have ended are the same
// in both; those still queued or running move on in the binary's demo, so any mark will do there.
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { PHASE_MARKS, viewOf, type DeploymentView } from '../../src/model/deployment.js';
import { setUpTerminals } from '../support/terminals.js';
import type { TmuxSession } from '../support/tmux.js';
import { setUpDemoService } from '../support/demo.js';

const terminals = setUpTerminals('overview');
const demo = setUpDemoService();
/** Each demo application's newest deployment (null: none), by uuid. */
const newest = new Map<string, DeploymentView | null>();

beforeAll(async () => {
  const client = createClient({ baseUrl: demo.url, token: demo.token });
  for (const app of demo.seed.applications) {
    const page = await client.listDeployments(app.uuid, { skip: 0, take: 1 });
    newest.set(app.uuid, page.deployments[0] ? viewOf(page.deployments[0]) : null);
  }
});

function launch(width: number, height: number): TmuxSession {
  return terminals.launch('--demo', { width, height });
}

const lineOf = (screen: string, uuid: string) => screen.split('\n').find((l) => l.includes(uuid)) ?? '';
const ENDED = new Set(['finished', 'failed', 'cancelled']);

describe('dms --demo: the picker’s overview', () => {
  it('shows the newest deployment of every demo application: status, age and subject', async () => {
    const t = launch(140, 30);
    const uuids = [...newest.keys()];
    // Every entry read: a mark before its uuid, and no `…` (still being read) after its name.
    const screen = await t.waitFor(
      (s) =>
        uuids.every((u) => {
          const l = lineOf(s, u);
          return new RegExp(`^[› ] [${Object.values(PHASE_MARKS).join('')}·] ${u}`).test(l) && !/ {2}… /.test(l);
        }),
      20_000,
    );
    for (const [uuid, view] of newest) {
      const line = lineOf(screen, uuid);
      if (view === null) {
        expect(line).toMatch(new RegExp(`· ${uuid} {2}\\S+ {2}no deployments`));
        continue;
      }
      if (ENDED.has(view.phase)) expect(line, line).toContain(`${PHASE_MARKS[view.phase]} ${uuid}`);
      expect(line, line).toMatch(/ {2}(just now|\d+(m|h|d|w|y) ago) {2}/);
      // The subject, as far as the row has room for it.
      if (view.subject) expect(line, line).toContain(view.subject.slice(0, 10));
    }
    // Typing filters the list; the overview stays beside what is left.
    t.type('shop-api');
    const filtered = await t.waitFor(/1 of \d+ match/);
    const api = demo.app('shop-api');
    expect(lineOf(filtered, api)).toContain(`${PHASE_MARKS[newest.get(api)!.phase]} ${api}`);
    t.keys('C-c');
    expect(await t.waitFor(/\[exit \d+\]/)).toContain('[exit 0]');
  });

  it('at 60×15 the rows keep within the terminal: the mark and the age stay, the subject goes', async () => {
    const t = launch(60, 15);
    const [first] = newest.keys();
    const screen = await t.waitFor((s) => / ago/.test(lineOf(s, first!)));
    const lines = screen.replace(/\n+$/, '').split('\n');
    expect(lines.length).toBeLessThan(15);
    for (const l of lines) expect(stringWidth(l), l).toBeLessThanOrEqual(60);
    expect(lineOf(screen, first!)).toMatch(new RegExp(`^[› ] . ${first}  \\S+  (just now|\\d+\\w+ ago)$`));
    t.keys('C-c');
    await t.waitFor('[exit 0]');
  });
});
