import { chmodSync, writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runContext } from '../../src/commands/context.js';
import type { CommandIO } from '../../src/commands/io.js';
import { addContext, configPath, loadConfig } from '../../src/config/contexts.js';
import { tempDir } from '../config/temp-dir.js';

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
    stream.on('data', (chunk: string) => { text += chunk; });
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
    expect(await runContext(['add', 'prod', '--url', 'https://deploy.example.com/api/v1'], h.io, dir)).toBe(0);
    expect(loadConfig(dir)).toEqual({
      current: 'prod', contexts: { prod: { url: 'https://deploy.example.com/api/v1', token: TOKEN } },
    });
    expect(h.out()).toBe('Added context "prod" (https://deploy.example.com/api/v1); it is now the current context.\n');
    expect(h.err()).toBe('');
  });

  it('accepts a token piped with a CRLF ending and --url=URL', async () => {
    const dir = tempDir();
    const h = harness({ input: `${TOKEN}\r\n` });
    expect(await runContext(['add', 'prod', '--url=https://h/api/v1'], h.io, dir)).toBe(0);
    expect(loadConfig(dir).contexts.prod?.token).toBe(TOKEN);
  });

  it('says "Updated" when the name exists and keeps the current context', async () => {
    const dir = configured();
    const h = harness({ input: '44|new' });
    expect(await runContext(['add', 'staging', '--url', 'https://new.example.com'], h.io, dir)).toBe(0);
    expect(h.out()).toBe('Updated context "staging" (https://new.example.com).\n');
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
    const done = runContext(['add', 'prod', '--url', 'https://h/api/v1'], h.io, dir);
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
    const done = runContext(['add', 'prod', '--url', 'https://h'], h.io, dir);
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
    const done = runContext(['add', 'prod', '--url', 'https://h'], h.io, dir);
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
    expect(await runContext(['add', 'lan', '--url', 'http://10.0.0.5/api/v1'], h.io, tempDir())).toBe(0);
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
      '* prod     https://deploy.example.com/api/v1   token: set\n'
      + '  staging  https://staging.example.com/api/v1  token: set\n',
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
    writeFileSync(configPath(dir), JSON.stringify({
      current: 'x', contexts: { x: { url: 'https://u:pw@h/\u001b[31mred', token: TOKEN } },
    }));
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
    expect(await usageError([])).toMatch(/missing subcommand: use add, list, use or remove/);
    expect(await usageError(['frob'])).toMatch(/unknown context command 'frob'/);
    expect(await usageError(['use'])).toMatch(/expected one NAME, got 0 arguments. Usage: dms context use NAME/);
    expect(await usageError(['use', 'a', 'b'])).toMatch(/expected one NAME, got 2/);
    expect(await usageError(['list', '--verbose'])).toBe('dms: unknown option --verbose. Usage: dms context list');
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
