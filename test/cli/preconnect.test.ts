// The built binary opens its connection to the server before got loads for the commands that read
// at once (src/api/preconnect.ts), and the first GET takes it: DMS_DEBUG=1 says so at exit.
import { describe, expect, it } from 'vitest';
import { runBin } from '../support/run-bin.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService();
const NOTE = 'dms: debug: connection opened early:';

describe('the connection opened early', () => {
  it.each([
    ['deployments', (app: string) => ['deployments', app, '--json']],
    ['stats', (app: string) => ['stats', app, '-o', 'json']],
  ])('`dms %s` opens it and its first GET takes it', async (_name, args) => {
    const r = await runBin(args(demo.app()), { env: { ...demo.env, DMS_DEBUG: '1' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`${NOTE} taken by the first GET\n`);
  });

  it('a command that does not read the server opens none', async () => {
    const r = await runBin(['deployments', demo.app(), '--cached'], { env: { ...demo.env, DMS_DEBUG: '1' } });
    expect(r.stderr).toContain('dms: debug: scripts run:');
    expect(r.stderr).not.toContain(NOTE);
  });
});
