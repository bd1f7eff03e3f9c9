// D on a page seen before (the server out of reach): its rows keep no logs, and the screen says so
// rather than blaming the token. The UI against the demo service over HTTP, a real cache folder,
// then a closed port.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/api/client.js';
import { openCacheAt, type PageCache } from '../../../../src/cache/store.js';
import { viewOf } from '../../../../src/model/deployment.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { NOT_KEPT } from '../../../../src/tui/screens/log-diff/lines.js';
import { KEY, renderApp, until, type Rendered } from '../../../support/render.js';
import { tempDir } from '../../../support/temp.js';
import { setUpDemoService } from '../../../support/demo.js';
import { closedPortUrl } from '../../../support/hostile.js';

const demo = setUpDemoService();
let shown: Rendered | undefined;
afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

function open(cache: PageCache, overrides: Partial<TuiOptions> = {}): Rendered {
  shown?.unmount();
  shown = renderApp(
    {
      client: demo.client,
      connection: { label: 'DEMO', host: demo.host, demo: true, server: 'demo' },
      configDir: tempDir('dms-cached-'),
      appUuid: demo.app(),
      screen: 'browse',
      showSecrets: false,
      noColor: true,
      cache,
      ...overrides,
    },
    { refreshMs: 60_000, size: { columns: 120, rows: 36 } },
  );
  return shown;
}

describe('the log diff on a page seen before', () => {
  it('says the page keeps no logs, and to compare once the server answers', async () => {
    const cache = openCacheAt(tempDir('dms-pages-'));
    const online = open(cache);
    await online.waitFor(/1–10 of [\d,]+/);
    await until(() => cache.readPage('demo', demo.app(), 0, 10) !== undefined);
    const rows = cache.readPage('demo', demo.app(), 0, 10)!.rows.map(viewOf);
    const at = rows.findIndex((v) => v.phase === 'failed');
    expect(at, "a failed row on the demo's first page").toBeGreaterThanOrEqual(0);

    const client = createClient({ baseUrl: await closedPortUrl(), token: demo.token, retries: 0 });
    const offline = open(cache, { client });
    await offline.waitFor(/offline · as of/);
    await offline.press(...Array<string>(at).fill('j'), KEY.enter);
    await offline.waitFor(new RegExp(`^Deployment ${rows[at]!.id} · `, 'm'));
    await offline.press('D');
    const frame = await offline.waitFor(NOT_KEPT);
    expect(frame).not.toContain('token allowed to read');
  });
});
