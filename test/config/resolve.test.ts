import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, addContext, configPath } from '../../src/config/contexts.js';
import { connectionSource, isLoopback, plainHttpWarning, resolveConnection } from '../../src/config/resolve.js';
import { tempDir } from './temp-dir.js';

const A = { url: 'https://a.example/api/v1', token: '1|aaaa' };
const B = { url: 'https://b.example/api/v1', token: '2|bbbb' };
const C = { url: 'https://c.example/api/v1', token: '3|cccc' };

/** A config dir with contexts ctx-a (current) and ctx-b. */
function configured(): string {
  const dir = tempDir();
  addContext(dir, { name: 'ctx-a', ...A });
  addContext(dir, { name: 'ctx-b', ...B });
  return dir;
}

async function errorOf(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn();
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected an error');
}

describe('resolveConnection', () => {
  it('is demo when nothing is configured at all', async () => {
    expect(await resolveConnection({ flags: {}, env: {}, dir: tempDir() })).toEqual({ kind: 'demo' });
  });

  it('uses the current context when there are no flags or env', async () => {
    expect(await resolveConnection({ flags: {}, env: {}, dir: configured() })).toEqual({
      kind: 'remote',
      ...A,
      label: 'ctx-a',
      source: 'context',
    });
  });

  it('env DMS_URL/DMS_TOKEN beat the current context', async () => {
    expect(await resolveConnection({ flags: {}, env: { DMS_URL: C.url, DMS_TOKEN: C.token }, dir: configured() })).toEqual({
      kind: 'remote',
      ...C,
      label: 'env',
      source: 'env',
    });
  });

  it('env DMS_CONTEXT picks a context by name', async () => {
    expect(await resolveConnection({ flags: {}, env: { DMS_CONTEXT: 'ctx-b' }, dir: configured() })).toEqual({
      kind: 'remote',
      ...B,
      label: 'ctx-b',
      source: 'context',
    });
  });

  it('flags --url/--token beat env and context', async () => {
    expect(
      await resolveConnection({ flags: { url: C.url, token: C.token }, env: { DMS_URL: B.url, DMS_TOKEN: B.token }, dir: configured() }),
    ).toEqual({ kind: 'remote', ...C, label: 'flags', source: 'flags' });
    expect(await resolveConnection({ flags: { context: 'ctx-a' }, env: { DMS_CONTEXT: 'ctx-b' }, dir: configured() })).toEqual({
      kind: 'remote',
      ...A,
      label: 'ctx-a',
      source: 'context',
    });
  });

  it('complete flags win even when env is only partly set', async () => {
    expect(await resolveConnection({ flags: { url: C.url, token: C.token }, env: { DMS_URL: B.url }, dir: tempDir() })).toMatchObject({
      url: C.url,
      source: 'flags',
    });
  });

  it('treats empty env variables as unset', async () => {
    expect(await resolveConnection({ flags: {}, env: { DMS_URL: '', DMS_TOKEN: '', DMS_CONTEXT: '' }, dir: tempDir() })).toEqual({
      kind: 'demo',
    });
  });

  it('a URL without a token is a ConfigError saying what to set', async () => {
    const e = await errorOf(() => resolveConnection({ flags: {}, env: { DMS_URL: C.url }, dir: tempDir() }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toBe('DMS_URL is set but no token: set DMS_TOKEN or use --token.');
  });

  it('a token without a URL is a ConfigError and does not show the token', async () => {
    const e = await errorOf(() => resolveConnection({ flags: {}, env: { DMS_TOKEN: '9|topsecret' }, dir: configured() }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toMatch(/^DMS_TOKEN is set but no URL/);
    expect(e.message).not.toContain('topsecret');
  });

  it('partial flags are a ConfigError even with a full env', async () => {
    const e = await errorOf(() =>
      resolveConnection({ flags: { url: C.url }, env: { DMS_URL: B.url, DMS_TOKEN: B.token }, dir: tempDir() }),
    );
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toMatch(/^--url is given but no token/);
  });

  it('a context together with a URL is a ConfigError', async () => {
    await expect(resolveConnection({ flags: { context: 'ctx-a', url: C.url }, env: {}, dir: configured() })).rejects.toThrow(ConfigError);
    await expect(resolveConnection({ flags: {}, env: { DMS_CONTEXT: 'ctx-a', DMS_TOKEN: 'x|y' }, dir: configured() })).rejects.toThrow(
      ConfigError,
    );
  });

  it('an unknown --context is a ConfigError naming the known contexts', async () => {
    const e = await errorOf(() => resolveConnection({ flags: { context: 'nope' }, env: {}, dir: configured() }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toContain('"nope"');
    expect(e.message).toContain('ctx-a, ctx-b');
  });

  it('an invalid DMS_URL is a ConfigError', async () => {
    await expect(resolveConnection({ flags: {}, env: { DMS_URL: 'ftp://x', DMS_TOKEN: '1|x' }, dir: tempDir() })).rejects.toThrow(
      /DMS_URL: the URL must start with http/,
    );
  });

  it('contexts but none current is a ConfigError, not demo', async () => {
    const dir = configured();
    writeFileSync(configPath(dir), JSON.stringify({ contexts: { 'ctx-a': A } }));
    await expect(resolveConnection({ flags: {}, env: {}, dir })).rejects.toThrow(
      /no context is current: choose one with: dms context use NAME \(known: ctx-a\)/,
    );
  });

  it('a current context missing from the file is a ConfigError', async () => {
    const dir = tempDir();
    writeFileSync(configPath(dir), JSON.stringify({ current: 'gone', contexts: { 'ctx-a': A } }));
    await expect(resolveConnection({ flags: {}, env: {}, dir })).rejects.toThrow(/the current context "gone" is not in config.json/);
  });
});

describe('connectionSource (the precedence, without checks or tokens)', () => {
  const never = () => {
    throw new Error('config.json read');
  };
  it('names the first layer that sets anything, blank being unset, and reads config.json only when neither does', () => {
    expect(connectionSource({ url: C.url }, { DMS_CONTEXT: 'ctx-b' }, never)).toEqual({ from: 'flags', url: C.url });
    expect(connectionSource({ context: ' ' }, { DMS_TOKEN: ' 9|x ' }, never)).toEqual({ from: 'env', token: '9|x' });
    expect(connectionSource({}, { DMS_CONTEXT: 'ctx-b' }, never)).toEqual({ from: 'env', context: 'ctx-b' });
    expect(connectionSource({}, {}, () => ({ current: 'ctx-a', contexts: {} }))).toEqual({ from: 'current', context: 'ctx-a' });
    expect(connectionSource({}, {}, () => ({ contexts: { 'ctx-a': A } }))).toEqual({ from: 'none', known: ['ctx-a'] });
    expect(connectionSource({}, {}, () => ({ contexts: {} }))).toEqual({ from: 'demo' });
  });
});

describe('plainHttpWarning', () => {
  it('warns about plain http to a non-loopback address, once per origin', async () => {
    // Once per run: an address no other test of this worker warned about.
    const host = `10.${randomInt(256)}.${randomInt(256)}.5`;
    const warning = plainHttpWarning(`http://${host}/api/v1`);
    expect(warning).toMatch(new RegExp(`plain http to ${host.replace(/\./g, '\\.')}.*Use https`));
    expect(plainHttpWarning(`http://${host}/api/v1/other`)).toBeUndefined();
    expect(plainHttpWarning(`http://deploy-${host}.example.com:8080/api/v1`)).toContain(`deploy-${host}.example.com:8080`);
  });

  it('does not warn for loopback hosts or https', async () => {
    for (const url of [
      'http://127.0.0.1:8080/api/v1',
      'http://127.1.2.3/',
      'http://localhost:3000',
      'http://[::1]:9000/',
      'https://10.0.0.6/api/v1',
      'not a url',
    ]) {
      expect(plainHttpWarning(url), url).toBeUndefined();
    }
  });

  it('knows which hosts are loopback', async () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('api.localhost')).toBe(true);
    expect(isLoopback('[::ffff:7f00:1]')).toBe(true);
    expect(isLoopback('128.0.0.1')).toBe(false);
    expect(isLoopback('127.0.0.1.example.com')).toBe(false);
    expect(isLoopback('localhost.example.com')).toBe(false);
  });
});

describe('resolveConnection with a broken config.json', () => {
  it('reports that the file was moved aside, then falls back to demo', async () => {
    const dir = tempDir();
    writeFileSync(configPath(dir), '{"current": "prod", "contexts": {', { mode: 0o600 });
    const warnings: string[] = [];
    expect(await resolveConnection({ flags: {}, env: {}, dir, onWarning: (w) => warnings.push(w) })).toEqual({ kind: 'demo' });
    expect(warnings).toEqual([expect.stringMatching(/config\.json was not valid; it was moved to /)]);
  });
});

describe('a context with a token command (token_command in config.json)', () => {
  const NODE = process.execPath;
  /** A config dir whose current context `vault` runs `command`. */
  function withCommand(command: unknown): string {
    const dir = tempDir();
    writeFileSync(configPath(dir), JSON.stringify({ current: 'vault', contexts: { vault: { url: A.url, token_command: command } } }), {
      mode: 0o600,
    });
    return dir;
  }
  const env = { PATH: process.env.PATH };

  it('runs it and uses its trimmed stdout as the token; nothing is written back to config.json', async () => {
    const dir = withCommand([NODE, '-e', 'process.stdout.write("  5|fromTheVault\\n\\n")']);
    const before = readFileSync(configPath(dir), 'utf8');
    expect(await resolveConnection({ flags: {}, env, dir })).toEqual({
      kind: 'remote',
      url: A.url,
      token: '5|fromTheVault',
      label: 'vault',
      source: 'context',
    });
    expect(readFileSync(configPath(dir), 'utf8')).toBe(before);
    expect(readdirSync(dir)).toEqual(['config.json']);
  });

  it('runs it without a shell: $(…), quotes and globs reach the program as they are', async () => {
    const dir = withCommand([NODE, '-e', 'process.stdout.write(process.argv.slice(1).join(""))', '5|$(id)', '*', '"x"']);
    expect(await resolveConnection({ flags: { context: 'vault' }, env, dir })).toMatchObject({ token: '5|$(id)*"x"' });
  });

  it('a command that fails is one line naming the context and the program, never what it printed', async () => {
    const dir = withCommand([NODE, '-e', 'console.log("LEAKED-OUT"); console.error("LEAKED-ERR"); process.exit(3)', 'secret-arg']);
    const e = await errorOf(() => resolveConnection({ flags: {}, env, dir }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toMatch(
      /^context vault: the token command \(node\) failed \(exit code 3\); its output is not shown\. Run it yourself to see why\.$/,
    );
    expect(e.message).not.toMatch(/LEAKED|secret-arg/);
  });

  it('output that is not a token is refused without repeating it', async () => {
    const dir = withCommand([NODE, '-e', 'console.log("Enter passphrase: hunter2 hunter2")']);
    const e = await errorOf(() => resolveConnection({ flags: {}, env, dir }));
    expect(e.message).toMatch(
      /^context vault: the token command \(node\) printed something that is not a token: the token must be one line/,
    );
    expect(e.message).not.toContain('hunter2');
    const empty = await errorOf(() => resolveConnection({ flags: {}, env, dir: withCommand([NODE, '-e', '']) }));
    expect(empty.message).toBe('context vault: the token command (node) printed no token.');
    const flood = await errorOf(() =>
      resolveConnection({ flags: {}, env, dir: withCommand([NODE, '-e', 'process.stdout.write("x".repeat(100000))']) }),
    );
    expect(flood.message).toMatch(/printed more than 16 KiB/);
  });

  it('a command that hangs is stopped after the timeout', async () => {
    const dir = withCommand([NODE, '-e', 'setTimeout(() => {}, 60000)']);
    const started = Date.now();
    const e = await errorOf(() => resolveConnection({ flags: {}, env, dir, tokenCommandTimeoutMs: 300 }));
    expect(e.message).toBe('context vault: the token command (node) did not finish within 0.3 s; it was stopped.');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a program that does not exist, or a token_command that is not a list of words, says so', async () => {
    const missing = await errorOf(() => resolveConnection({ flags: {}, env, dir: withCommand(['/nonexistent/dms-pass', 'show']) }));
    expect(missing.message).toMatch(/^context vault: the token command \(dms-pass\) was not found/);
    const text = await errorOf(() => resolveConnection({ flags: {}, env, dir: withCommand('pass show dms/prod') }));
    expect(text).toBeInstanceOf(ConfigError);
    expect(text.message).toMatch(/^context "vault" in config\.json: token_command must be a list of words/);
  });

  it("the signal stops a command that is running (the TUI's context switcher on Esc)", async () => {
    const dir = withCommand([NODE, '-e', 'setTimeout(() => {}, 60000)']);
    const stop = new AbortController();
    const pending = resolveConnection({ flags: {}, env, dir, signal: stop.signal });
    setTimeout(() => stop.abort(), 100);
    const e = await errorOf(() => pending);
    expect(e.name).toBe('AbortError');
  });
});
