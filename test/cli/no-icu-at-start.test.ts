// A headless command starts no Intl object: the first one a process makes starts ICU (~20 ms), and
// got's @sindresorhus/is made two Intl.ListFormat at its top level, before any request could leave
// (scripts/stubs/list-format.mjs). Counted by a preload that wraps Intl's constructors.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBin } from '../support/run-bin.js';
import { setUpDemoService } from '../support/demo.js';
import { tempDir } from '../support/temp.js';
import { json, serversClosedAfterEach } from '../support/hostile.js';

const demo = setUpDemoService();
const serve = serversClosedAfterEach(afterEach);
let dir: string;
let preload: string;

const KINDS = [
  'ListFormat',
  'Segmenter',
  'DateTimeFormat',
  'NumberFormat',
  'Collator',
  'PluralRules',
  'RelativeTimeFormat',
  'DisplayNames',
  'Locale',
];

beforeAll(() => {
  dir = tempDir('dms-intl-');
  preload = join(dir, 'count-intl.cjs');
  writeFileSync(
    preload,
    `const made = [];
for (const kind of ${JSON.stringify(KINDS)}) {
  const Real = Intl[kind];
  Intl[kind] = new Proxy(Real, { construct(target, args, newTarget) { made.push(kind); return Reflect.construct(target, args, newTarget); } });
}
process.on('exit', () => require('node:fs').writeFileSync(process.env.INTL_MADE, JSON.stringify(made)));
`,
  );
});

/** The Intl objects `dms ARGS` made, by kind, in order. */
async function intlMade(
  args: string[],
  env: Record<string, string> = demo.env,
): Promise<{ made: string[]; code: number | null; stdout: string; stderr: string }> {
  const file = join(dir, `made-${Math.random().toString(36).slice(2)}.json`);
  const r = await runBin(args, { env: { ...env, NODE_OPTIONS: `--require ${preload}`, INTL_MADE: file } });
  return { ...r, made: JSON.parse(readFileSync(file, 'utf8')) as string[] };
}

describe('starting a command that talks to the server', () => {
  it('makes no Intl object: `dms deployments APP --json` reads a page without starting ICU', async () => {
    const r = await intlMade(['deployments', demo.app(), '--json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"status"');
    expect(() => JSON.parse(r.stdout) as unknown).not.toThrow();
    expect(r.made).toEqual([]);
  });

  it('counts what it makes: a subject of emoji joined into one (a table must measure it) makes a Segmenter', async () => {
    const app = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';
    const row = {
      id: 7,
      deployment_uuid: 'dep7abcdefghijklmnopq',
      status: 'finished',
      commit: 'a'.repeat(40),
      commit_message: 'ship 👩‍👩‍👧 family page',
      created_at: '2026-08-22T15:20:00.000000Z',
      finished_at: '2026-08-22T15:23:12.000000Z',
    };
    const server = await serve(json(200, [row]));
    const r = await intlMade(['deployments', app, '--take', '1'], {
      DMS_URL: `${server.url}/api/v1`,
      DMS_TOKEN: '7|intlTestSecretToken1234',
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('👩‍👩‍👧');
    expect(r.made).toContain('Segmenter');
    expect(r.made).not.toContain('ListFormat');
  });
});
