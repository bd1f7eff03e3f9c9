// The built binary in a real terminal (tmux) against a server whose rows hold the token and secrets
// split by characters a terminal drops (issue 31): the header, the list, the detail, its raw JSON,
// the log and the picker (from the application's saved name) never show one whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respondWith, type HostileServer } from '../support/hostile.js';
import { setUpTerminals } from '../support/terminals.js';
import { tempDir } from '../support/temp.js';

const APP = 'app-split-secrets';
const TOKEN = '42|Zq9sEcReTtOkEn8';
const terminals = setUpTerminals('split');
let server: HostileServer;

const logs = JSON.stringify([
  {
    command: null,
    output: 'Starting deployment.',
    type: 'stdout',
    timestamp: '2026-11-20T10:00:00.000000Z',
    hidden: false,
    batch: 1,
    order: 1,
  },
  {
    command: null,
    output: 'push with nested\u0000HookSecret1 and 42|Zq9s\u007fEcReT\u001b[0mtOkEn8',
    type: 'stderr',
    timestamp: '2026-11-20T10:00:01.000000Z',
    hidden: false,
    batch: 1,
    order: 2,
  },
]);

beforeAll(async () => {
  server = await respondWith((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        count: 1,
        deployments: [
          {
            id: 7,
            deployment_uuid: 'dep7aaaaaaaaaaaaaaaaaaaa',
            status: 'failed',
            commit: 'abc1234def',
            application_name: 'shop 42|Zq9s\u0000EcReTtOkEn8',
            server_name: 'srv r00tPass\u0085w0rdX',
            git_branch: 'main\u001b]0;t\u0007nestedHook\u200bSecret1',
            commit_message: 'NUL 42|Zq9s\u0000EcReTtOkEn8 end',
            created_at: '2026-11-20T10:00:00.000000Z',
            finished_at: '2026-11-20T10:03:00.000000Z',
            root_password: 'r00tPassw0rdX',
            application: { manual_webhook_secret_provider_a: 'nestedHookSecret1' },
            logs,
          },
        ],
      }),
    );
  });
});
afterAll(() => server.close());

/** The screen with every space and line break removed: a secret cut over two lines still shows. */
const joined = (screen: string) => screen.replace(/\s+/g, '');
const SECRETS = ['Zq9sEcReTtOkEn8', 'r00tPassw0rdX', 'nestedHookSecret1'];
function expectNone(screen: string): void {
  for (const s of SECRETS) expect(joined(screen)).not.toContain(s);
}

describe('secrets split by control characters (issue 31)', () => {
  it('the header, list, detail, raw JSON, log and picker show none of them', async () => {
    const configDir = tempDir('dms-e2e-split-');
    const env = { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: TOKEN, DMS_CONFIG_DIR: configDir };
    const t = terminals.launch(`browse ${APP}`, { width: 120, height: 36, env });
    const list = await t.waitFor(/1–1 of 1/);
    expect(list).toContain('[token]');
    expectNone(list);
    t.keys('Enter');
    const detail = await t.waitFor('dep7aaaa');
    expectNone(detail);
    t.keys('G');
    expectNone(await t.waitFor('raw JSON'));
    t.keys('Escape');
    await t.waitFor(/1–1 of 1/);
    t.keys('l');
    const log = await t.waitFor('push with');
    expect(log).toContain('push with •••• and [token]');
    expectNone(log);
    t.keys('q');
    await t.waitFor(/\[exit \d+\]/);
    // The application's name was kept for the picker: it shows cleaned and masked there.
    const picker = terminals.launch('', { width: 120, height: 36, env });
    const screen = await picker.waitFor('shop');
    expect(screen).toContain('shop [token]');
    expectNone(screen);
  });
});
