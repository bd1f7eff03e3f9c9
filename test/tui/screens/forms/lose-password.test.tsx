// The docstore's success screen: the root password comes once, so Esc, q and Ctrl+C ask before
// leaving it unseen; once it was shown or saved they leave at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/api/client.js';
import { CreateAppScreen, CreateDocstoreScreen } from '../../../../src/tui/screens/forms/view.js';
import { json, serversClosedAfterEach, type HostileServer } from '../../../support/hostile.js';
import { tempDir } from '../../../support/temp.js';
import { KEY, renderScreen, type Rendered } from '../../../support/render.js';

const serve = serversClosedAfterEach(afterEach);
const WHERE = { project_uuid: 'p1', server_uuid: 's1', environment_name: 'production' };
const URL_ = 'docstore://root:0nceOnly9@db-5:27017/?directConnection=true';
const ASKED = 'The root password was neither shown nor saved, and the server sends it only once.\nLeave without it?';

let dir: string;
let exits: unknown[];
let quits: number;
let ui: Rendered | undefined;
beforeEach(() => {
  dir = tempDir('dms-form-lose-');
  exits = [];
  quits = 0;
});
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

function props(s: HostileServer) {
  return {
    client: createClient({ baseUrl: `${s.url}/api/v1`, token: '1|lose-token', retries: 0 }),
    configDir: dir,
    showSecrets: false,
    from: WHERE,
    onExit: (r?: { uuid: string }) => {
      exits.push(r);
    },
    onOpenDeployments: () => {},
    onQuit: () => {
      quits += 1;
    },
  };
}

/** A docstore created on the form: the success screen, the password hidden. */
async function created(answer: unknown = { uuid: 'db-5', internal_db_url: URL_ }): Promise<Rendered> {
  const s = await serve(json(201, answer));
  ui = renderScreen(<CreateDocstoreScreen {...props(s)} />, { columns: 100, rows: 30 });
  await ui.press(KEY.ctrl('s'));
  await ui.waitFor('Docstore database created');
  return ui;
}

describe("leaving a new database's success screen", () => {
  it('Esc and q ask first; n and Esc stay; y leaves', async () => {
    const f = await created();
    for (const key of [KEY.escape, 'q']) {
      await f.press(key);
      expect(f.frame()).toContain(ASKED);
      expect(f.frame()).toMatch(/w saves it first · s shows it · y leaves without it · n\/Esc stays/);
      expect(exits).toEqual([]);
      await f.press(key === 'q' ? 'n' : KEY.escape);
      expect(f.frame()).not.toContain(ASKED);
      expect(f.frame()).toMatch(/s shows the password · w saves it to a file/);
    }
    await f.press(KEY.escape, 'y');
    expect(exits).toEqual([{ uuid: 'db-5' }]);
    expect(quits).toBe(0);
  });

  it('Ctrl+C asks first (a second Ctrl+C is no answer); y quits', async () => {
    const f = await created();
    await f.press(KEY.ctrlC);
    expect(f.frame()).toContain(ASKED);
    await f.press(KEY.ctrlC);
    expect(f.frame()).toContain(ASKED);
    expect(quits).toBe(0);
    await f.press('y');
    expect(quits).toBe(1);
    expect(exits).toEqual([]);
  });

  it('s at the question shows the password; then Esc leaves without asking', async () => {
    const f = await created();
    await f.press(KEY.escape, 's');
    expect(f.frame()).toContain(URL_);
    expect(f.frame()).not.toContain(ASKED);
    await f.press(KEY.escape);
    expect(exits).toEqual([{ uuid: 'db-5' }]);
  });

  it('shown and hidden again counts as shown: Esc leaves', async () => {
    const f = await created();
    await f.press('s', 's');
    expect(f.frame()).not.toContain('0nceOnly9');
    await f.press('q');
    expect(exits).toEqual([{ uuid: 'db-5' }]);
  });

  it('w at the question, then saved: Esc leaves without asking; Ctrl+C while naming the file asks', async () => {
    const f = await created();
    await f.press('w');
    await f.press(KEY.ctrlC);
    expect(f.frame()).toContain(ASKED);
    await f.press('w', KEY.ctrl('u'));
    const file = join(dir, 'db-5.json');
    await f.type(file);
    await f.press(KEY.enter);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ uuid: 'db-5', internal_db_url: URL_ });
    await f.press(KEY.escape);
    expect(exits).toEqual([{ uuid: 'db-5' }]);
  });

  it.each([
    ['a numeric uuid', { uuid: 5, internal_db_url: URL_ }],
    ['an array body', [{ uuid: 'db-5', internal_db_url: URL_ }]],
    ['an array of URLs', { uuid: 'db-5', internal_db_url: [URL_] }],
  ])('an answer of another shape (%s) is shown masked, asked about on Esc, and w saves it whole as sent', async (_what, answer) => {
    const f = await created(answer);
    const frame = f.frame();
    expect(frame).toContain('Created, but the answer is not in the shape dms reads');
    expect(frame).not.toContain('0nceOnly9');
    expect(frame).toContain('••••');
    await f.press(KEY.escape);
    expect(f.frame()).toContain(ASKED);
    await f.press('w', KEY.ctrl('u'));
    const file = join(dir, 'odd.json');
    await f.type(file);
    await f.press(KEY.enter);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(answer);
    await f.press(KEY.escape);
    expect(exits).toHaveLength(1);
  });

  it('an answer without a password ("Database updated") leaves at once; Ctrl+C is left to quit dms', async () => {
    const f = await created('');
    await f.press(KEY.ctrlC);
    expect(f.frame()).not.toContain(ASKED);
    await f.press(KEY.escape);
    expect(exits).toEqual([undefined]);
  });

  it("an application's success screen asks nothing", async () => {
    const s = await serve(json(201, { uuid: 'app-5' }));
    const app = { ...WHERE, git_repository: 'https://github.com/acme/web', git_branch: 'main', build_pack: 'nixpacks' };
    ui = renderScreen(<CreateAppScreen {...props(s)} from={app} />, { columns: 100, rows: 30 });
    await ui.press(KEY.ctrl('s'));
    await ui.waitFor('Application created');
    await ui.press(KEY.escape);
    expect(exits).toEqual([{ uuid: 'app-5' }]);
  });
});
