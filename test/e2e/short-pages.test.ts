// The built binary in a real terminal (tmux) against a server whose pages are shorter than its
// count says ({count: 39, deployments: [3 rows]}): paging follows the count, and the screen says
// what each page is missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respondWith, type HostileServer } from '../support/hostile.js';
import { setUpTerminals } from '../support/terminals.js';
import { tempDir } from '../support/temp.js';
import { tenPerPage } from '../support/page-sizes.js';

const APP = 'app-short-pages';
const terminals = setUpTerminals('short');
let server: HostileServer;

beforeAll(async () => {
  server = await respondWith((req, res) => {
    const skip = Number(req.query.get('skip') ?? 0);
    const deployments = Array.from({ length: 3 }, (_, i) => ({
      id: 100 - skip - i,
      status: 'finished',
      git_commit_sha: `abcdef${String(100 - skip - i).padStart(4, '0')}`,
      commit_message: `Change ${100 - skip - i}`,
      created_at: '2026-08-22T15:22:50.000000Z',
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ count: 39, deployments }));
  });
});
afterAll(() => server.close());

describe('dms browse on pages shorter than the count says', () => {
  it('says what the page is missing, n goes on by the count, G lands on 31–39, q quits', async () => {
    const height = 24;
    const t = terminals.launch(`browse ${APP}`, {
      width: 100,
      height,
      env: { DMS_URL: `${server.url}/api/v1`, DMS_TOKEN: '1|shortpages', DMS_CONFIG_DIR: tenPerPage(tempDir('dms-e2e-short-'), [APP]) },
    });
    const first = await t.waitFor(/1–3 of 39/);
    expect(first.replace(/\s+/g, ' ')).toContain(
      'The server sent 3 of the 10 deployments of 1–10 (39 in all): 4–10 are not shown. n goes on to 11–20.',
    );
    // The live frame is shorter than the terminal: the pane's last line stays empty.
    const lines = first.replace(/\n$/, '').split('\n');
    expect(lines).toHaveLength(height);
    expect(lines[height - 1]!.trim()).toBe('');
    t.keys('n');
    const second = await t.waitFor(/11–13 of 39/);
    expect(second).toContain('Change 90');
    t.keys('G');
    const last = await t.waitFor(/31–33 of 39/);
    expect(last).toContain('Change 70');
    expect(last.replace(/\s+/g, ' ')).toContain('The server sent 3 of the 9 deployments of 31–39 (39 in all): 34–39 are not shown.');
    t.keys('n');
    await t.waitFor('This is the last page.');
    t.keys('q');
    const after = await t.waitFor(/\[exit \d+\]/);
    expect(after).toContain('[exit 0]');
  });
});
