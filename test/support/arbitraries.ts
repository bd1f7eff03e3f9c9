// fast-check arbitraries for hostile server data, built from the field lists of interface.md §2.1:
// records with nulls, wrong types, huge strings, extra fields, emoji and wide characters, every
// C0/C1 control character and CSI/OSC/DCS escape sequences in every string field; list bodies in
// both shapes and broken ones; creation bodies near the edge of what the validators accept.
import fc from 'fast-check';
import {
  DEPLOYMENT_BOOL_FIELDS,
  DEPLOYMENT_INT_FIELDS,
  DEPLOYMENT_STATUSES,
  DEPLOYMENT_STRING_FIELDS,
} from '../../src/api/schemas/deployment.js';
import { BUILD_PACKS, HEALTH_CHECK_METHODS, HEALTH_CHECK_SCHEMES, REDIRECTS } from '../../src/api/schemas/rules.js';
import { CREATE_APP_FIELDS } from '../../src/api/schemas/create-app.js';
import { DOCSTORE_FIELDS } from '../../src/api/schemas/create-docstore.js';

/** Every C0 control, DEL and every C1 control, one character each. */
export const CONTROL_CHARS: readonly string[] = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  '\u007f',
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i)),
];

/** Escape sequences a hostile server might plant: CSI, OSC (BEL and ST ended), DCS, APC, 8-bit forms, broken ones. */
export const ESCAPE_SEQUENCES: readonly string[] = [
  '\u001b[31m',
  '\u001b[0m',
  '\u001b[2J',
  '\u001b[H',
  '\u001b[?1049l',
  '\u001b[?25l',
  '\u001b[1;1H',
  '\u001b[6n',
  '\u001b[38;2;255;0;0m',
  '\u001b[>c',
  '\u001b[',
  '\u001b[999999999999999999999999C',
  '\u001b]0;pwned title\u0007',
  '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\',
  '\u001b]52;c;cGFzdGU=\u0007',
  '\u001b]0;unterminated',
  '\u001bP1$r0m\u001b\\',
  '\u001bPq#0;2;0;0;0\u001b\\',
  '\u001b_apc\u001b\\',
  '\u001b^pm\u001b\\',
  '\u001bX sos \u001b\\',
  '\u001bc',
  '\u001b7',
  '\u001b8',
  '\u001b(0',
  '\u001b#8',
  '\u001b',
  '\u001b\u001b[A',
  '\u009b31m',
  '\u009b2J',
  '\u009d0;title\u009c',
  '\u0090dcs\u009c',
  '\u009f apc',
  '\u0007',
  '\u001b\u009b\u0007',
  '\u202eevil\u202c',
  '\u2066iso\u2069',
];

/** Wide characters, emoji (with joiners and modifiers), combining marks, RTL text. */
export const WIDE_TEXT: readonly string[] = [
  '部署',
  '漢字テスト',
  '한국어',
  '🚀',
  '👩‍💻',
  '👍🏽',
  '🇩🇪',
  '❤️',
  'é',
  'e\u0301',
  'ﷺ',
  'עברית',
  '\u200b',
  '\u00ad',
  'ｗｉｄｅ',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\ufeff',
  '\ud83d',
  '\udc00',
];

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 3, arbitrary: fc.constantFrom(...ESCAPE_SEQUENCES) },
  { weight: 3, arbitrary: fc.constantFrom(...CONTROL_CHARS) },
  { weight: 2, arbitrary: fc.constantFrom(...WIDE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
);

/** Plain text, escapes, controls and wide characters mixed; never huge. */
export const mixedString: fc.Arbitrary<string> = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));

/**
 * A string mixing plain text, escapes, controls and wide characters; now and then empty, and now
 * and then huge (up to `hugeMax` characters with an escape in the middle).
 */
export function hostileStringOf(hugeMax: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: mixedString },
    { weight: 1, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: Math.min(1000, hugeMax), max: hugeMax }), fc.constantFrom(...ESCAPE_SEQUENCES))
        .map(([n, esc]) => `${'x'.repeat(n)}${esc}${'部'.repeat(50)}`),
    },
  );
}

/** Huge strings of up to 20 000 characters: for the client and the headless output. */
export const hostileString = hostileStringOf(20_000);

/** A value of any JSON type (for wrong-typed fields and extra fields). */
export function anyJsonOf(str: fc.Arbitrary<string> = mixedString): fc.Arbitrary<unknown> {
  return fc.oneof(
    str,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(str, { maxLength: 3 }),
    fc.dictionary(mixedString, str, { maxKeys: 3 }),
  );
}
export const anyJson = anyJsonOf(hostileString);

function fieldValue(right: fc.Arbitrary<unknown>, wrong: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 6, arbitrary: right }, { weight: 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: wrong });
}

/**
 * A deployment record as a hostile server sends it: each §2.1 field present or absent, of the
 * right type (strings hostile), null, or of a wrong type; plus extra fields with hostile names.
 */
export function hostileRecordOf(hugeMax: number): fc.Arbitrary<Record<string, unknown>> {
  const str = hostileStringOf(hugeMax);
  const wrong = anyJsonOf(str);
  const stringValue = fieldValue(
    fc.oneof(
      { weight: 5, arbitrary: str },
      { weight: 1, arbitrary: fc.constantFrom(...DEPLOYMENT_STATUSES) },
      { weight: 1, arbitrary: fc.constantFrom('2026-08-22T15:22:50.000000Z', '2026-08-22 15:22:50', 'not a date', '9999-99-99T99:99:99Z') },
    ),
    wrong,
  );
  const intValue = fieldValue(fc.oneof(fc.integer(), fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2)), wrong);
  const boolValue = fieldValue(fc.boolean(), wrong);
  return fc
    .record({
      ints: fc.record(Object.fromEntries(DEPLOYMENT_INT_FIELDS.map((f) => [f, intValue])), { requiredKeys: [] }),
      bools: fc.record(Object.fromEntries(DEPLOYMENT_BOOL_FIELDS.map((f) => [f, boolValue])), { requiredKeys: [] }),
      strings: fc.record(Object.fromEntries(DEPLOYMENT_STRING_FIELDS.map((f) => [f, stringValue])), { requiredKeys: [] }),
      extra: fc.dictionary(
        mixedString.filter((k) => k !== '__proto__'),
        wrong,
        { maxKeys: 3 },
      ),
    })
    .map(({ ints, bools, strings, extra }) => ({ ...extra, ...ints, ...bools, ...strings }));
}

/** A record with every string field holding an escape sequence and hostile text (all fields at once). */
export const saturatedRecord: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(mixedString, fc.constantFrom(...ESCAPE_SEQUENCES), fc.integer())
  .map(([s, esc, id]) =>
    Object.fromEntries([
      ...DEPLOYMENT_STRING_FIELDS.map((f) => [f, `${esc}${f}${s}${esc}`]),
      ...DEPLOYMENT_INT_FIELDS.map((f) => [f, id]),
      ...DEPLOYMENT_BOOL_FIELDS.map((f) => [f, true]),
    ]),
  );

export function anyRecordOf(hugeMax: number): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof({ weight: 4, arbitrary: hostileRecordOf(hugeMax) }, { weight: 1, arbitrary: saturatedRecord });
}

/** Values a server writes for a whole number: numbers, digits in a string, and junk. */
const readableInt = fc.oneof(
  fc.integer(),
  fc.integer({ min: -5, max: 99_999 }).map(String),
  fc.constantFrom(0, '0', '12', ' 3', '1.5', 2 ** 53 + 2),
);
/** Values a server writes for a flag: booleans, 0/1, their strings, and junk. */
const readableBool = fc.oneof(fc.boolean(), fc.constantFrom(0, 1, '0', '1', 'true', 'false', 'yes', 2));

/** A commit message: hostile one-liners, multi-line with bodies, now and then 10,000 lines. */
export function commitMessageOf(hugeMax: number): fc.Arbitrary<string> {
  const str = hostileStringOf(hugeMax);
  return fc.oneof(
    { weight: 5, arbitrary: str },
    {
      weight: 3,
      arbitrary: fc
        .tuple(fc.array(str, { minLength: 2, maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\n\n'))
        .map(([lines, sep]) => lines.join(sep)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(str, fc.constantFrom(...ESCAPE_SEQUENCES))
        .map(([head, esc]) => [head, '', ...Array.from({ length: 10_000 }, (_, i) => `${esc}line ${i} 部署`)].join('\n')),
    },
  );
}

/**
 * A row of the deployment queue as deployed servers send it (service-behaviour.md): each field
 * present or absent, of its type, in a plainly readable other type, null, or junk.
 */
export function queueRowOf(hugeMax: number): fc.Arbitrary<Record<string, unknown>> {
  const str = hostileStringOf(hugeMax);
  const wrong = anyJsonOf(mixedString);
  const int = fieldValue(readableInt, wrong);
  const bool = fieldValue(readableBool, wrong);
  const text = fieldValue(str, wrong);
  const time = fieldValue(
    fc.constantFrom('2026-08-22T15:22:50.000000Z', '2026-08-22T15:29:01.000000Z', '2026-08-22 15:22:50', 'soon', ''),
    wrong,
  );
  return fc.record(
    {
      id: int,
      deployment_uuid: text,
      application_id: fieldValue(readableInt.map(String), wrong),
      pull_request_id: int,
      force_rebuild: bool,
      commit: fieldValue(fc.oneof(fc.constant('HEAD'), fc.stringMatching(/^[0-9a-f]{40}$/), str), wrong),
      status: fieldValue(fc.oneof(fc.constantFrom(...DEPLOYMENT_STATUSES), str), wrong),
      is_webhook: bool,
      is_api: bool,
      created_at: time,
      updated_at: time,
      finished_at: time,
      restart_only: bool,
      only_this_server: bool,
      rollback: bool,
      git_type: text,
      server_id: int,
      application_name: text,
      server_name: text,
      destination_id: fieldValue(readableInt.map(String), wrong),
      deployment_url: fieldValue(
        fc.oneof(
          str.map((x) => `/project/p/deployment/${x}`),
          fc.constantFrom('https://h.example/x', 'javascript:alert(1)'),
        ),
        wrong,
      ),
      commit_message: fieldValue(commitMessageOf(hugeMax), wrong),
      horizon_job_worker: text,
      configuration_hash: text,
    },
    { requiredKeys: [] },
  );
}

/** A snapshot record with a queue row's fields mixed in (some servers send both). */
export function mixedRecordOf(hugeMax: number): fc.Arbitrary<Record<string, unknown>> {
  return fc.tuple(hostileRecordOf(hugeMax), queueRowOf(hugeMax)).map(([snapshot, row]) => ({ ...snapshot, ...row }));
}

/** Any record a server may send: a snapshot, a queue row, a mix, or all strings saturated. */
export function anyShapeRecordOf(hugeMax: number): fc.Arbitrary<Record<string, unknown>> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileRecordOf(hugeMax) },
    { weight: 3, arbitrary: queueRowOf(hugeMax) },
    { weight: 2, arbitrary: mixedRecordOf(hugeMax) },
    { weight: 1, arbitrary: saturatedRecord },
  );
}

/** A list body in either good shape, and how many records it holds. */
export function listBodyOf(hugeMax: number): fc.Arbitrary<{ body: unknown; count: number }> {
  return fc
    .tuple(
      fc.array(fc.oneof({ weight: 9, arbitrary: anyShapeRecordOf(hugeMax) }, { weight: 1, arbitrary: anyJsonOf(mixedString) }), {
        maxLength: 6,
      }),
      fc.constantFrom('array', 'object'),
      fc.oneof(fc.nat(), fc.constant(null), fc.constant(-3), fc.constant('12'), fc.constant(1.5)),
      fc.dictionary(fc.constantFrom('links', 'meta', 'page', 'x'), anyJsonOf(mixedString), { maxKeys: 2 }),
    )
    .map(([records, shape, count, extra]) => ({
      body: shape === 'array' ? records : { ...extra, count, deployments: records },
      count: records.length,
    }));
}

/** For the client and headless output: huge strings up to 20 000 characters. */
export const anyRecord = anyShapeRecordOf(20_000);
export const listBody = listBodyOf(20_000);
/**
 * For the TUI renderers: huge strings capped at 1 500 characters, because wrapping costs
 * ~10 µs per character there (see the hardening report); larger ones are timed separately.
 */
export const tuiRecord = anyShapeRecordOf(1_500);
export const tuiListBody = listBodyOf(1_500);

/** Bodies that are not a deployment list at all (the client must say so with a typed error). */
export const brokenListBody: fc.Arbitrary<string> = fc.oneof(
  anyJson.filter((v) => !Array.isArray(v)).map((v) => JSON.stringify(v)),
  fc.constant('{"count": 3}'),
  fc.constant('{"deployments": {"0": {}}}'),
  fc.constant('[{"id": 1,'),
  fc.constant(''),
  fc.constant('<!DOCTYPE html><html><body>Server Error</body></html>'),
  hostileString.map((s) => `${s}{`),
  fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => {
    try {
      return !Array.isArray(JSON.parse(s));
    } catch {
      return true;
    }
  }),
);

// ---------------------------------------------------------------------------------------------
// Secrets: values that must never be shown unmasked.

/** A recognisable secret value: a marker nobody else prints, plus a random tail. */
export const secretValue: fc.Arbitrary<string> = fc.stringMatching(/^[A-Za-z0-9]{6,12}$/).map((s) => `Zq9SECRET${s}`);

export const SECRET_RECORD_FIELDS = [
  'manual_webhook_secret_provider_a',
  'manual_webhook_secret_provider_b',
  'manual_webhook_secret_provider_c',
  'manual_webhook_secret_provider_d',
  'http_basic_auth_password',
] as const;

/** A URL carrying a password, for the URL-valued fields. */
export const urlWithPassword = (password: string) =>
  fc.constantFrom(
    `https://admin:${password}@app.example.com`,
    `docstore://root:${password}@db.internal:27017/?authSource=admin`,
    `https://deploy:${password}@git.example.com/owner/repo.git`,
  );

// ---------------------------------------------------------------------------------------------
// Creation bodies: mostly valid-looking, with one or two things wrong often enough.

export interface SeedPlaces {
  readonly projects: readonly string[];
  readonly servers: readonly string[];
  readonly environments: readonly { readonly uuid: string; readonly name: string; readonly project_uuid: string }[];
}

function placeArb(seed: SeedPlaces) {
  const uuid = (real: readonly string[]) =>
    fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: fc.uuid() });
  return fc.record(
    {
      project_uuid: uuid(seed.projects),
      server_uuid: uuid(seed.servers),
      environment_name: fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom('production', 'staging') },
        { weight: 1, arbitrary: fc.constant('nowhere') },
      ),
      environment_uuid: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...seed.environments.map((e) => e.uuid)) },
        { weight: 1, arbitrary: fc.uuid() },
      ),
    },
    { requiredKeys: ['project_uuid', 'server_uuid'] },
  );
}

/** Values that break a field: wrong types, empty strings, out-of-range numbers, junk text. */
const BAD_VALUES = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom('', ' ', 'not valid!', '70000', '-1', 'ftp://x', '1:2:3', 'abc', 'lots', 'PATCH', 'sometimes', '0-'),
  },
  { weight: 2, arbitrary: fc.constantFrom(-1, 0, 1.5, 70_000, 1e12, true, false, null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [1], { name: '' }, [{ name: 'web', extra: 1 }], [{ domain: 'https://x.example.com' }]) },
);

/** 0, 1 or 2 changes that may make a good body invalid: a field set to a bad value, an unknown field, a field removed. */
function corruptions(fields: readonly string[]) {
  const change = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(fc.constantFrom(...fields), BAD_VALUES).map(([f, v]) => ({ set: f, value: v as unknown })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('unknown_field', 'is_private', 'extra'), fc.jsonValue())
        .map(([f, v]) => ({ set: f, value: v as unknown })),
    },
    { weight: 2, arbitrary: fc.constantFrom(...fields).map((f) => ({ remove: f })) },
  );
  return fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 2, arbitrary: fc.array(change, { minLength: 1, maxLength: 2 }) });
}

function applyChanges(body: Record<string, unknown>, changes: readonly ({ set: string; value: unknown } | { remove: string })[]) {
  for (const c of changes) {
    if ('remove' in c) delete body[c.remove];
    else body[c.set] = c.value;
  }
  return body;
}

const urls = fc.constantFrom('https://app.example.com', 'http://a.example.com,https://b.example.com');
const memory = fc.constantFrom('512m', '1g', '0', '1.5g');

/** A random application creation body: valid-looking, with 0–2 things broken about half the time. */
export function createAppBody(seed: SeedPlaces): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      placeArb(seed),
      fc.record({
        git_repository: fc.constantFrom(
          'https://github.com/owner/repo',
          'git@github.com:owner/repo.git',
          'https://github.com/o/r/tree/main',
        ),
        git_branch: fc.constantFrom('main', 'develop'),
        build_pack: fc.constantFrom(...BUILD_PACKS),
      }),
      fc.record(
        {
          git_commit_sha: fc.constantFrom('HEAD', 'abc123', 'a'.repeat(40)),
          ports_exposes: fc.constantFrom('3000', '3000,3001', '80'),
          ports_mappings: fc.constantFrom('8080:80', '8080:80,8443:443'),
          name: mixedString,
          description: mixedString,
          domains: urls,
          health_check_port: fc.constantFrom('80', '65535'),
          health_check_method: fc.constantFrom(...HEALTH_CHECK_METHODS),
          health_check_scheme: fc.constantFrom(...HEALTH_CHECK_SCHEMES),
          health_check_return_code: fc.integer({ min: 100, max: 599 }),
          health_check_interval: fc.integer({ min: 0, max: 100 }),
          limits_memory: memory,
          limits_cpus: fc.constantFrom('0.5', '2'),
          limits_cpuset: fc.constantFrom('0-2', '0,1,3'),
          limits_memory_swappiness: fc.integer({ min: 0, max: 100 }),
          redirect: fc.constantFrom(...REDIRECTS),
          container_compose_domains: fc.array(
            fc.record({ name: fc.constantFrom('web', 'api'), domain: urls }, { requiredKeys: ['name'] }),
            { maxLength: 2 },
          ),
          is_http_basic_auth_enabled: fc.boolean(),
          http_basic_auth_username: fc.constantFrom('admin', 'deploy'),
          http_basic_auth_password: secretValue,
          instant_deploy: fc.constant(false),
          is_static: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
      corruptions(CREATE_APP_FIELDS),
    )
    .map(([place, required, optional, changes]) => {
      const body: Record<string, unknown> = { ...place, ...required, ...optional };
      // A seeded application may already use a domain; the override keeps a 409 out of the agreement
      // unless a change sets force_domain_override to something else.
      body.force_domain_override = true;
      if (body.build_pack === 'containercompose') delete body.domains;
      return applyChanges(body, changes);
    });
}

/** A random docstore creation body: valid-looking, with 0–2 things broken about half the time. */
export function createDocstoreBody(seed: SeedPlaces): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      placeArb(seed),
      fc.record(
        {
          docstore_conf: fc.constantFrom('c3lzdGVtTG9nOgo=', ''),
          docstore_initdb_root_username: fc.constantFrom('root', '_admin', 'a'.repeat(63)),
          name: mixedString,
          description: mixedString,
          image: fc.constantFrom('docstore:7', 'docstore:6'),
          limits_memory: memory,
          public_port: fc.integer({ min: 1024, max: 65_535 }),
          is_public: fc.boolean(),
          instant_deploy: fc.constant(false),
        },
        { requiredKeys: [] },
      ),
      corruptions(DOCSTORE_FIELDS),
    )
    .map(([place, fields, changes]) => applyChanges({ ...place, ...fields }, changes));
}

export { DOCSTORE_FIELDS };

/**
 * A long property as `n` tests (parts 1…n), each taking its share of the runs: together they check
 * as many cases as one test did, and each stays under a third of its time on a busy machine.
 */
export function parts(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

/** Runs per property: `n` by default (the suites stay fast in npm test); DMS_FUZZ_SCALE=10 for a deeper hunt. */
export function runs(n: number): number {
  const scale = Number(process.env.DMS_FUZZ_SCALE ?? 1);
  return Math.max(1, Math.round(n * (Number.isFinite(scale) && scale > 0 ? scale : 1)));
}
