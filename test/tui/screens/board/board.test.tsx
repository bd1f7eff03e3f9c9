// The board in the app (fake terminal, the demo service on 127.0.0.1): with --all-contexts, the
// recent applications of the connection in use and of a saved context, each row named by its
// connection; Enter on a row of the other context switches to it and opens the application;
// Esc on its list comes back to the board. Headings and an empty board say what to do.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/api/client.js';
import { addContext } from '../../../../src/config/contexts.js';
import { addRecent } from '../../../../src/config/recents.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { setUpDemoService } from '../../../support/demo.js';
import { renderApp, type Rendered } from '../../../support/render.js';
import { tempDir } from '../../../support/temp.js';

const demo = setUpDemoService();
/** The saved context's server (a context on the server in use would list the same recents). */
const other = setUpDemoService();
let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

let dir: string;
beforeAll(() => {
  dir = tempDir('dms-board-tui-');
  addContext(dir, { name: 'prod', url: other.url, token: other.token });
  addRecent(dir, { uuid: demo.app('docs-site'), name: 'docs-site' }, new URL(demo.url).origin);
  addRecent(dir, { uuid: other.app('docs-site'), name: 'docs-site' }, new URL(other.url).origin);
});

function options(extra: Partial<TuiOptions> = {}): TuiOptions {
  return {
    client: createClient({ baseUrl: demo.url, token: demo.token }),
    connection: { label: 'env', host: new URL(demo.url).host, origin: new URL(demo.url).origin, demo: false },
    configDir: dir,
    screen: 'board',
    showSecrets: false,
    noColor: true,
    ...extra,
  };
}

describe('the board in the app', () => {
  it('--all-contexts: each application under each connection; Enter on the other context switches and opens it; Esc back', async () => {
    ui = renderApp(options({ allContexts: true }), { size: { columns: 120, rows: 30 } });
    const frame = await ui.waitFor((f) => /env\s+✓ finished .*docs-site/.test(f) && /prod\s+✓ finished .*docs-site/.test(f));
    expect(frame).toContain('2 applications · none running');
    await ui.press('\u001b[B'); // ↓ to prod's row
    await ui.press('\r');
    const list = await ui.waitFor((f) => f.includes(`app docs-site ${demo.app('docs-site')}`) && /\d+–\d+ of \d+/.test(f));
    expect(list).toMatch(/context prod/);
    await ui.press('\u001b');
    await ui.waitFor('Board: every recent application');
  });

  it('no recent application: says how one gets there; Esc goes to the picker', async () => {
    ui = renderApp(options({ configDir: tempDir('dms-board-empty-') }), { size: { columns: 120, rows: 30 } });
    await ui.waitFor('No recent application yet');
    await ui.press('\u001b');
    await ui.waitFor('Open an application');
  });
});
