import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, addContext, configPath } from '../../src/config/contexts.js';
import { isLoopback, plainHttpWarning, resolveConnection } from '../../src/config/resolve.js';
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

function errorOf(fn: () => unknown): Error {
  try { fn(); } catch (e) { return e as Error; }
  throw new Error('expected an error');
}

describe('resolveConnection', () => {
  it('is demo when nothing is configured at all', () => {
    expect(resolveConnection({ flags: {}, env: {}, dir: tempDir() })).toEqual({ kind: 'demo' });
  });

  it('uses the current context when there are no flags or env', () => {
    expect(resolveConnection({ flags: {}, env: {}, dir: configured() }))
      .toEqual({ kind: 'remote', ...A, label: 'ctx-a', source: 'context' });
  });

  it('env DMS_URL/DMS_TOKEN beat the current context', () => {
    expect(resolveConnection({ flags: {}, env: { DMS_URL: C.url, DMS_TOKEN: C.token }, dir: configured() }))
      .toEqual({ kind: 'remote', ...C, label: 'env', source: 'env' });
  });

  it('env DMS_CONTEXT picks a context by name', () => {
    expect(resolveConnection({ flags: {}, env: { DMS_CONTEXT: 'ctx-b' }, dir: configured() }))
      .toEqual({ kind: 'remote', ...B, label: 'ctx-b', source: 'context' });
  });

  it('flags --url/--token beat env and context', () => {
    expect(resolveConnection({ flags: { url: C.url, token: C.token }, env: { DMS_URL: B.url, DMS_TOKEN: B.token }, dir: configured() }))
      .toEqual({ kind: 'remote', ...C, label: 'flags', source: 'flags' });
    expect(resolveConnection({ flags: { context: 'ctx-a' }, env: { DMS_CONTEXT: 'ctx-b' }, dir: configured() }))
      .toEqual({ kind: 'remote', ...A, label: 'ctx-a', source: 'context' });
  });

  it('complete flags win even when env is only partly set', () => {
    expect(resolveConnection({ flags: { url: C.url, token: C.token }, env: { DMS_URL: B.url }, dir: tempDir() }))
      .toMatchObject({ url: C.url, source: 'flags' });
  });

  it('treats empty env variables as unset', () => {
    expect(resolveConnection({ flags: {}, env: { DMS_URL: '', DMS_TOKEN: '', DMS_CONTEXT: '' }, dir: tempDir() }))
      .toEqual({ kind: 'demo' });
  });

  it('a URL without a token is a ConfigError saying what to set', () => {
    const e = errorOf(() => resolveConnection({ flags: {}, env: { DMS_URL: C.url }, dir: tempDir() }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toBe('DMS_URL is set but no token: set DMS_TOKEN or use --token.');
  });

  it('a token without a URL is a ConfigError and does not show the token', () => {
    const e = errorOf(() => resolveConnection({ flags: {}, env: { DMS_TOKEN: '9|topsecret' }, dir: configured() }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toMatch(/^DMS_TOKEN is set but no URL/);
    expect(e.message).not.toContain('topsecret');
  });

  it('partial flags are a ConfigError even with a full env', () => {
    const e = errorOf(() => resolveConnection({ flags: { url: C.url }, env: { DMS_URL: B.url, DMS_TOKEN: B.token }, dir: tempDir() }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toMatch(/^--url is given but no token/);
  });

  it('a context together with a URL is a ConfigError', () => {
    expect(() => resolveConnection({ flags: { context: 'ctx-a', url: C.url }, env: {}, dir: configured() })).toThrow(ConfigError);
    expect(() => resolveConnection({ flags: {}, env: { DMS_CONTEXT: 'ctx-a', DMS_TOKEN: 'x|y' }, dir: configured() })).toThrow(ConfigError);
  });

  it('an unknown --context is a ConfigError naming the known contexts', () => {
    const e = errorOf(() => resolveConnection({ flags: { context: 'nope' }, env: {}, dir: configured() }));
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toContain('"nope"');
    expect(e.message).toContain('ctx-a, ctx-b');
  });

  it('an invalid DMS_URL is a ConfigError', () => {
    expect(() => resolveConnection({ flags: {}, env: { DMS_URL: 'ftp://x', DMS_TOKEN: '1|x' }, dir: tempDir() })).toThrow(/DMS_URL: the URL must start with http/);
  });

  it('contexts but none current is a ConfigError, not demo', () => {
    const dir = configured();
    writeFileSync(configPath(dir), JSON.stringify({ contexts: { 'ctx-a': A } }));
    expect(() => resolveConnection({ flags: {}, env: {}, dir })).toThrow(/no context is current: choose one with: dms context use NAME \(known: ctx-a\)/);
  });

  it('a current context missing from the file is a ConfigError', () => {
    const dir = tempDir();
    writeFileSync(configPath(dir), JSON.stringify({ current: 'gone', contexts: { 'ctx-a': A } }));
    expect(() => resolveConnection({ flags: {}, env: {}, dir })).toThrow(/the current context "gone" is not in config.json/);
  });
});

describe('plainHttpWarning', () => {
  it('warns about plain http to a non-loopback address, once per origin', () => {
    const warning = plainHttpWarning('http://10.0.0.5/api/v1');
    expect(warning).toMatch(/plain http to 10\.0\.0\.5.*Use https/);
    expect(plainHttpWarning('http://10.0.0.5/api/v1/other')).toBeUndefined();
    expect(plainHttpWarning('http://deploy.example.com:8080/api/v1')).toContain('deploy.example.com:8080');
  });

  it('does not warn for loopback hosts or https', () => {
    for (const url of ['http://127.0.0.1:8080/api/v1', 'http://127.1.2.3/', 'http://localhost:3000', 'http://[::1]:9000/', 'https://10.0.0.6/api/v1', 'not a url']) {
      expect(plainHttpWarning(url), url).toBeUndefined();
    }
  });

  it('knows which hosts are loopback', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('api.localhost')).toBe(true);
    expect(isLoopback('[::ffff:7f00:1]')).toBe(true);
    expect(isLoopback('128.0.0.1')).toBe(false);
    expect(isLoopback('127.0.0.1.example.com')).toBe(false);
    expect(isLoopback('localhost.example.com')).toBe(false);
  });
});

describe('resolveConnection with a broken config.json', () => {
  it('reports that the file was moved aside, then falls back to demo', () => {
    const dir = tempDir();
    writeFileSync(configPath(dir), '{"current": "prod", "contexts": {', { mode: 0o600 });
    const warnings: string[] = [];
    expect(resolveConnection({ flags: {}, env: {}, dir, onWarning: (w) => warnings.push(w) })).toEqual({ kind: 'demo' });
    expect(warnings).toEqual([expect.stringMatching(/config\.json was not valid; it was moved to /)]);
  });
});
