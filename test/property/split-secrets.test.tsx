// Property (issue 31, 1): a secret split by characters a screen drops or a JSON reader decodes
// (NUL, DEL, U+0085, BS, CR, TAB, escape sequences, invisible characters, `\u` escapes inside a
// log) never shows whole in any output: the token, a webhook secret (top level or nested), an
// extra password-named field, a secret-named key inside the log. Outputs are read as a person or
// a script would read them: controls and escapes dropped, JSON escapes decoded (text/hide.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEY } from '../support/render.js';
import { runs } from '../support/arbitraries.js';
import { readings } from '../support/seen.js';
import { runInProcess } from '../support/headless.js';
import { setUpFuzzServers } from '../support/screen.js';

const TOKEN = '42|Zq9sEcReTtOkEn8v';
/** The token of the TUI's client (test/support/screen.tsx). */
const SCREEN_TOKEN = '1|fuzzscreentoken';

/** What a screen drops or a reader decodes, one of each kind. */
const SPLITTERS = [
  '\u0000',
  '\u0007',
  '\b',
  '\r',
  '\t',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u001b[0m',
  '\u001b[38;2;1;2;3m',
  '\u001b]0;t\u0007',
  '\u001b]8;;https://x.example\u001b\\',
  '\u001b(0',
  '\u009d0;t\u009c',
  '\u200b',
  '\u2060',
  '\u00ad',
  '\u{e0041}',
  '\u202e',
];

/** A value with splitters at 1–3 places inside it. */
function splitArb(value: string): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.integer({ min: 1, max: value.length - 1 }), fc.constantFrom(...SPLITTERS)), { minLength: 1, maxLength: 3 })
    .map((cuts) => {
      let out = value;
      for (const [at, junk] of [...cuts].sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + junk + out.slice(at);
      return out;
    });
}

const secretArb = fc.stringMatching(/^[A-Za-z0-9]{8,14}$/).map((s) => `Q7${s}`);
const FIELDS = [
  'commit_message',
  'server_name',
  'git_branch',
  'application_name',
  'status',
  'note',
  'nested',
  'url',
  'log',
  'log-escaped',
  'log-command',
] as const;

interface Case {
  readonly body: unknown;
  /** Every value that must not show whole. */
  readonly secrets: readonly string[];
}

/** Spells each letter of a text as a `\uXXXX` escape, as JSON text (for a log: JSON inside a string). */
const spelled = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

/** One deployed-shape row holding every kind of secret, and one of them split in one field. */
const caseArb = (token: string): fc.Arbitrary<Case> =>
  fc
    .record({
      webhook: secretArb,
      nested: secretArb,
      extra: secretArb,
      inLog: secretArb,
      which: fc.constantFrom('token', 'webhook', 'nested', 'extra', 'inLog'),
      field: fc.constantFrom(...FIELDS),
      snapshot: fc.boolean(),
    })
    .chain((c) => {
      const values = { token, webhook: c.webhook, nested: c.nested, extra: c.extra, inLog: c.inLog };
      const chosen = values[c.which];
      return splitArb(chosen).map((split) => {
        const entries: Record<string, unknown>[] = [
          {
            command: null,
            output: 'Starting deployment of shop to srv.',
            type: 'stdout',
            timestamp: '2026-11-20T10:00:00.000000Z',
            hidden: false,
            batch: 1,
            order: 1,
          },
          {
            command: null,
            output: `config {"api_token":"${c.inLog}"}`,
            type: 'stdout',
            timestamp: '2026-11-20T10:00:01.000000Z',
            hidden: false,
            batch: 1,
            order: 2,
          },
        ];
        if (c.field === 'log')
          entries.push({
            command: null,
            output: `pushed ${split} done`,
            type: 'stderr',
            timestamp: '2026-11-20T10:00:02.000000Z',
            hidden: false,
            batch: 2,
            order: 3,
          });
        if (c.field === 'log-command')
          entries.push({
            command: `curl -H ${split}`,
            output: 'ok',
            type: 'stdout',
            timestamp: '2026-11-20T10:00:02.000000Z',
            hidden: false,
            batch: 2,
            order: 3,
          });
        let logs = JSON.stringify(entries);
        // Letters written as `\u` escapes inside the log's JSON: plain once the log is decoded.
        if (c.field === 'log-escaped')
          logs = logs.replace('Starting deployment', `Starting ${spelled(chosen.slice(0, 6))}${chosen.slice(6)} deployment`);
        const row: Record<string, unknown> = {
          id: 7,
          deployment_uuid: 'dep7aaaaaaaaaaaaaaaaaaaa',
          application_name: 'shop',
          server_name: 'srv',
          status: 'failed',
          commit: 'abc1234def',
          commit_message: 'Fix the build',
          git_branch: 'main',
          created_at: '2026-11-20T10:00:00.000000Z',
          finished_at: '2026-11-20T10:03:00.000000Z',
          deployment_url: '/project/p/deployment/dep7aaaaaaaaaaaaaaaaaaaa',
          root_password: c.extra,
          application: { name: 'shop', manual_webhook_secret_provider_a: c.nested, description: 'the shop' },
          logs,
        };
        // A row of the contract's shape carries a webhook secret field too.
        if (c.snapshot) row.manual_webhook_secret_provider_b = c.webhook;
        const place = `${split}`;
        switch (c.field) {
          case 'commit_message':
            row.commit_message = `NUL ${place} end`;
            break;
          case 'server_name':
            row.server_name = place;
            break;
          case 'git_branch':
            row.git_branch = place;
            break;
          case 'application_name':
            row.application_name = `shop ${place}`;
            break;
          case 'status':
            row.status = place;
            break;
          case 'note':
            row.note = `see ${place}`;
            break;
          case 'nested':
            (row.application as Record<string, unknown>).description = `d ${place}`;
            break;
          case 'url':
            row.deployment_url = `/project/p/deployment/dep7aaaaaaaaaaaaaaaaaaaa?t=${place}`;
            break;
          default:
            break;
        }
        // The webhook secret only counts as a secret where the row says so.
        const secrets = [token, token.split('|')[1]!, c.nested, c.extra, c.inLog, ...(c.snapshot ? [c.webhook] : [])];
        return { body: { count: 1, deployments: [row] }, secrets };
      });
    });

function expectHidden(output: string, secrets: readonly string[]): void {
  for (const [i, reading] of readings(output).entries()) {
    for (const s of secrets) expect(reading.includes(s), `${s} in reading ${i} of the output`).toBe(false);
  }
}

const fuzz = setUpFuzzServers();

describe('a secret split by what the display drops never shows whole', () => {
  it('dms deployments (table, csv, json, ndjson) and dms logs (text, json)', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb(TOKEN), async ({ body, secrets }) => {
        fuzz.answer(body);
        const options = fuzz.client(TOKEN);
        for (const argv of [
          ['deployments', 'app-1'],
          ['deployments', 'app-1', '-o', 'csv'],
          ['deployments', 'app-1', '--json'],
          ['deployments', 'app-1', '-o', 'ndjson'],
          ['logs', 'app-1', 'dep7aaaaaaaaaaaaaaaaaaaa'],
          ['logs', 'app-1', 'dep7aaaaaaaaaaaaaaaaaaaa', '--json'],
        ]) {
          const r = await runInProcess(argv, options);
          expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(0);
          // Not vacuous: the row (or its log) is there.
          expect(r.stdout).toMatch(argv[0] === 'logs' ? /Starting/ : /dep7|7/);
          expectHidden(r.stdout + r.stderr, secrets);
        }
      }),
      { numRuns: runs(30) },
    );
  });

  it('the TUI list, detail and raw JSON', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb(SCREEN_TOKEN), async ({ body, secrets }) => {
        const ui = fuzz.screens.show(body, { width: 100 });
        try {
          await ui.waitFor(/1–1/);
          await ui.press(KEY.enter);
          await ui.waitFor('dep7');
          await ui.press('G');
          for (const f of ui.frames()) expectHidden(f.replace(/\n/g, ''), secrets);
        } finally {
          ui.unmount();
        }
      }),
      { numRuns: runs(8) },
    );
  });
});
