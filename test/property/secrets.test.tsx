// Property: secret values (webhook secrets, the basic-auth password, passwords inside URLs) never
// appear unmasked in the headless output (--json and table), the TUI table, the detail view or its
// raw JSON, unless secrets are asked for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readDeploymentList } from '../../src/api/schemas/deployment.js';
import { maskRecord, maskUrlPasswords } from '../../src/text/secrets.js';
import { plainTheme } from '../../src/tui/theme.js';
import { detailLines, rawJsonLines } from '../../src/tui/screens/detail/lines.js';
import { KEY } from '../support/render.js';
import { SECRET_RECORD_FIELDS, secretValue, tuiRecord, urlWithPassword, runs } from '../support/arbitraries.js';
import { runDeploymentsInProcess } from '../support/headless.js';
import { setUpFuzzServers } from '../support/screen.js';

const fuzz = setUpFuzzServers();

/** String fields that commonly hold URLs and are shown as values. */
const URL_FIELDS = [
  'fqdn',
  'git_repository',
  'git_full_url',
  'preview_url_template',
  'custom_labels',
  'description',
  'git_branch',
  'name',
] as const;
/** Fields the TUI properties plant URL passwords in: all of them (the table and detail heading mask too). */
const TUI_URL_FIELDS = URL_FIELDS;

interface Planted {
  readonly record: Record<string, unknown>;
  readonly secrets: string[];
}

/** A generated record with recognisable secrets in every secret field and a URL password in one URL field. */
const plantedIn = (fields: readonly string[]): fc.Arbitrary<Planted> =>
  fc
    .tuple(tuiRecord, fc.array(secretValue, { minLength: 6, maxLength: 6 }), fc.constantFrom(...fields), fc.nat(2))
    .chain(([base, values, urlField, shape]) =>
      urlWithPassword(values[5]!).map((url) => {
        const record: Record<string, unknown> = { ...base };
        SECRET_RECORD_FIELDS.forEach((f, i) => {
          record[f] = values[i];
        });
        record[urlField] = shape === 0 ? url : shape === 1 ? `see ${url} for details` : `${url}\n${url}`;
        return { record, secrets: values };
      }),
    );
const planted = plantedIn(URL_FIELDS);
const plantedTui = plantedIn(TUI_URL_FIELDS);

function expectNoSecret(text: string, secrets: readonly string[]) {
  for (const s of secrets) expect(text).not.toContain(s);
}

describe('secrets stay masked', () => {
  it('dms deployments --json and the table never print a secret; --show-secrets prints them as sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(planted, { minLength: 1, maxLength: 3 }), fc.boolean(), async (items, shape) => {
        const records = items.map((p) => p.record);
        fuzz.answer(shape ? records : { count: 99, deployments: records });
        const secrets = items.flatMap((p) => p.secrets);
        const options = fuzz.client('1|t0ken');
        const json = await runDeploymentsInProcess(['app-1', '--json'], options);
        expect(json.code).toBe(0);
        expectNoSecret(json.stdout + json.stderr, secrets);
        const table = await runDeploymentsInProcess(['app-1'], options);
        expect(table.code).toBe(0);
        expectNoSecret(table.stdout + table.stderr, secrets);
        const shown = await runDeploymentsInProcess(['app-1', '--json', '--show-secrets'], options);
        for (const p of items) for (const f of SECRET_RECORD_FIELDS) expect(shown.stdout).toContain(String(p.record[f]));
      }),
      { numRuns: runs(40) },
    );
  });

  it('the detail view and its raw JSON never show a secret without reveal, whatever the width', () => {
    fc.assert(
      fc.property(planted, fc.integer({ min: 20, max: 160 }), ({ record, secrets }, width) => {
        const d = readDeploymentList([record])!.deployments[0]!;
        const all = [
          ...detailLines(d, { reveal: false, width, theme: plainTheme }),
          ...rawJsonLines(d, { reveal: false, width, theme: plainTheme }),
        ]
          .map((l) => `${l.label ?? ''}${l.text}`)
          .join('');
        // Lines are wrapped: join them so a secret split over two lines is still found.
        expectNoSecret(all, secrets);
        // And with reveal (--show-secrets, then s), the secret fields are there in clear.
        const revealed = detailLines(d, { reveal: true, width: 1000, theme: plainTheme })
          .map((l) => l.text)
          .join('\n');
        for (const f of SECRET_RECORD_FIELDS) expect(revealed).toContain(String(record[f]));
      }),
      { numRuns: runs(25) },
    );
  });

  it('s in the detail view without --show-secrets keeps secrets masked and says how to allow it', async () => {
    await fc.assert(
      fc.asyncProperty(plantedTui, async ({ record, secrets }) => {
        const ui = fuzz.screens.show([record], { width: 100 });
        try {
          await ui.waitFor(/1–1/);
          await ui.press(KEY.enter, 's');
          await ui.waitFor('--show-secrets');
          await ui.press('y', 'G');
          await ui.waitFor('raw JSON');
          for (const f of ui.frames()) expectNoSecret(f.replace(/\n/g, ''), secrets);
        } finally {
          ui.unmount();
        }
      }),
      { numRuns: runs(10) },
    );
  });

  it('the TUI deployments table never shows a secret', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(plantedTui, { minLength: 1, maxLength: 4 }), async (items) => {
        // A 100-column terminal: wider frames would wrap and split a secret in two.
        const ui = fuzz.screens.show(
          items.map((p) => p.record),
          { width: 100 },
        );
        try {
          await ui.waitFor(/1–\d+/);
          for (const f of ui.frames()) {
            expectNoSecret(
              f,
              items.flatMap((p) => p.secrets),
            );
            // A cut cell could show only the start of a secret: any piece of one is a leak.
            expect(f).not.toContain('Zq9SE');
          }
        } finally {
          ui.unmount();
        }
      }),
      { numRuns: runs(15) },
    );
  });

  it('maskRecord hides every secret field and URL password, nested at any depth', () => {
    fc.assert(
      fc.property(planted, fc.nat(3), ({ record, secrets }, depth) => {
        let wrapped: unknown = record;
        for (let i = 0; i < depth; i++) wrapped = i % 2 ? [wrapped] : { nested: wrapped };
        expectNoSecret(JSON.stringify(maskRecord(wrapped)), secrets);
      }),
      { numRuns: runs(100) },
    );
  });

  // A pattern that backtracks on this value takes minutes: the test's timeout catches it, no clock is read.
  it('masking a URL password stays linear: a 1 MB value is masked', () => {
    const huge = `${'x'.repeat(500_000)} https://u:Zq9SECRETbig@h ${'a'.repeat(500_000)}`;
    const masked = maskUrlPasswords(huge);
    expect(masked).not.toContain('Zq9SECRETbig');
    expect(masked).toContain('https://u:••••@h');
  });
});
