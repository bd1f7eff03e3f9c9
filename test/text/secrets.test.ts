// Secrets are never shown by default: secret fields masked, passwords in URLs hidden.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MASK_EMPTY,
  MASK_SET,
  SECRET_FIELDS,
  isSecretField,
  maskOwnRecord,
  maskRecord,
  maskUrlPasswords,
  maskValue,
} from '../../src/text/secrets.js';
import { DEPLOYMENT_FIELDS } from '../../src/api/schemas/index.js';

const SECRET_NAMES = [
  'manual_webhook_secret_provider_a',
  'manual_webhook_secret_provider_b',
  'manual_webhook_secret_provider_c',
  'manual_webhook_secret_provider_d',
  'http_basic_auth_password',
  'internal_db_url',
  'external_db_url',
];

describe('secret fields', () => {
  it('are the webhook secrets, the basic-auth password and the database URLs', () => {
    expect([...SECRET_FIELDS].sort()).toEqual([...SECRET_NAMES].sort());
    for (const f of SECRET_NAMES) expect(isSecretField(f)).toBe(true);
  });

  it('do not include the basic-auth username or other fields', () => {
    for (const f of DEPLOYMENT_FIELDS.filter((x) => !SECRET_NAMES.includes(x))) expect(isSecretField(f)).toBe(false);
  });

  it('maskValue says set or empty, never the value', () => {
    expect(maskValue('s3cr3t')).toBe(MASK_SET);
    expect(maskValue(12345)).toBe(MASK_SET);
    expect(maskValue(false)).toBe(MASK_SET);
    expect(maskValue('')).toBe(MASK_EMPTY);
    expect(maskValue(null)).toBe(MASK_EMPTY);
    expect(maskValue(undefined)).toBe(MASK_EMPTY);
  });
});

describe('maskRecord', () => {
  it.each(SECRET_NAMES.map((f) => [f]))('masks %s when set', (field) => {
    const masked = maskRecord({ [field]: 'value-that-must-not-show', name: 'web' });
    expect(masked).toEqual({ [field]: MASK_SET, name: 'web' });
  });

  it.each(SECRET_NAMES.map((f) => [f]))('shows %s as (empty) when empty or null', (field) => {
    expect(maskRecord({ [field]: '' })).toEqual({ [field]: MASK_EMPTY });
    expect(maskRecord({ [field]: null })).toEqual({ [field]: MASK_EMPTY });
  });

  it('masks a secret field holding a non-string (server sent the wrong type)', () => {
    expect(maskRecord({ http_basic_auth_password: 123456 })).toEqual({ http_basic_auth_password: MASK_SET });
    expect(maskRecord({ manual_webhook_secret_provider_a: { v: 'x' } })).toEqual({ manual_webhook_secret_provider_a: MASK_SET });
  });

  it('leaves other fields as they are', () => {
    const rec = {
      id: 7,
      name: 'web',
      health_check_enabled: true,
      http_basic_auth_username: 'admin',
      fqdn: 'https://app.example.com',
      none: null,
    };
    expect(maskRecord(rec)).toEqual(rec);
  });

  it('hides passwords in URLs in any field', () => {
    const masked = maskRecord({
      git_repository: 'https://bob:hunter2@git.example.com/owner/repo.git',
      description: 'clone from https://bob:hunter2@git.example.com/x.git then run',
      custom_labels: 'a=redis://default:pw123@cache:6379/0\nb=postgres://u:p4ss@db/x',
    });
    expect(JSON.stringify(masked)).not.toMatch(/hunter2|pw123|p4ss/);
    expect(masked.git_repository).toBe('https://bob:••••@git.example.com/owner/repo.git');
    expect(masked.description).toBe('clone from https://bob:••••@git.example.com/x.git then run');
    expect(masked.custom_labels).toBe('a=redis://default:••••@cache:6379/0\nb=postgres://u:••••@db/x');
  });

  it('hides passwords in URLs and secret fields nested in objects and arrays', () => {
    const masked = maskRecord({
      deployments: [{ http_basic_auth_password: 'pw', fqdn: 'https://u:secret1@a.example.com' }],
      db: { created: { internal_db_url: 'docstore://root:secret2@db:27017', note: ['docstore://root:secret3@db:27017/'] } },
    });
    expect(JSON.stringify(masked)).not.toMatch(/secret1|secret2|secret3|"pw"/);
    expect(masked.deployments[0]!.http_basic_auth_password).toBe(MASK_SET);
    expect(masked.db.created.internal_db_url).toBe('docstore://root:••••@db:27017');
    expect(masked.db.created.note[0]).toBe('docstore://root:••••@db:27017/');
  });

  it('does not change the record it was given', () => {
    const rec = { http_basic_auth_password: 'pw', fqdn: 'https://u:p@h' };
    maskRecord(rec);
    expect(rec).toEqual({ http_basic_auth_password: 'pw', fqdn: 'https://u:p@h' });
  });

  it('passes numbers, booleans and null through', () => {
    expect(maskRecord(5)).toBe(5);
    expect(maskRecord(null)).toBe(null);
    expect(maskRecord([true, 'x'])).toEqual([true, 'x']);
  });
});

describe('passwords in URLs', () => {
  it.each([
    ['https://user:hunter2@host.example/path', 'https://user:••••@host.example/path'],
    ['docstore://root:Zx9%2Fq@db-1:27017/?directConnection=true', 'docstore://root:••••@db-1:27017/?directConnection=true'],
    ['HTTPS://User:Pw@Host', 'HTTPS://User:••••@Host'],
    ['https://:token-only@host', 'https://:••••@host'],
    ['two https://a:one@h1 and https://b:two@h2', 'two https://a:••••@h1 and https://b:••••@h2'],
    ['list https://a:one@h1,https://b:two@h2', 'list https://a:••••@h1,https://b:••••@h2'],
    ['git+ssh://git:pw@host/repo', 'git+ssh://git:••••@host/repo'],
    ['unencoded @ in the password: docstore://root:p@ss@db:27017/x', 'unencoded @ in the password: docstore://root:••••@db:27017/x'],
    ['in JSON: {"u":"https://a:pw@h","v":"x@y"}', 'in JSON: {"u":"https://a:••••@h","v":"x@y"}'],
    ['base64 password with / and +: postgres://app:ab/cd+ef==@db:5432/x', 'base64 password with / and +: postgres://app:••••@db:5432/x'],
    ['password ending in /: https://u:pw/@h/p', 'https://u:••••@h/p'.replace(/^/, 'password ending in /: ')],
    ['two with slashes https://a:x/1@h1,https://b:y/2@h2', 'two with slashes https://a:••••@h1,https://b:••••@h2'],
  ])('%j is shown as %j', (input, expected) => {
    expect(maskUrlPasswords(input)).toBe(expected);
  });

  it.each([
    ['https://host.example/path'],
    ['https://user@host.example/path'],
    ['http://host.example:8080/path'],
    ['ssh://git@host.example:22/owner/repo.git'],
    ['git@github.com:owner/repo.git'],
    ['user:password without a scheme'],
    ['mailto:someone@example.com'],
    ['https://registry.example:443/@scope/pkg'],
    ['http://host:8080/@user'],
    ['https://u:pw and later mail@example.com'],
  ])('%j has no password and is left alone', (input) => {
    expect(maskUrlPasswords(input)).toBe(input);
  });

  it('gives the same answer when called again (no regex state)', () => {
    const s = 'https://u:p@h';
    expect([maskUrlPasswords(s), maskUrlPasswords(s), maskUrlPasswords(s)]).toEqual(Array(3).fill('https://u:••••@h'));
  });
});

describe('passwords in URLs, any characters', () => {
  it('hides a password made of any characters but spaces and quotes, and leaves the rest', () => {
    const pwChar = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).filter((c) => !/[\s"]/.test(c));
    const password = fc
      .tuple(fc.constantFrom('a', 'Z', '%', '/', '+', '@'), fc.array(pwChar, { maxLength: 24 }))
      .map(([first, rest]) => first + rest.join(''));
    fc.assert(
      fc.property(password, fc.constantFrom('https', 'postgres', 'docstore', 'git+ssh'), (pw, scheme) => {
        const url = `${scheme}://user:${pw}@db.example:5432/x`;
        expect(maskUrlPasswords(`see ${url} now`)).toBe(`see ${scheme}://user:••••@db.example:5432/x now`);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('maskOwnRecord (records printed and dropped)', () => {
  it('masks like maskRecord, in the record itself', () => {
    const record = () =>
      JSON.parse(
        '{"id": 1, "http_basic_auth_password": "hunter2", "fqdn": "https://u:pw@h.io", "__proto__": {"http_basic_auth_password": "x2"}, "nested": {"internal_db_url": "docstore://r:p@h"}}',
      ) as Record<string, unknown>;
    const own = record();
    const nested = own.nested;
    const masked = maskOwnRecord(own);
    expect(masked).toBe(own);
    expect(JSON.stringify(masked)).toBe(JSON.stringify(maskRecord(record())));
    expect(JSON.stringify(masked)).not.toMatch(/hunter2|x2|:pw@|:p@/);
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
    expect(nested).toEqual({ internal_db_url: 'docstore://r:p@h' }); // nested values are copied, not changed
  });

  it('returns records with nothing to mask as they are, without copying', () => {
    const plain = { id: 1, name: 'shop', list: ['a', { b: 'https://h.io' }] };
    expect(maskRecord(plain)).toBe(plain);
    expect(maskRecord(plain.list)).toBe(plain.list);
  });
});
