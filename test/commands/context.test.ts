import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runContext } from '../../src/commands/context.js';
import type { CommandIO } from '../../src/commands/io.js';
import { addContext, configPath, loadConfig } from '../../src/config/contexts.js';
import { tempDir } from '../config/temp-dir.js';
import { closedPortUrl, json, serversClosedAfterEach, type Handler } from '../support/hostile.js';

const serve = serversClosedAfterEach(afterEach);

const TOKEN = '42|tok3nS3cretValue';
const SECRET = 'tok3nS3cretValue';

type FakeStdin = PassThrough & { isTTY?: boolean; setRawMode?: (on: boolean) => unknown };

interface Harness {
  readonly io: CommandIO;
  readonly stdin: FakeStdin;
  /** Every setRawMode call, in order. */
  readonly rawModes: boolean[];
  out(): string;
  err(): string;
}

const harnesses: Harness[] = [];

// Whatever a test did, the token must not have been printed anywhere.
afterEach(() => {
  for (const h of harnesses.splice(0)) {
    expect(h.out()).not.toContain(SECRET);
    expect(h.err()).not.toContain(SECRET);
  }
});

/** `input`: what is piped on stdin (ended); `tty`: a terminal that the test types into. */
function harness(options: { input?: string; tty?: boolean } = {}): Harness {
  const stdin: FakeStdin = new PassThrough();
  const rawModes: boolean[] = [];
  if (options.tty) {
    stdin.isTTY = true;
    stdin.setRawMode = (on) => rawModes.push(on);
  } else {
    stdin.end(options.input ?? '');
  }
  const collect = () => {
    const stream = new PassThrough();
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    return { stream, text: () => text };
  };
  const stdout = collect();
  const stderr = collect();
  const h: Harness = {
    io: { stdin, stdout: stdout.stream, stderr: stderr.stream, env: {} },
    stdin,
    rawModes,
    out: stdout.text,
    err: stderr.text,
  };
  harnesses.push(h);
  return h;
}

/** Waits until the prompt is up (raw mode on), not for a fixed time. */
async function prompted(h: { rawModes: boolean[] }): Promise<void> {
  const end = Date.now() + 5000;
  while (!h.rawModes.includes(true)) {
    if (Date.now() > end) throw new Error('the token prompt never came up');
    await new Promise((r) => setTimeout(r, 5));
  }
}
/** Lets queued stdin data be read. */
const turn = () => new Promise((r) => setImmediate(r));

/** A dir with prod (current, https) and staging. */
function configured(): string {
  const dir = tempDir();
  addContext(dir, { name: 'prod', url: 'https://deploy.example.com/api/v1', token: TOKEN });
  addContext(dir, { name: 'staging', url: 'https://staging.example.com/api/v1', token: '43|other' });
  return dir;
}

/** Runs a call expected to fail with exit 2 and returns its single stderr line. */
async function usageError(args: string[], dir = configured(), h = harness()): Promise<string> {
  expect(await runContext(args, h.io, dir)).toBe(2);
  expect(h.out()).toBe('');
  const lines = h.err().split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^dms: /);
  return lines[0]!;
}

describe('dms context add', () => {
  it('saves the context with the token piped on stdin, trimming one trailing newline', async () => {
    const dir = tempDir();
    const h = harness({ input: `${TOKEN}\n` });
    expect(await runContext(['add', 'prod', '--url', 'https://deploy.example.com/api/v1', '--no-verify'], h.io, dir)).toBe(0);
    expect(loadConfig(dir)).toEqual({
      current: 'prod',
      contexts: { prod: { url: 'https://deploy.example.com/api/v1', token: TOKEN } },
    });
    expect(h.out()).toBe(
      'Added context "prod" (https://deploy.example.com/api/v1); token not checked (--no-verify); it is now the current context.\n',
    );
    expect(h.err()).toBe('');
  });

  it('accepts a token piped with a CRLF ending and --url=URL', async () => {
    const dir = tempDir();
    const h = harness({ input: `${TOKEN}\r\n` });
    expect(await runContext(['add', 'prod', '--url=https://h/api/v1', '--no-verify'], h.io, dir)).toBe(0);
    expect(loadConfig(dir).contexts.prod?.token).toBe(TOKEN);
  });

  it('says "Updated" when the name exists and keeps the current context', async () => {
    const dir = configured();
    const h = harness({ input: '44|new' });
    expect(await runContext(['add', 'staging', '--url', 'https://new.example.com', '--no-verify'], h.io, dir)).toBe(0);
    expect(h.out()).toBe('Updated context "staging" (https://new.example.com); token not checked (--no-verify).\n');
    expect(loadConfig(dir).current).toBe('prod');
  });

  it('an empty stdin is "no token given" with exit 2 and nothing saved', async () => {
    const dir = tempDir();
    expect(await usageError(['add', 'prod', '--url', 'https://h'], dir, harness({ input: '' }))).toMatch(/no token given/);
    expect(await usageError(['add', 'prod', '--url', 'https://h'], dir, harness({ input: '\n' }))).toMatch(/no token given/);
    expect(loadConfig(dir)).toEqual({ contexts: {} });
  });

  it('rejects a piped token spread over lines without echoing it', async () => {
    const line = await usageError(['add', 'prod', '--url', 'https://h'], tempDir(), harness({ input: `${TOKEN}\n${TOKEN}\n` }));
    expect(line).toMatch(/token must be one line/);
  });

  it('prompts on stderr in raw mode without echo, handles backspace, and restores the terminal', async () => {
    const dir = tempDir();
    const h = harness({ tty: true });
    const done = runContext(['add', 'prod', '--url', 'https://h/api/v1', '--no-verify'], h.io, dir);
    await prompted(h);
    expect(h.err()).toBe('Token for "prod" (typing is hidden): ');
    expect(h.rawModes).toEqual([true]);
    h.stdin.write('42|tok3nS3cretValuX');
    await turn();
    h.stdin.write('\u007f');
    h.stdin.write('e\u001b[D'); // an arrow key is ignored, not typed
    await turn();
    h.stdin.write('\r');
    expect(await done).toBe(0);
    expect(loadConfig(dir).contexts.prod?.token).toBe(TOKEN);
    expect(h.rawModes).toEqual([true, false]);
    expect(h.err()).toBe('Token for "prod" (typing is hidden): \n');
  });

  it('Ctrl+C at the prompt cancels with exit 130 and saves nothing', async () => {
    const dir = tempDir();
    const h = harness({ tty: true });
    const done = runContext(['add', 'prod', '--url', 'https://h', '--no-verify'], h.io, dir);
    await prompted(h);
    h.stdin.write('42|tok3n');
    await turn();
    h.stdin.write('\u0003');
    expect(await done).toBe(130);
    expect(h.rawModes).toEqual([true, false]);
    expect(h.err()).toMatch(/cancelled; nothing was saved/);
    expect(loadConfig(dir)).toEqual({ contexts: {} });
  });

  it('Ctrl+U at the prompt clears what was typed', async () => {
    const dir = tempDir();
    const h = harness({ tty: true });
    const done = runContext(['add', 'prod', '--url', 'https://h', '--no-verify'], h.io, dir);
    await prompted(h);
    h.stdin.write(`wrong\u0015${TOKEN}\r`);
    expect(await done).toBe(0);
    expect(loadConfig(dir).contexts.prod?.token).toBe(TOKEN);
  });

  it('checks name and URL before asking for the token', async () => {
    const h = harness({ tty: true });
    expect(await usageError(['add', 'prod', '--url', 'ftp://h'], tempDir(), h)).toMatch(/must start with http:\/\/ or https:\/\//);
    expect(h.rawModes).toEqual([]);
    expect(await usageError(['add', 'bad name', '--url', 'https://h'])).toMatch(/not a valid context name/);
    expect(await usageError(['add', 'prod'])).toMatch(/--url is required/);
    expect(await usageError(['add', '--url', 'https://h'])).toMatch(/expected one NAME, got 0/);
  });

  it('refuses --token on the command line without repeating it', async () => {
    const line = await usageError(['add', 'prod', '--url', 'https://h', '--token', TOKEN]);
    expect(line).toMatch(/--token is not accepted here.*pipe the token on stdin/);
  });

  it('warns on stderr when the token would go over plain http to another host', async () => {
    const h = harness({ input: TOKEN });
    expect(await runContext(['add', 'lan', '--url', 'http://10.0.0.5/api/v1', '--no-verify'], h.io, tempDir())).toBe(0);
    expect(h.err()).toMatch(/^dms: warning: the token is sent over plain http to 10\.0\.0\.5/);
  });

  it('refuses a terminal that cannot hide typing', async () => {
    const h = harness({ tty: true });
    delete h.stdin.setRawMode;
    expect(await usageError(['add', 'prod', '--url', 'https://h'], tempDir(), h)).toMatch(/cannot hide typing/);
  });
});

describe('dms context list', () => {
  it('shows name and URL, marks the current one, and shows "token: set" instead of the token', async () => {
    const h = harness();
    expect(await runContext(['list'], h.io, configured())).toBe(0);
    expect(h.out()).toBe(
      '* prod     https://deploy.example.com/api/v1   token: set\n' + '  staging  https://staging.example.com/api/v1  token: set\n',
    );
    expect(h.out()).not.toContain('42|');
    expect(h.err()).toBe('');
  });

  it('prints nothing on stdout and a hint on stderr when there are no contexts', async () => {
    const h = harness();
    expect(await runContext(['list'], h.io, tempDir())).toBe(0);
    expect(h.out()).toBe('');
    expect(h.err()).toMatch(/no contexts yet; add one with: dms context add NAME --url URL/);
  });

  it('warns once when config.json can be read by others', async () => {
    const dir = configured();
    chmodSync(configPath(dir), 0o644);
    const h = harness();
    expect(await runContext(['list'], h.io, dir)).toBe(0);
    expect(h.err().split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^dms: warning: .*config\.json can be read by other users \(mode 0644\); run: chmod 600 /),
    ]);
  });

  it('strips escape sequences from a hand-edited URL and hides a password in it', async () => {
    const dir = tempDir();
    writeFileSync(
      configPath(dir),
      JSON.stringify({
        current: 'x',
        contexts: { x: { url: 'https://u:pw@h/\u001b[31mred', token: TOKEN } },
      }),
    );
    const h = harness();
    expect(await runContext(['list'], h.io, dir)).toBe(0);
    expect(h.out()).toBe('* x  https://u:••••@h/red  token: set\n');
  });

  it('rejects arguments', async () => {
    expect(await usageError(['list', 'extra'])).toMatch(/context list takes no arguments/);
  });
});

describe('dms context use', () => {
  it('makes the named context current', async () => {
    const dir = configured();
    const h = harness();
    expect(await runContext(['use', 'staging'], h.io, dir)).toBe(0);
    expect(loadConfig(dir).current).toBe('staging');
    expect(h.out()).toBe('Using context "staging" (https://staging.example.com/api/v1).\n');
  });

  it('an unknown name is exit 2 naming the known contexts', async () => {
    expect(await usageError(['use', 'nope'])).toBe('dms: no context named "nope": known contexts are prod, staging.');
  });
});

describe('dms context remove', () => {
  it('deletes the context and says when none is current any more', async () => {
    const dir = configured();
    const h = harness();
    expect(await runContext(['remove', 'prod'], h.io, dir)).toBe(0);
    expect(loadConfig(dir)).toEqual({ contexts: { staging: expect.any(Object) } });
    expect(h.out()).toMatch(/^Removed context "prod". No context is current now: choose one with: dms context use NAME\n$/);
  });

  it('an unknown name is exit 2 and changes nothing', async () => {
    const dir = configured();
    expect(await usageError(['remove', 'nope'], dir)).toMatch(/no context named "nope"/);
    expect(Object.keys(loadConfig(dir).contexts)).toEqual(['prod', 'staging']);
  });
});

describe('dms context usage', () => {
  it('prints help on stdout with exit 0', async () => {
    for (const args of [['--help'], ['help'], ['add', '--help']]) {
      const h = harness();
      expect(await runContext(args, h.io, tempDir()), args.join(' ')).toBe(0);
      expect(h.out()).toMatch(/dms context add NAME --url URL/);
    }
  });

  it('each mistake is exit 2 with one line saying what is wrong and what to do', async () => {
    expect(await usageError([])).toMatch(/missing subcommand: use add, list, use, remove or verify/);
    expect(await usageError(['frob'])).toMatch(/unknown context command 'frob'/);
    expect(await usageError(['use'])).toMatch(/expected one NAME, got 0 arguments. Usage: dms context use NAME/);
    expect(await usageError(['use', 'a', 'b'])).toMatch(/expected one NAME, got 2/);
    expect(await usageError(['list', '--verbose'])).toBe('dms: unknown option --verbose. Usage: dms context list [--json]');
    expect(await usageError(['add', 'prod', '--url'])).toMatch(/--url needs a value/);
  });

  it('never repeats a mistyped argument that could be the token', async () => {
    await usageError([TOKEN]);
    await usageError(['use', 'prod', TOKEN]);
    await usageError(['use', TOKEN]);
    await usageError(['add', 'prod', '--url', 'https://h', `--tokne=${TOKEN}`]);
    await usageError(['add', 'prod', '--url', 'https://h', TOKEN]);
  });
});

describe('dms context add checks the token with one read before saving', () => {
  const NOT_FOUND = json(404, { message: 'Application not found' });
  /** A server that answers `handler`; its base URL ends in /api/v1. */
  const server = async (handler: Handler) => {
    const s = await serve(handler);
    return { s, url: `${s.url}/api/v1` };
  };

  it('a 404 for the application that cannot exist means the token was accepted: saved, one GET with the token', async () => {
    const { s, url } = await server(NOT_FOUND);
    const dir = tempDir();
    const h = harness({ input: TOKEN });
    expect(await runContext(['add', 'prod', '--url', url], h.io, dir)).toBe(0);
    expect(h.out()).toBe(`Added context "prod" (${url}); the token was accepted; it is now the current context.\n`);
    expect(loadConfig(dir).contexts.prod).toEqual({ url, token: TOKEN });
    expect(s.requests).toHaveLength(1);
    const [req] = s.requests;
    expect(req).toMatchObject({ method: 'GET', path: '/api/v1/deployments/applications/00000000-0000-0000-0000-000000000000' });
    expect(req!.query.get('take')).toBe('1');
    expect(req!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('a 401 refuses to save (exit 3, one line); --force saves with a warning', async () => {
    const { url } = await server(json(401, { message: 'Unauthenticated.' }));
    const dir = tempDir();
    const h = harness({ input: TOKEN });
    expect(await runContext(['add', 'prod', '--url', url], h.io, dir)).toBe(3);
    expect(h.out()).toBe('');
    expect(h.err()).toBe('dms: The server rejected the token (401); nothing was saved. Check the token, or save it anyway with --force.\n');
    expect(loadConfig(dir)).toEqual({ contexts: {} });

    const forced = harness({ input: TOKEN });
    expect(await runContext(['add', 'prod', '--url', url, '--force'], forced.io, dir)).toBe(0);
    expect(forced.err()).toBe('dms: warning: saved although the check failed (--force): The server rejected the token (401)\n');
    expect(forced.out()).toMatch(/^Added context "prod" .*; the token was not accepted \(saved with --force\)/);
    expect(loadConfig(dir).contexts.prod?.token).toBe(TOKEN);
  });

  it("a 403 refuses to save with the server's reason (exit 3)", async () => {
    const { url } = await server(json(403, { message: 'Missing required permissions: read' }));
    const h = harness({ input: TOKEN });
    const dir = tempDir();
    expect(await runContext(['add', 'prod', '--url', url], h.io, dir)).toBe(3);
    expect(h.err()).toBe(
      'dms: Access denied (403): Missing required permissions: read; nothing was saved. Check the token, or save it anyway with --force.\n',
    );
    expect(loadConfig(dir)).toEqual({ contexts: {} });
  });

  it('a 404 of the route (a URL without /api/v1) does not count as accepted: exit 1, says to check the URL', async () => {
    const s = await serve(
      json(404, { message: 'The route deployments/applications/00000000-0000-0000-0000-000000000000 could not be found.' }),
    );
    const h = harness({ input: TOKEN });
    const dir = tempDir();
    expect(await runContext(['add', 'prod', '--url', s.url], h.io, dir)).toBe(1);
    expect(h.err()).toMatch(
      new RegExp(
        `^dms: could not check the token: No API at this address \\(404\\): The route .* could not be found\\. Check that the URL ends in /api/v1 \\(it is ${s.url}\\)\\. Nothing was saved \\(--force saves it anyway\\)\\.\\n$`,
      ),
    );
    expect(loadConfig(dir)).toEqual({ contexts: {} });
  });

  it('a server that cannot be reached: exit 1, says so and suggests --no-verify; --no-verify saves without a request', async () => {
    const url = `${await closedPortUrl()}/api/v1`;
    const h = harness({ input: TOKEN });
    const dir = tempDir();
    expect(await runContext(['add', 'prod', '--url', url], h.io, dir)).toBe(1);
    expect(h.err()).toBe(
      'dms: could not reach the server to check the token: Cannot reach the server (connection refused). Nothing was saved: --no-verify saves without checking (e.g. offline).\n',
    );
    expect(loadConfig(dir)).toEqual({ contexts: {} });

    const { s, url: up } = await server(NOT_FOUND);
    const offline = harness({ input: TOKEN });
    expect(await runContext(['add', 'prod', '--url', up, '--no-verify'], offline.io, dir)).toBe(0);
    expect(s.total()).toBe(0);
    expect(offline.out()).toMatch(/token not checked \(--no-verify\)/);
  });

  it('--no-verify with --force is a usage error', async () => {
    expect(await usageError(['add', 'prod', '--url', 'https://h', '--no-verify', '--force'], tempDir(), harness({ input: TOKEN }))).toMatch(
      /--no-verify skips the check and --force saves after a failed one: choose one/,
    );
  });
});

describe('dms context add --token-command', () => {
  const NODE = process.execPath;
  const printer = (token: string) => [NODE, '-e', `process.stdout.write(${JSON.stringify(`${token}\n`)})`];

  it('runs the command to check what it prints, saves the command and never the token', async () => {
    const s = await serve(json(404, { message: 'Application not found' }));
    const url = `${s.url}/api/v1`;
    const dir = tempDir();
    const h = harness();
    expect(
      await runContext(
        ['add', 'vault', '--url', url, '--token-command', '--', ...printer(TOKEN)],
        { ...h.io, env: { PATH: process.env.PATH } },
        dir,
      ),
    ).toBe(0);
    expect(h.out()).toBe(`Added context "vault" (${url}, token from node); the token was accepted; it is now the current context.\n`);
    expect(s.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const saved = JSON.parse(readFileSync(configPath(dir), 'utf8')) as { contexts: Record<string, unknown> };
    expect(saved.contexts.vault).toEqual({ url, token_command: printer(TOKEN) });
    // (printer's argv holds the token only because this test prints it; a password manager's does not.)
    expect(loadConfig(dir).contexts.vault?.token).toBeUndefined();
  });

  it('a command that fails: exit 2, nothing saved, its output never shown; --no-verify saves without running it', async () => {
    const dir = tempDir();
    const failing = [NODE, '-e', `console.log(${JSON.stringify(SECRET)}); process.exit(1)`];
    const h = harness();
    expect(await runContext(['add', 'vault', '--url', 'https://h/api/v1', '--token-command', '--', ...failing], h.io, dir)).toBe(2);
    expect(h.err()).toBe(
      'dms: context vault: the token command (node) failed (exit code 1); its output is not shown. Run it yourself to see why. Nothing was saved (--no-verify saves without running it; --force saves anyway).\n',
    );
    expect(loadConfig(dir)).toEqual({ contexts: {} });
    const later = harness();
    expect(
      await runContext(
        ['add', 'vault', '--url', 'https://h/api/v1', '--no-verify', '--token-command', '--', 'pass', 'show', 'dms/prod'],
        later.io,
        dir,
      ),
    ).toBe(0);
    expect(loadConfig(dir).contexts.vault).toEqual({ url: 'https://h/api/v1', token_command: ['pass', 'show', 'dms/prod'] });
  });

  it('the command is every word after --; either one alone is a usage error', async () => {
    expect(await usageError(['add', 'vault', '--url', 'https://h', '--token-command'])).toMatch(
      /--token-command needs the command after --/,
    );
    expect(await usageError(['add', 'vault', '--url', 'https://h', '--token-command', '--'])).toMatch(
      /--token-command needs the command after --/,
    );
    expect(await usageError(['add', 'vault', '--url', 'https://h', '--', 'pass', TOKEN])).toBe(
      'dms: words after -- are a token command: add --token-command before the --.',
    );
  });
});

describe('dms context verify', () => {
  it('checks the named context, or the current one: exit 0 accepted, 3 rejected, 1 not reached', async () => {
    const ok = await serve(json(404, { message: 'Application not found' }));
    const no = await serve(json(401, { message: 'Unauthenticated.' }));
    const dir = tempDir();
    addContext(dir, { name: 'good', url: `${ok.url}/api/v1`, token: TOKEN });
    addContext(dir, { name: 'bad', url: `${no.url}/api/v1`, token: TOKEN });
    addContext(dir, { name: 'gone', url: `${await closedPortUrl()}/api/v1`, token: TOKEN });

    const current = harness();
    expect(await runContext(['verify'], current.io, dir)).toBe(0);
    expect(current.out()).toBe(`context good: the token was accepted by ${ok.url}/api/v1.\n`);

    const bad = harness();
    expect(await runContext(['verify', 'bad'], bad.io, dir)).toBe(3);
    expect(bad.err()).toBe(
      `dms: context bad: The server rejected the token (401). Replace it with: dms context add bad --url ${no.url}/api/v1\n`,
    );

    const gone = harness();
    expect(await runContext(['verify', 'gone'], gone.io, dir)).toBe(1);
    expect(gone.err()).toMatch(
      /^dms: context gone: could not reach the server to check the token: Cannot reach the server \(connection refused\)\./,
    );

    expect(await usageError(['verify', 'nope'], dir)).toBe('dms: no context named "nope": known contexts are good, bad, gone.');
    expect(await usageError(['verify'], tempDir())).toMatch(/no context is current: name one/);
  });

  it("runs a context's token command and says where the token came from", async () => {
    const ok = await serve(json(404, { message: 'Application not found' }));
    const dir = tempDir();
    addContext(dir, {
      name: 'vault',
      url: `${ok.url}/api/v1`,
      tokenCommand: [process.execPath, '-e', `process.stdout.write(${JSON.stringify(TOKEN)})`],
    });
    const h = harness();
    expect(await runContext(['verify', 'vault'], { ...h.io, env: { PATH: process.env.PATH } }, dir)).toBe(0);
    expect(h.out()).toBe(`context vault: the token (from node) was accepted by ${ok.url}/api/v1.\n`);
    expect(ok.requests[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });
});

describe('dms context list --json', () => {
  it('prints an array of name, url, current and how the token is got: never a token, of a command only its program', async () => {
    const dir = configured();
    addContext(dir, { name: 'vault', url: 'https://v.example.com/api/v1', tokenCommand: ['/usr/bin/pass', 'show', SECRET] });
    const h = harness();
    expect(await runContext(['list', '--json'], h.io, dir)).toBe(0);
    expect(JSON.parse(h.out())).toEqual([
      { name: 'prod', url: 'https://deploy.example.com/api/v1', current: true, token: 'set' },
      { name: 'staging', url: 'https://staging.example.com/api/v1', current: false, token: 'set' },
      { name: 'vault', url: 'https://v.example.com/api/v1', current: false, token: 'command', token_program: 'pass' },
    ]);
    expect(h.out()).not.toContain('42|');
    const text = harness();
    expect(await runContext(['list'], text.io, dir)).toBe(0);
    expect(text.out()).toMatch(/ {2}vault +https:\/\/v\.example\.com\/api\/v1 +token: from pass\n$/);
    const none = harness();
    expect(await runContext(['list', '--json'], none.io, tempDir())).toBe(0);
    expect(JSON.parse(none.out())).toEqual([]);
  });
});
