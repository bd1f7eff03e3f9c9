import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  addContext,
  configPath,
  loadConfig,
  removeContext,
  setCurrentContext,
  validateToken,
  validateUrl,
} from '../../src/config/contexts.js';
import { tempDir } from './temp-dir.js';

const TOKEN = '7|s3cretS3cretS3cret';

describe('contexts', () => {
  it('loads an empty config when there is no file', () => {
    expect(loadConfig(tempDir())).toEqual({ contexts: {} });
  });

  it('the first context added becomes current; later ones do not', () => {
    const dir = tempDir();
    addContext(dir, { name: 'prod', url: 'https://deploy.example.com/api/v1', token: TOKEN });
    addContext(dir, { name: 'staging', url: 'http://10.0.0.5/api/v1', token: '8|other' });
    expect(loadConfig(dir)).toEqual({
      current: 'prod',
      contexts: {
        prod: { url: 'https://deploy.example.com/api/v1', token: TOKEN },
        staging: { url: 'http://10.0.0.5/api/v1', token: '8|other' },
      },
    });
  });

  it('writes config.json with mode 0600 in the documented shape', () => {
    const dir = tempDir();
    addContext(dir, { name: 'prod', url: 'https://h/api/v1', token: TOKEN });
    expect(statSync(configPath(dir)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(configPath(dir), 'utf8'))).toEqual({
      current: 'prod',
      contexts: { prod: { url: 'https://h/api/v1', token: TOKEN } },
    });
  });

  it('adding an existing name replaces its url and token', () => {
    const dir = tempDir();
    addContext(dir, { name: 'prod', url: 'https://old/api/v1', token: TOKEN });
    addContext(dir, { name: 'prod', url: 'https://new/api/v1', token: '9|new' });
    expect(loadConfig(dir).contexts).toEqual({ prod: { url: 'https://new/api/v1', token: '9|new' } });
  });

  it('use switches the current context', () => {
    const dir = tempDir();
    addContext(dir, { name: 'a', url: 'https://a', token: TOKEN });
    addContext(dir, { name: 'b', url: 'https://b', token: TOKEN });
    setCurrentContext(dir, 'b');
    expect(loadConfig(dir).current).toBe('b');
  });

  it('remove deletes the context and clears current when it was current', () => {
    const dir = tempDir();
    addContext(dir, { name: 'a', url: 'https://a', token: TOKEN });
    addContext(dir, { name: 'b', url: 'https://b', token: TOKEN });
    removeContext(dir, 'b');
    expect(loadConfig(dir)).toEqual({ current: 'a', contexts: { a: { url: 'https://a', token: TOKEN } } });
    removeContext(dir, 'a');
    expect(loadConfig(dir)).toEqual({ contexts: {} });
  });

  it('use and remove of an unknown name throw a ConfigError naming the known contexts', () => {
    const dir = tempDir();
    addContext(dir, { name: 'prod', url: 'https://a', token: TOKEN });
    expect(() => setCurrentContext(dir, 'nope')).toThrow(ConfigError);
    expect(() => setCurrentContext(dir, 'nope')).toThrow(/no context named "nope": known contexts are prod/);
    expect(() => removeContext(dir, 'nope')).toThrow(ConfigError);
    expect(() => setCurrentContext(tempDir(), 'x')).toThrow(/none are set; add one with: dms context add/);
  });

  it('names that are not plain words, or inherited object keys, are not contexts', () => {
    const dir = tempDir();
    expect(() => setCurrentContext(dir, 'constructor')).toThrow(ConfigError);
    for (const name of ['', '-x', 'a b', 'a/b', '__proto__', 'x'.repeat(64), '../up']) {
      expect(() => addContext(dir, { name, url: 'https://a', token: TOKEN }), name).toThrow(ConfigError);
    }
    addContext(dir, { name: 'A.b_c-9', url: 'https://a', token: TOKEN });
    addContext(dir, { name: 'x'.repeat(63), url: 'https://a', token: TOKEN });
  });

  it('rejects URLs that are not http(s) or hold a password, and never echoes the token', () => {
    const dir = tempDir();
    for (const url of ['ftp://h', 'h/api', '', 'https://user:pw@h']) {
      expect(() => addContext(dir, { name: 'x', url, token: TOKEN }), url).toThrow(ConfigError);
    }
    for (const token of ['', 'a b', `${TOKEN}\n`]) {
      let message = '';
      try {
        addContext(dir, { name: 'x', url: 'https://h', token });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/token/);
      expect(message).not.toContain('s3cret');
    }
    expect(loadConfig(dir)).toEqual({ contexts: {} });
  });

  it('moves a corrupt config.json aside with a warning and starts empty', () => {
    const dir = tempDir();
    writeFileSync(configPath(dir), '{"contexts": {', { mode: 0o600 });
    const warnings: string[] = [];
    expect(loadConfig(dir, { onWarning: (w) => warnings.push(w) })).toEqual({ contexts: {} });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/config\.json was not valid; it was moved to .*config\.json\.corrupt-/);
    expect(readdirSync(dir)[0]).toMatch(/^config\.json\.corrupt-/);
  });

  it('moves aside a config.json that is JSON but not an object', () => {
    const dir = tempDir();
    writeFileSync(configPath(dir), '[1,2]', { mode: 0o600 });
    const warnings: string[] = [];
    expect(loadConfig(dir, { onWarning: (w) => warnings.push(w) })).toEqual({ contexts: {} });
    expect(warnings).toHaveLength(1);
  });

  it('skips malformed context entries from a hand-edited file', () => {
    const dir = tempDir();
    writeFileSync(
      configPath(dir),
      JSON.stringify({
        current: 'ok',
        contexts: {
          ok: { url: 'https://h', token: TOKEN },
          nourl: { token: TOKEN },
          num: 5,
          'bad name': { url: 'https://h', token: TOKEN },
        },
      }),
    );
    expect(loadConfig(dir)).toEqual({ current: 'ok', contexts: { ok: { url: 'https://h', token: TOKEN } } });
  });
});

describe('contexts with a token command', () => {
  it('saves token_command (an argv array) instead of a token; a token replaces it again, and back', () => {
    const dir = tempDir();
    addContext(dir, { name: 'prod', url: 'https://h/api/v1', token: TOKEN });
    addContext(dir, { name: 'prod', url: 'https://h/api/v1', tokenCommand: ['pass', 'show', 'dms/prod'] });
    expect(JSON.parse(readFileSync(configPath(dir), 'utf8'))).toEqual({
      current: 'prod',
      contexts: { prod: { url: 'https://h/api/v1', token_command: ['pass', 'show', 'dms/prod'] } },
    });
    expect(readFileSync(configPath(dir), 'utf8')).not.toContain('s3cret');
    addContext(dir, { name: 'prod', url: 'https://h/api/v1', token: TOKEN });
    expect(loadConfig(dir).contexts.prod).toEqual({ url: 'https://h/api/v1', token: TOKEN });
  });

  it('refuses a command that is empty, starts with nothing, or holds a NUL, without repeating its words', () => {
    const dir = tempDir();
    for (const tokenCommand of [[], [''], ['pass', 'a\u0000b'], Array.from({ length: 65 }, () => 'x')]) {
      let message = '';
      try {
        addContext(dir, { name: 'x', url: 'https://h', tokenCommand });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message, JSON.stringify(tokenCommand)).toMatch(/token_command/);
    }
    expect(loadConfig(dir)).toEqual({ contexts: {} });
  });

  it('a hand-edited token_command is kept as it is (using the context says what is wrong), and wins over a token', () => {
    const dir = tempDir();
    writeFileSync(
      configPath(dir),
      JSON.stringify({
        contexts: {
          both: { url: 'https://h', token: TOKEN, token_command: ['pass'] },
          text: { url: 'https://h', token_command: 'pass show x' },
        },
      }),
    );
    expect(loadConfig(dir).contexts).toEqual({
      both: { url: 'https://h', token_command: ['pass'] },
      text: { url: 'https://h', token_command: 'pass show x' },
    });
  });
});

describe('validateUrl', () => {
  it('takes a base URL with its path prefix', () => {
    expect(validateUrl('https://deploy.example.com/api/v1')).toBeUndefined();
    expect(validateUrl('http://10.0.0.5:8000/api/v1/')).toBeUndefined();
  });

  it('refuses a query or a fragment, naming the part to remove (it would swallow every request path)', () => {
    expect(validateUrl('https://h/api/v1?x=1')).toMatch(/must not hold a query \(the part from "\?"\): remove it/);
    expect(validateUrl('https://h/api/v1?')).toMatch(/must not hold a query/);
    expect(validateUrl('https://h/api/v1#frag')).toMatch(/must not hold a fragment \(the part from "#"\): remove it/);
    expect(validateUrl('https://h/api/v1#')).toMatch(/must not hold a fragment/);
  });

  it('a context with such a URL is not added', () => {
    const dir = tempDir();
    expect(() => addContext(dir, { name: 'prod', url: 'https://h/api/v1?x=1', token: '1|abc' })).toThrow(/query/);
  });
});

describe('validateToken', () => {
  it('takes printable ASCII', () => {
    expect(validateToken('17|Zq7vK2mXw9PbT4rLh8YcN3sJd6FgA1eUo5iRt0WkQ')).toBeUndefined();
    expect(validateToken('!~"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}')).toBeUndefined();
  });

  it.each([
    ['a space', '1|a b', /no spaces or control characters/],
    ['a tab', '1|a\tb', /no spaces or control characters/],
    ['a line break', '1|a\nb', /one line/],
    ['DEL', '1|a\u007fb', /control characters/],
    ['U+0085 (next line)', '1|a\u0085b', /control characters/],
    ['a C1 control', '1|a\u009bb', /characters a header cannot carry/],
    ['an accented letter', '1|sécret', /characters a header cannot carry \(only printable ASCII, no spaces\)/],
    ['a typographic dash', '1|a\u2013b', /characters a header cannot carry/],
    ['a zero-width space', '1|a\u200bb', /characters a header cannot carry/],
    ['an emoji', '1|a🔑b', /characters a header cannot carry/],
  ])('refuses %s, never repeating the token', (_name, token, message) => {
    const problem = validateToken(token);
    expect(problem).toMatch(message);
    expect(problem).not.toContain(token.slice(2));
  });
});
