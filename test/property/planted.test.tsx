// Property: the token and a record's secrets, planted in random fields of random records of both
// shapes (logs included, now and then with invisible characters between their letters), never
// reach any output of a command or any screen: `dms deployments` (table, json, ndjson, csv, --all),
// `dms logs` (text, json, timestamps, debug), `dms create app`, the deployments list, the detail
// view and its raw JSON, the log view, and the recent applications the TUI saves.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import chalk from 'chalk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { withoutInvisible } from '../../src/text/invisible.js';
import { KEY, renderApp } from '../support/render.js';
import { respondWith, type HostileServer } from '../support/hostile.js';
import { SECRET_RECORD_FIELDS, parts, runs, secretValue, tuiRecord } from '../support/arbitraries.js';
import { tempDir } from '../support/temp.js';
import { runInProcess } from '../support/headless.js';

const TOKEN = '42|Zq9TOKENx7Vb2kq';
const MARKS = ['Zq9TOKEN', 'x7Vb2kq', 'Zq9SECRET'];

let level: typeof chalk.level;
let server: HostileServer;
let next = '[]';
beforeAll(async () => {
  level = chalk.level;
  chalk.level = 0;
  server = await respondWith((req, res) => {
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    res.end(next);
  });
});
afterAll(async () => {
  chalk.level = level;
  await server.close();
});
const options = () => ({ baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0 });

const INVISIBLE = ['\u200d', '\u200c', '\u2060', '\u00ad', '\u180e', '\u034f', '\u3164', '\u{e0041}', '\ufe0f'];

/** A value as planted: whole, or with an invisible character slipped between two of its letters. */
const disguised = (value: string) =>
  fc.oneof(
    fc.constant(value),
    fc
      .tuple(fc.integer({ min: 1, max: value.length - 1 }), fc.constantFrom(...INVISIBLE))
      .map(([at, c]) => value.slice(0, at) + c + value.slice(at)),
  );

/** Where a value can be planted: text fields of both shapes, an extra field, a log entry's parts. */
const PLACES = [
  'commit_message',
  'status',
  'server_name',
  'git_branch',
  'application_name',
  'name',
  'description',
  'fqdn',
  'git_repository',
  'git_commit_sha',
  'commit',
  'deployment_uuid',
  'uuid',
  'created_at',
  'build_pack',
  'extra_field',
  'log.output',
  'log.command',
  'log.timestamp',
] as const;

interface Planted {
  readonly record: Record<string, unknown>;
}

const planted: fc.Arbitrary<Planted> = fc
  .tuple(
    tuiRecord,
    fc.array(secretValue, { minLength: 5, maxLength: 5 }),
    fc.uniqueArray(fc.constantFrom(...PLACES), { minLength: 1, maxLength: 5 }),
    fc.constantFrom(TOKEN, TOKEN.split('|')[1]!, 'secret0', 'secret4'),
    fc.nat(1000),
  )
  .chain(([base, secrets, places, what, seed]) => {
    const value = what === 'secret0' ? secrets[0]! : what === 'secret4' ? secrets[4]! : what;
    return fc.array(disguised(value), { minLength: places.length, maxLength: places.length }).map((values) => {
      const record: Record<string, unknown> = { ...base, id: seed + 1, status: 'failed' };
      SECRET_RECORD_FIELDS.forEach((f, i) => {
        record[f] = secrets[i];
      });
      const entry: Record<string, unknown> = {
        command: null,
        output: 'step 1',
        type: 'stderr',
        timestamp: '2026-08-22T15:22:50.123456Z',
        hidden: false,
        batch: 1,
        order: 1,
      };
      places.forEach((place, i) => {
        const text = `before ${values[i]} after`;
        if (place.startsWith('log.')) entry[place.slice(4)] = text;
        else record[place] = text;
      });
      record.logs = JSON.stringify([
        entry,
        { command: null, output: 'done', type: 'stdout', timestamp: '2026-08-22T15:22:51Z', hidden: true, batch: 1, order: 2 },
      ]);
      return { record };
    });
  });

/** The text as a reader sees it: invisible characters, raw or JSON-escaped, taken out. */
function seen(text: string): string {
  const unescaped = text.replace(/\\u([0-9a-fA-F]{4})/g, (all, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return withoutInvisible(c) === '' || /[\ud800-\udfff]/.test(c) ? c : all;
  });
  return withoutInvisible(unescaped).replace(/\n/g, '');
}

function expectNothingPlanted(where: string, text: string) {
  const shown = seen(text);
  for (const mark of MARKS) expect(shown, `${where} shows ${mark}`).not.toContain(mark);
}

describe('planted token and secrets', () => {
  it.each(parts(2))('no headless output holds them (13 pages a part: %i of 2)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(planted, { minLength: 1, maxLength: 3 }), fc.boolean(), async (items, bare) => {
        const records = items.map((p) => p.record);
        next = JSON.stringify(bare ? records : { count: records.length, deployments: records });
        const id = String(records[0]!.id);
        for (const argv of [
          ['deployments', 'app-1'],
          ['deployments', 'app-1', '--json'],
          ['deployments', 'app-1', '-o', 'ndjson'],
          ['deployments', 'app-1', '-o', 'csv'],
          ['deployments', 'app-1', '--all', '-o', 'ndjson'],
          ['deployments', 'app-1', '--time', 'iso'],
          ['logs', 'app-1', id],
          ['logs', 'app-1', id, '--json', '--debug'],
          ['logs', 'app-1', id, '--timestamps', '--debug'],
        ]) {
          const out = await runInProcess(argv, options());
          expectNothingPlanted(argv.join(' '), out.stdout + out.stderr);
        }
      }),
      { numRuns: runs(13) },
    );
  });

  it('no output of dms create app holds them', async () => {
    await fc.assert(
      fc.asyncProperty(planted, async ({ record }) => {
        next = JSON.stringify({ ...record, uuid: typeof record.commit_message === 'string' ? record.commit_message : 'abc' });
        for (const json of [false, true]) {
          const argv = [
            'create',
            'app',
            '--project-uuid',
            'p',
            '--server-uuid',
            's',
            '--environment-name',
            'production',
            '--git-repository',
            'https://github.com/acme/shop',
            '--git-branch',
            'main',
            '--build-pack',
            'nixpacks',
            ...(json ? ['--json'] : []),
          ];
          const out = await runInProcess(argv, options());
          expectNothingPlanted(argv.join(' '), out.stdout + out.stderr);
        }
      }),
      { numRuns: runs(15) },
    );
  });

  it.each(parts(3))(
    'no screen shows them: list, detail, raw JSON, log view; nor the saved recent applications (4 records a part: %i of 3)',
    async () => {
      const client = createClient(options());
      await fc.assert(
        fc.asyncProperty(planted, async ({ record }) => {
          next = JSON.stringify({ count: 1, deployments: [record] });
          const configDir = tempDir();
          const ui = renderApp(
            {
              client,
              connection: { label: 'fuzz', host: '127.0.0.1', demo: false },
              configDir,
              appUuid: 'app-fuzz',
              screen: 'browse',
              showSecrets: false,
              noColor: true,
            },
            { size: { columns: 100, rows: 30 } },
          );
          try {
            await ui.waitFor(/1–1/);
            await ui.press(KEY.enter);
            await ui.waitFor(/Deployment/);
            await ui.press('y', 'G');
            await ui.press('y', KEY.escape);
            await ui.waitFor(/1–1/);
            await ui.press('l');
            await ui.waitFor(/step 1|before|\[token\]|••••/);
            await ui.press('d', 't');
            for (const f of ui.frames()) expectNothingPlanted('a frame', f);
          } finally {
            ui.unmount();
          }
          const recents = join(configDir, 'recents.json');
          if (existsSync(recents)) expectNothingPlanted('recents.json', readFileSync(recents, 'utf8'));
        }),
        { numRuns: runs(4) },
      );
    },
  );
});
