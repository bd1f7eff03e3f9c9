// Server text enters dms once (api/scrub.ts): the token and each record's secrets are taken out of
// every string of an answer, over real HTTP, whatever field or depth they sit in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { scrubAnswer, textLength } from '../../src/api/scrub.js';
import { viewOf } from '../../src/model/deployment.js';
import { reasonKey } from '../../src/tui/browse/use-reasons.js';
import { isHeavy } from '../../src/tui/browse/light-refresh.js';
import { redactor } from '../../src/api/redact.js';
import { isSecretField } from '../../src/text/secrets.js';
import { respondWith, type HostileServer } from '../support/hostile.js';

const TOKEN = '7|s3cr3tT0kenValue';
const redact = redactor(TOKEN);

let server: HostileServer;
let body = '[]';
beforeAll(async () => {
  server = await respondWith((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
});
afterAll(() => server.close());
const client = () => createClient({ baseUrl: `${server.url}/api/v1`, token: TOKEN, retries: 0 });

describe('scrubAnswer', () => {
  it('replaces the token in every string, keys and nested values included', () => {
    const answer = scrubAnswer(
      JSON.parse(
        JSON.stringify({
          status: `done ${TOKEN}`,
          [`k-${TOKEN}`]: 1,
          nested: [{ deep: ['s3cr3tT0kenValue'] }],
        }),
      ),
      redact,
    );
    const text = JSON.stringify(answer);
    expect(text).not.toContain('s3cr3tT0ken');
    expect(answer).toMatchObject({ status: 'done [token]', 'k-[token]': 1, nested: [{ deep: ['[token]'] }] });
  });

  it("hides a record's secret values in its other fields, logs included, and keeps the secret fields", () => {
    const logs = JSON.stringify([{ output: 'push with hook-s3cret-a and pw Bas1cPass!', type: 'stdout' }]);
    const record = {
      manual_webhook_secret_provider_a: 'hook-s3cret-a',
      http_basic_auth_password: 'Bas1cPass!',
      commit_message: 'oops hook-s3cret-a',
      logs,
      internal_db_url: 'docstore://root:Db-Pass-9@h:1/x',
      note: 'Db-Pass-9',
    };
    const out = scrubAnswer(JSON.parse(JSON.stringify([record])), redact) as Record<string, string>[];
    expect(out[0]!.manual_webhook_secret_provider_a).toBe('hook-s3cret-a');
    expect(out[0]!.http_basic_auth_password).toBe('Bas1cPass!');
    expect(out[0]!.commit_message).toBe('oops ••••');
    expect(out[0]!.note).toBe('••••');
    expect(out[0]!.logs).not.toContain('hook-s3cret-a');
    expect(out[0]!.logs).not.toContain('Bas1cPass!');
    // Still the JSON text the service sends, so the log view can read it.
    expect(JSON.parse(out[0]!.logs ?? '')).toEqual([{ output: 'push with •••• and pw ••••', type: 'stdout' }]);
  });

  it('finds secrets written with invisible characters between their letters', () => {
    const out = scrubAnswer(
      [{ http_basic_auth_password: 'Bas1cPass!', name: 'Bas1c\u200dPa\u2060ss!', status: `7|s3cr3t\u200cT0kenValue` }],
      redact,
    );
    expect(out).toEqual([{ http_basic_auth_password: 'Bas1cPass!', name: '••••', status: '[token]' }]);
  });

  it('a key named __proto__ stays data', () => {
    const out = scrubAnswer(JSON.parse(`{"__proto__": "x ${TOKEN}"}`), redact) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe('x [token]');
  });

  it('walks a value nested 100,000 levels without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"${TOKEN}"${']'.repeat(100_000)}`);
    expect(() => scrubAnswer(deep, redact)).not.toThrow();
  });
});

describe('values split by what the display drops (issue 31)', () => {
  const split = '42|Zq9s\u0000EcReTtOkEn8';
  const redact42 = redactor('42|Zq9sEcReTtOkEn8');
  const SPLITTERS = [
    '\u0000',
    '\u007f',
    '\u0085',
    '\b',
    '\r',
    '\t',
    '\u001b[0m',
    '\u001b]0;x\u0007',
    '\u001b]8;;u\u001b\\',
    '\u009b1m',
    '\u200b',
  ];

  it.each(SPLITTERS.map((c) => [JSON.stringify(c), c]))('the token split by %s is hidden in every field', (_name, c) => {
    const t = `42|Zq9s${c}EcReTt${c}OkEn8`;
    const row = { commit_message: `NUL ${t} end`, server_name: t, git_branch: t, application_name: t, extra: { deep: [t] } };
    const out = scrubAnswer(JSON.parse(JSON.stringify([row])), redact42) as Record<string, unknown>[];
    expect(out[0]).toEqual({
      commit_message: 'NUL [token] end',
      server_name: '[token]',
      git_branch: '[token]',
      application_name: '[token]',
      extra: { deep: ['[token]'] },
    });
  });

  it('the token split in the raw answer is found before parsing decides whether to look', () => {
    const raw = JSON.stringify([{ commit_message: `NUL ${split} end` }]);
    expect(redact42.mayBeIn(raw)).toBe(true);
    expect(JSON.stringify(scrubAnswer(JSON.parse(raw), redact42, raw))).not.toMatch(/EcReT/);
  });

  it('a webhook secret or basic-auth password split by a control character is hidden in the other fields', () => {
    const row = {
      manual_webhook_secret_provider_a: 'hookS3cretValue',
      http_basic_auth_password: 'Bas1cPassw0rd',
      commit_message: 'a hookS3\u0000cretValue b',
      note: 'Bas1c\u001b[0mPassw0rd',
    };
    const out = scrubAnswer([row], redact42) as Record<string, string>[];
    expect(out[0]).toMatchObject({ commit_message: 'a •••• b', note: '••••', manual_webhook_secret_provider_a: 'hookS3cretValue' });
  });

  it('a token or secret \\u-escaped inside the logs string is hidden, and the log stays JSON', () => {
    const spelled = [...'Zq9sEcReTtOkEn8'].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const logs = `[{"output":"token 42|${spelled} and Bas1\\u0000cPassw0rd\\nnext","type":"stdout"}]`;
    const row = { http_basic_auth_password: 'Bas1cPassw0rd', logs };
    const out = scrubAnswer([row], redact42) as Record<string, string>[];
    expect(JSON.parse(out[0]!.logs!)).toEqual([{ output: 'token [token] and ••••\nnext', type: 'stdout' }]);
  });

  it('a secret-named key nested in an object is a secret everywhere: its value repeated in other fields and the log', () => {
    const row = {
      application: { manual_webhook_secret_provider_a: 'nestedHookSecret1' },
      root_password: 'r00tPassw0rdX',
      commit_message: 'leak nestedHookSecret1',
      server_name: 'r00tPassw0rdX',
      logs: JSON.stringify([{ output: 'pw nested\u0000HookSecret1 r00tPassw0rdX' }]),
    };
    const out = scrubAnswer([row], redact42) as Record<string, unknown>[];
    expect(out[0]).toMatchObject({ commit_message: 'leak ••••', server_name: '••••', root_password: 'r00tPassw0rdX' });
    expect(JSON.parse(out[0]!.logs as string)).toEqual([{ output: 'pw •••• ••••' }]);
  });

  it('a secret-named key inside the log is a secret everywhere', () => {
    const logs = JSON.stringify([{ output: 'config {"api_token":"L0gApiT0ken9"}' }, { output: 'again L0gApi\u0000T0ken9' }]);
    const out = scrubAnswer([{ logs, commit_message: 'L0gApiT0ken9' }], redact42) as Record<string, string>[];
    expect(out[0]!.commit_message).toBe('••••');
    expect(out[0]!.logs).not.toContain('L0gApiT0ken9');
    expect(JSON.parse(out[0]!.logs!)).toEqual([{ output: 'config {"api_token":"••••"}' }, { output: 'again ••••' }]);
  });

  it('a long text (a log) is hidden when it is first read, by whatever reads it', () => {
    const logs = JSON.stringify(
      Array.from({ length: 400 }, (_, i) => ({ output: `line ${i} 42|Zq9s\u0000EcReTtOkEn8 ${'x'.repeat(40)}` })),
    );
    expect(logs.length).toBeGreaterThan(16 * 1024);
    for (const read of [
      (r: Record<string, unknown>) => r.logs,
      (r: Record<string, unknown>) => JSON.stringify(r),
      (r: Record<string, unknown>) => ({ ...r }).logs,
      (r: Record<string, unknown>) => structuredClone(r).logs,
      (r: Record<string, unknown>) => Object.values(r).join(''),
    ]) {
      const [row] = scrubAnswer([{ id: 1, logs }], redact42) as Record<string, unknown>[];
      const text = String(read(row!));
      expect(text).not.toContain('EcReT');
      expect(text).toContain('[token]');
    }
    // Set anew, it holds what was set.
    const [row] = scrubAnswer([{ logs }], redact42) as Record<string, unknown>[];
    row!.logs = 'replaced';
    expect(row!.logs).toBe('replaced');
  });

  it("a long text's length as sent is known without reading it: a row is weighed and its reasons memoised without hiding its log", () => {
    const logs = JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ output: `line ${i} 42|Zq9sEcReTtOkEn8 ${'x'.repeat(40)}` })));
    const [row] = scrubAnswer([{ id: 1, status: 'failed', logs }], redact42) as Record<string, unknown>[];
    // The hidden text is shorter ([token] for the token): a length read through the getter would differ.
    expect(textLength(row!, 'logs')).toBe(logs.length);
    const view = viewOf(row as never);
    expect(reasonKey('k', view)).toBe(`k|${view.status}|${logs.length}`);
    expect(isHeavy({ rows: Array.from({ length: 20 }, () => view) })).toBe(true);
    expect(String(row!.logs).length).toBeLessThan(logs.length);
    // Set anew, its length is the new text's; a short text and a missing one are as they stand.
    row!.logs = 'replaced';
    expect(textLength(row!, 'logs')).toBe(8);
    expect(textLength({ logs: 'abc' }, 'logs')).toBe(3);
    expect(textLength({ logs: [] }, 'logs')).toBeUndefined();
  });

  it('a long answer with nothing that hides (no \\u escape, no character a screen drops) is still read for the token', () => {
    // A server that sends UTF-8 as it is: the raw text is not read for the token (its reader reads
    // every view, ~40 ms a MB), the strings are, the long ones when first read.
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id: i,
      commit_message: i === 3 ? 'leak 42|Zq9s\nEcReTtOkEn8' : `fix ${i}`,
      logs: `${'build line\n'.repeat(2000)}token 42|Zq9sEcReTtOkEn8 end`,
    }));
    const raw = JSON.stringify(rows);
    expect(raw.length).toBeGreaterThan(64 * 1024);
    expect(raw).not.toMatch(/\\u|[\u007f-\u009f]/);
    const out = scrubAnswer(JSON.parse(raw), redact42, raw) as Record<string, string>[];
    expect(out[3]!.commit_message).toBe('leak [token]');
    expect(out[0]!.logs!.endsWith('token [token] end')).toBe(true);
  });

  it('a secret split by a C1 CSI before an escaped NUL in a log: found whether the reader shows before or after decoding', () => {
    // Shown first, `\u009b\` reads as one sequence (the backslash its final byte); decoded first,
    // it is CSI, NUL, `c`, and `c` shows: Q7K99RGQH8Jnc whole (a fuzz case, seed -1132632151).
    const logs = JSON.stringify([{ output: 'pushed Q\u00007K99RGQH8Jn\u009b\u0000c done' }]).replace('\\u009b', '\u009b');
    expect(logs).toContain('\u009b\\u0000c');
    const [row] = scrubAnswer([{ logs, manual_webhook_secret_provider_b: 'Q7K99RGQH8Jnc' }], redact42) as Record<string, string>[];
    expect(row!.logs).not.toContain('7K99RGQH8Jn');
    expect(row!.logs).toContain('pushed ••••');
  });

  it('a URL password split in the scheme is found as the URL shows', () => {
    const out = scrubAnswer([{ note: 'docst\u0000ore://root:Pw0rd-xyz@db:27017/a', other: 'Pw0rd-xyz' }], redact42) as Record<
      string,
      string
    >[];
    expect(out[0]).toEqual({ note: 'docst\u0000ore://root:••••@db:27017/a', other: '••••' });
  });

  it('names that hold a secret are secret fields; names that speak of one are not', () => {
    for (const name of [
      'root_password',
      'db_password',
      'apiToken',
      'api_key',
      'client_secret',
      'passphrase',
      'http_basic_auth_passwor\u200bd',
    ])
      expect(isSecretField(name), name).toBe(true);
    for (const name of [
      'private_key_id',
      'token_type',
      'is_http_basic_auth_enabled',
      'http_basic_auth_username',
      'secret_name',
      'password_updated_at',
      'commit_message',
    ])
      expect(isSecretField(name), name).toBe(false);
  });

  it('a value made of nothing but escapes and controls stays linear (1 MB of backslashes, escapes and ESC)', () => {
    const hide = redactor('42|Zq9sEcReTtOkEn8');
    for (const filler of ['\\', '\\u0000', '\u001b[', '\u001b]', 'Z\u0000q', '\\\\u005a']) {
      const text = `${filler.repeat(Math.ceil(1_000_000 / filler.length))}42|Zq9sEcReTtOkEn8`;
      expect(hide(text).endsWith('[token]')).toBe(true);
    }
  });
});

describe('the client takes the token out of every answer it reads', () => {
  it('list records, in either shape, hold no token', async () => {
    const rows = [{ id: 1, status: TOKEN, commit_message: `fix ${TOKEN}`, server_name: TOKEN, git_branch: TOKEN, application_name: TOKEN }];
    for (const shape of [rows, { count: 1, deployments: rows }]) {
      body = JSON.stringify(shape);
      const page = await client().listDeployments('app-1');
      expect(JSON.stringify(page.deployments)).not.toContain('s3cr3tT0ken');
      const records = await client().listRecords('app-1');
      expect(JSON.stringify(records.records)).not.toContain('s3cr3tT0ken');
    }
  });

  it('a creation answer holds no token', async () => {
    body = JSON.stringify({ uuid: 'abc-1', domains: `https://${TOKEN}.example` });
    const answer = await client().createPublicApplication({
      project_uuid: 'p',
      server_uuid: 's',
      environment_name: 'production',
      git_repository: 'https://github.com/a/b',
      git_branch: 'main',
      build_pack: 'nixpacks',
      ports_exposes: '3000',
    });
    expect(JSON.stringify(answer)).not.toContain('s3cr3tT0ken');
  });

  it('finds the token and secret fields written with \\u escapes in the raw answer', async () => {
    const spelled = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    body = `[{"id": 1, "status": "x ${spelled} y", "http_basic_auth_passwor\\u0064": "Bas1cPass!", "commit_message": "see Bas1cPass!"}]`;
    const page = await client().listDeployments('app-1');
    const text = JSON.stringify(page.deployments);
    expect(text).not.toContain('s3cr3tT0ken');
    expect(page.deployments[0]).toMatchObject({ status: 'x [token] y', commit_message: 'see ••••' });
  });

  it('finds a token holding a slash written \\/ as some servers write it', async () => {
    const slashed = '9|ab/cd/ef/gh';
    body = JSON.stringify([{ id: 1, commit_message: 'x' }]).replace('"x"', '"x 9|ab\\/cd\\/ef\\/gh"');
    const api = createClient({ baseUrl: `${server.url}/api/v1`, token: slashed, retries: 0 });
    const page = await api.listDeployments('app-1');
    expect(JSON.stringify(page.deployments)).not.toContain('ab/cd');
  });
});
