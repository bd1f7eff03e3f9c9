import { describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { runBin, tempConfigDir } from '../support/run-bin.js';
import { setUpDemoService } from '../support/demo.js';

const demo = setUpDemoService({});

describe('dms context (built binary)', () => {
  it('add reads the token from stdin, stores it 0600, list never prints it, and the context connects', async () => {
    const dir = tempConfigDir();
    const env = { DMS_CONFIG_DIR: dir };
    const add = await runBin(['context', 'add', 'local', '--url', demo.url], { env, input: `${demo.token}\n` });
    expect(add.code).toBe(0);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);

    const list = await runBin(['context', 'list'], { env });
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/local/);
    expect(list.stdout + list.stderr + add.stdout + add.stderr).not.toContain(demo.token.split('|')[1]!);

    const app = demo.app();
    const r = await runBin(['deployments', app, '--take', '2', '--json'], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(2);

    expect((await runBin(['context', 'use', 'nope'], { env })).code).toBe(2);
    expect((await runBin(['context', 'remove', 'local'], { env })).code).toBe(0);
    expect((await runBin(['deployments', app], { env })).code).toBe(2);
  });
});
