// `dms browse` through a shaped link (bench/lib/link.mjs: a one-way delay and a bandwidth cap in
// front of the demo service), in a real terminal: the first visit says the bytes of the page as
// they arrive; the second draws the page as last seen at once, marked, then the fresh one; with
// the server gone, the last-seen page is the offline copy, and a log opened before reads offline.
import { afterEach, describe, expect, it } from 'vitest';
import { startLink, type Link } from '../../bench/lib/link.mjs';
import { setUpDemo } from '../support/terminals.js';
import { tempDir } from '../support/temp.js';

const e2e = setUpDemo('link');
const TIMEOUT = 90_000;
let link: Link | undefined;
afterEach(async () => {
  await link?.close();
  link = undefined;
});

describe('dms browse over a slow link', () => {
  it(
    'first visit: the bytes as they arrive; second: the page as last seen at once, then the fresh one; server gone: offline',
    async () => {
      link = await startLink({ target: e2e.demo.url, delayMs: 125, mbit: 10 });
      const dirs = { DMS_CONFIG_DIR: tempDir('dms-e2e-link-'), DMS_CACHE_DIR: tempDir('dms-e2e-link-pages-') };
      const env = { ...dirs, DMS_URL: link.url };
      const app = e2e.demo.app();

      const first = e2e.launch(`browse ${app}`, { width: 120, height: 36, env });
      await first.waitFor(/\d+(\.\d)? (KB|MB) read/, TIMEOUT);
      const fresh = await first.waitFor(/updated \d+ s ago/, TIMEOUT);
      expect(fresh).not.toMatch(/as of/);
      // A finished row's log, opened with the server answering: kept for reading offline.
      first.keys('j', 'l');
      const log = await first.waitFor(/^Log \d+/m, TIMEOUT);
      first.keys('Escape', 'q');
      await waitExit(first);

      const second = e2e.launch(`browse ${app}`, { width: 120, height: 36, env });
      const seen = await second.waitFor(/as of (?:[\w-]+ )*\d\d:\d\d · refreshing…/, TIMEOUT);
      expect(rows(seen)).toEqual(rows(fresh));
      await second.waitFor(/updated \d+ s ago/, TIMEOUT);
      second.keys('q');
      await waitExit(second);

      await link.close();
      link = undefined;
      const third = e2e.launch(`browse ${app}`, { width: 120, height: 36, env });
      const offline = await third.waitFor(/offline · as of (?:[\w-]+ )*\d\d:\d\d/, TIMEOUT);
      expect(rows(offline)).toEqual(rows(fresh));
      third.keys('j', 'l');
      const kept = await third.waitFor(/^Log \d+/m, TIMEOUT);
      expect(logLines(kept)).toEqual(logLines(log));
      expect(logLines(kept).length).toBeGreaterThan(0);
      third.keys('Escape', 'q');
      await waitExit(third);
    },
    TIMEOUT * 3,
  );
});

/** The table's rows, id and commit (times move between runs). */
function rows(screen: string): string[] {
  return screen
    .split('\n')
    .filter((l) => /^[› ] │/.test(l))
    .slice(1)
    .map((l) => l.split('│').slice(1, 4).join('|'));
}

/** The first lines of a log's body. */
function logLines(screen: string): string[] {
  return screen
    .split('\n')
    .filter((l) => /^\s*(\d\d:\d\d|\$ )/.test(l))
    .slice(0, 5);
}

async function waitExit(session: { exited(): boolean }): Promise<void> {
  const end = Date.now() + 10_000;
  while (!session.exited()) {
    if (Date.now() > end) throw new Error('dms did not exit after q');
    await new Promise((r) => setTimeout(r, 50));
  }
}
