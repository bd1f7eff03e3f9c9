// The create form offers the values remembered for the server it sends to: started on the demo
// and switched to another context with :ctx, the form offers neither the demo's recent values nor
// its sample data; back on the demo, both again.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../../src/api/client.js';
import { addRecentValues } from '../../../../src/config/recents.js';
import type { TuiOptions } from '../../../../src/tui/options.js';
import { tempDir } from '../../../support/temp.js';
import { KEY, renderApp, type Rendered } from '../../../support/render.js';
import { setUpDemoService } from '../../../support/demo.js';

const demo = setUpDemoService();
const other = setUpDemoService();
let shown: Rendered | undefined;

afterEach(() => {
  shown?.unmount();
  shown = undefined;
});

describe('remembered form values belong to their server', () => {
  it("after :ctx to another server, the create form fills in nothing the demo was sent, nor the demo's sample data", async () => {
    const dir = tempDir('dms-form-recall-');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ contexts: { second: { url: other.url, token: other.token } } }), {
      mode: 0o600,
    });
    const sentToDemo = 'demo-sent-project-0000000000';
    addRecentValues(dir, { project_uuid: sentToDemo }, 'demo');
    const sample = demo.seed.projects.map((p) => p.uuid);
    const options: TuiOptions = {
      client: createClient({ baseUrl: demo.url, token: demo.token }),
      connection: { label: 'DEMO', host: demo.host, origin: demo.origin, demo: true },
      configDir: dir,
      screen: 'browse',
      appUuid: demo.app(),
      showSecrets: false,
      noColor: true,
      demoSuggestions: { project_uuid: sample, server_uuid: demo.seed.servers.map((s) => s.uuid) },
    };
    const ui = (shown = renderApp(options, { size: { columns: 120, rows: 36 } }));
    await ui.waitFor(/1–10 of \d+/);

    // On the demo: what was sent to it, first.
    await ui.press('c');
    let form = await ui.waitFor('Create application');
    expect(form).toContain(sentToDemo);
    await ui.press(KEY.escape);
    await ui.waitFor(/1–10 of \d+/);

    await ui.press(':');
    await ui.type('ctx second');
    await ui.press(KEY.enter);
    await ui.waitFor(/context second/);
    await ui.type(other.seed.applications[0]!.uuid);
    await ui.press(KEY.enter);
    await ui.waitFor(/1–\d+ of \d+/);
    await ui.press('c');
    form = await ui.waitFor(/Create application[\s\S]*› Project/);
    expect(form).not.toContain(sentToDemo);
    for (const uuid of sample) expect(form).not.toContain(uuid);
    expect(form).not.toMatch(/as last time|sample data/);
  });
});
