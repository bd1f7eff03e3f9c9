// The page cache under the browse session: a page shown is kept, the next run draws it in its
// first frame marked `as of …`, and with the server out of reach it is the offline copy. The UI
// against the demo service over HTTP and a real cache folder; a closed port for "out of reach".
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/client.js';
import { openCacheAt, type PageCache } from '../../../src/cache/store.js';
import { viewOf } from '../../../src/model/deployment.js';
import type { TuiOptions } from '../../../src/tui/options.js';
import { KEY, renderApp, until, type Rendered } from '../../support/render.js';
import { tempDir } from '../../support/temp.js';
import { setUpDemoService } from '../../support/demo.js';
import { closedPortUrl } from '../../support/hostile.js';

const demo = setUpDemoService();
let shown: Rendered | undefined;
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function open(cache: PageCache | undefined, overrides: Partial<TuiOptions> = {}): Rendered {
  shown?.unmount();
  shown = renderApp(
    {
      client: demo.client,
      connection: { label: 'DEMO', host: demo.host, demo: true, server: 'demo' },
      configDir: tempDir('dms-cached-'),
      appUuid: demo.app(),
      screen: 'browse',
      showSecrets: false,
      noColor: false,
      cache,
      ...overrides,
    },
    { refreshMs: 60_000, size: { columns: 120, rows: 36 } },
  );
  return shown;
}

/** Opens the application once and waits until its first page is kept. */
async function seeOnce(cache: PageCache): Promise<string> {
  const ui = open(cache);
  const frame = await ui.waitFor(/1–10 of [\d,]+/);
  await until(() => cache.readPage('demo', demo.app(), 0, 10) !== undefined);
  ui.unmount();
  shown = undefined;
  return frame;
}

const rowLines = (frame: string) =>
  frame
    .split('\n')
    .filter((l) => /^[› ] │/.test(l))
    .slice(1);

describe('pages seen before', () => {
  it('are kept without logs, token or secrets, with the failed rows reasons', async () => {
    const dir = tempDir('dms-pages-');
    const cache = openCacheAt(dir);
    await seeOnce(cache);
    const page = cache.readPage('demo', demo.app(), 0, 10)!;
    expect(page.rows).toHaveLength(10);
    expect(page.rows.some((r) => 'logs' in r)).toBe(false);
    const text = readdirSync(join(dir, 'pages'))
      .map((f) => readFileSync(join(dir, 'pages', f), 'utf8'))
      .join('');
    expect(text).not.toContain(demo.token.split('|')[1]!);
  });

  it('draw the page as last seen in the first frame, marked, then the fresh one replaces it', async () => {
    const cache = openCacheAt(tempDir('dms-pages-'));
    const before = await seeOnce(cache);
    const ui = open(cache);
    const first = ui.frames().find((f) => /1–10 of/.test(f));
    expect(first).toMatch(/as of (?:[\w-]+ )*\d\d:\d\d · refreshing…/);
    expect(rowLines(first!)).toHaveLength(10);
    const fresh = await ui.waitFor((f) => /updated/.test(f) && !/as of/.test(f));
    expect(rowLines(fresh).map((l) => l.slice(0, 40))).toEqual(rowLines(before).map((l) => l.slice(0, 40)));
  });

  it('are the offline copy when the server cannot be reached: the error line says why, keys still work', async () => {
    const cache = openCacheAt(tempDir('dms-pages-'));
    await seeOnce(cache);
    const client = createClient({ baseUrl: await closedPortUrl(), token: demo.token, retries: 0 });
    const ui = open(cache, { client });
    const frame = await ui.waitFor(/offline · as of (?:[\w-]+ )*\d\d:\d\d/);
    expect(rowLines(frame)).toHaveLength(10);
    expect(frame).toMatch(/Server unreachable: connection refused\. Retrying every few seconds/);
    expect(frame).not.toContain(demo.token);
    await ui.press('j');
    expect(
      ui
        .frame()
        .split('\n')
        .findIndex((l) => l.startsWith('›')),
    ).toBe(frame.split('\n').findIndex((l) => l.startsWith('›')) + 1);
  });

  it('keep the logs opened while the server answers, readable offline; a log not opened says so', async () => {
    const cache = openCacheAt(tempDir('dms-pages-'));
    await seeOnce(cache);
    const online = open(cache);
    await online.waitFor(/updated/);
    // The second row: a finished deployment's whole log (the first is running).
    await online.press('j', 'l');
    const logFrame = await online.waitFor(/^Log \d+/m);
    const uuid = viewOf(cache.readPage('demo', demo.app(), 0, 10)!.rows[1]!).uuid;
    await until(() => cache.readLog('demo', demo.app(), uuid) !== undefined, 'the log kept');
    const client = createClient({ baseUrl: await closedPortUrl(), token: demo.token, retries: 0 });
    const offline = open(cache, { client });
    await offline.waitFor(/offline · as of/);
    await offline.press('j', 'l');
    const kept = await offline.waitFor(/^Log \d+/m);
    const body = (f: string) =>
      f
        .split('\n')
        .filter((l) => /^\s*\d\d:\d\d|\$ /.test(l))
        .slice(0, 3);
    expect(body(kept).length).toBeGreaterThan(0);
    expect(body(kept)).toEqual(body(logFrame));
    await offline.press(KEY.escape, 'j', 'l');
    await offline.waitFor(/keeps no logs: a log opened while the server answers is kept/);
  });

  it('are not kept, nor read, without a cache (DMS_NO_CACHE)', async () => {
    const ui = open(undefined);
    const frame = await ui.waitFor(/1–10 of/);
    expect(frame).not.toMatch(/as of/);
  });
});
