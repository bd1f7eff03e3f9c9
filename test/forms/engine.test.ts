import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CREATE_APP_FIELDS } from '../../src/api/schemas/create-app.js';
import { DOCSTORE_FIELDS } from '../../src/api/schemas/create-docstore.js';
import { BUILD_PACKS } from '../../src/api/schemas/rules.js';
import { loadDraft, saveDraft, discardDraft } from '../../src/config/drafts.js';
import { APP_FORM, APP_STEP_TITLES } from '../../src/forms/app-form.js';
import { buildBody, valuesFromBody, valuesFromDraft } from '../../src/forms/body.js';
import { DOCSTORE_FORM } from '../../src/forms/docstore-form.js';
import { applyLine, insertLine, lineAt } from '../../src/tui/input/line-edit.js';
import { createFormReducer, initialFormState } from '../../src/tui/screens/forms/state-fields.js';
import type { FormDef, FormValues } from '../../src/forms/types.js';
import { fieldNamedIn } from '../../src/forms/problems.js';
import { fieldValidator, validateForm } from '../../src/forms/validate.js';
import { fromBase64, normaliseRepository, parseInteger, sanitiseInput, toBase64, visibleFields } from '../../src/forms/values.js';
import { tempDir } from '../support/temp.js';

const APP_MIN: FormValues = {
  project_uuid: 'p1',
  server_uuid: 's1',
  environment_name: 'production',
  git_repository: 'https://github.com/acme/web',
  git_branch: 'main',
  build_pack: 'nixpacks',
};

function reachable(def: FormDef, field: string): boolean {
  const candidates: FormValues[] = [{}, ...BUILD_PACKS.map((p) => ({ build_pack: p }))];
  return candidates.some((values) => def.steps.some((_, i) => visibleFields(def, i, values).includes(field)));
}

describe('schema → steps and fields', () => {
  it('the app form opens on Quick create, then the more-settings steps, in order', () => {
    expect(APP_FORM.steps.map((s) => s.title)).toEqual([...APP_STEP_TITLES]);
    expect(APP_STEP_TITLES).toEqual([
      'Quick create',
      'Where & source',
      'Build',
      'Network',
      'Health check',
      'Resources',
      'Commands & advanced',
      'Secrets',
      'Review',
    ]);
    expect(APP_FORM.steps[0]!.quick).toBe(true);
  });

  it('Quick create holds what is required and what people set every time', () => {
    expect(APP_FORM.steps[0]!.fields).toEqual([
      'project_uuid',
      'server_uuid',
      'environment_name',
      'git_repository',
      'git_branch',
      'build_pack',
      'ports_exposes',
      'name',
      'instant_deploy',
    ]);
    expect(DOCSTORE_FORM.steps[0]!.fields).toEqual([
      'project_uuid',
      'server_uuid',
      'environment_name',
      'name',
      'image',
      'is_public',
      'public_port',
    ]);
    for (const def of [APP_FORM, DOCSTORE_FORM]) for (const f of def.required) expect(def.steps[0]!.fields).toContain(f);
  });

  it('defaults are values the form starts with: nixpacks, port 3000 (80 for static), main, production', () => {
    expect(APP_FORM.defaultOf('build_pack', {})).toBe('nixpacks');
    expect(APP_FORM.defaultOf('ports_exposes', { build_pack: 'nixpacks' })).toBe('3000');
    expect(APP_FORM.defaultOf('ports_exposes', { build_pack: 'static' })).toBe('80');
    expect(APP_FORM.defaultOf('ports_exposes', { build_pack: 'containercompose' })).toBeUndefined();
    expect(APP_FORM.defaultOf('git_branch', {})).toBe('main');
    expect(DOCSTORE_FORM.defaultOf('environment_name', {})).toBe('production');
    expect(APP_FORM.defaultOf('name', {})).toBeUndefined();
  });

  it('every optional field says what the server does when it is left empty', () => {
    for (const def of [APP_FORM, DOCSTORE_FORM]) {
      for (const [name, meta] of Object.entries(def.fields)) {
        if (meta.kind === 'save-as' || def.required.includes(name)) continue;
        expect([name, typeof meta.unset === 'string' && meta.unset.length > 0]).toEqual([name, true]);
      }
    }
  });

  it('every field of CreateAppShape is reachable in some step', () => {
    expect(CREATE_APP_FIELDS.length).toBeGreaterThan(60);
    for (const f of CREATE_APP_FIELDS) expect([f, reachable(APP_FORM, f)]).toEqual([f, true]);
  });

  it('every field of DocstoreShape is reachable in some step', () => {
    for (const f of DOCSTORE_FIELDS) expect([f, reachable(DOCSTORE_FORM, f)]).toEqual([f, true]);
  });

  it('forms have no field that is not in the request schema (besides save-as)', () => {
    for (const def of [APP_FORM, DOCSTORE_FORM]) {
      for (const [name, meta] of Object.entries(def.fields)) {
        if (meta.kind !== 'save-as') expect(def.requestFields).toContain(name);
      }
    }
  });

  it('field kinds follow the schema: integers, booleans, enums, secrets, multi-line', () => {
    expect(APP_FORM.fields.health_check_interval?.kind).toBe('integer');
    expect(APP_FORM.fields.instant_deploy?.kind).toBe('boolean');
    expect(APP_FORM.fields.build_pack?.choices).toEqual([...BUILD_PACKS]);
    expect(APP_FORM.fields.http_basic_auth_password?.kind).toBe('secret');
    expect(APP_FORM.fields.manual_webhook_secret_provider_c?.kind).toBe('secret');
    expect(APP_FORM.fields.container_compose_raw?.kind).toBe('multiline');
    expect(APP_FORM.fields.container_compose_domains?.kind).toBe('domains');
    expect(DOCSTORE_FORM.fields.public_port?.kind).toBe('integer');
    expect(DOCSTORE_FORM.fields.docstore_conf?.kind).toBe('multiline');
  });

  it('the Build step shows only the fields the chosen build pack uses', () => {
    const nix = visibleFields(APP_FORM, 2, { build_pack: 'nixpacks' });
    expect(nix).toContain('install_command');
    expect(nix).not.toContain('containerfile');
    expect(nix).not.toContain('container_compose_raw');
    const compose = visibleFields(APP_FORM, 2, { build_pack: 'containercompose' });
    expect(compose).toContain('container_compose_raw');
    expect(compose).not.toContain('install_command');
    expect(visibleFields(APP_FORM, 2, { build_pack: 'containerfile' })).toContain('containerfile');
    expect(visibleFields(APP_FORM, 3, { build_pack: 'containercompose' })).not.toContain('domains');
  });

  it('a hidden build field that holds a value stays visible (nothing is lost)', () => {
    expect(visibleFields(APP_FORM, 2, { build_pack: 'nixpacks', containerfile: 'FROM x' })).toContain('containerfile');
  });
});

describe('validation per field', () => {
  const v = (name: string) => fieldValidator(APP_FORM, name);
  it('required fields say so', () => {
    expect(v('project_uuid')('')).toBe('is required.');
    expect(v('project_uuid')(undefined)).toBe('is required.');
    expect(v('description')('')).toBeUndefined();
  });
  it('uses the client rules', () => {
    expect(v('ports_exposes')('3000,abc')).toMatch(/comma-separated ports/);
    expect(v('ports_exposes')('3000,3001')).toBeUndefined();
    expect(v('domains')('app.example.com')).toMatch(/http\(s\) URLs/);
    expect(v('build_pack')('dockerfile')).toMatch(/must be one of nixpacks/);
    expect(v('limits_memory')('lots')).toMatch(/512m/);
    expect(v('health_check_port')('70000')).toMatch(/1 to 65535/);
  });
  it('integers are parsed from text and range-checked', () => {
    expect(v('health_check_interval')('abc')).toBe('must be a whole number.');
    expect(v('health_check_interval')('30')).toBeUndefined();
    expect(v('limits_memory_swappiness')('101')).toBe('must be at most 100.');
    expect(fieldValidator(DOCSTORE_FORM, 'public_port')('80')).toBe('must be at least 1024.');
  });
  it('compose domain rows are checked row by row', () => {
    expect(v('container_compose_domains')([{ name: '', domain: 'https://a.example', redirect: '' }])).toMatch(/row 1 name/);
    expect(v('container_compose_domains')([{ name: 'web', domain: 'https://a.example', redirect: 'www' }])).toBeUndefined();
  });
  it('submit checks cross-field rules with the client validator', () => {
    const { errors } = validateForm(APP_FORM, { ...APP_MIN, environment_name: '' });
    expect(errors.environment_name).toMatch(/environment_name or environment_uuid/);
    const compose = validateForm(APP_FORM, { ...APP_MIN, build_pack: 'containercompose', domains: 'https://a.example' });
    expect(compose.errors.domains).toMatch(/not accepted/);
    const pub = validateForm(DOCSTORE_FORM, { project_uuid: 'p', server_uuid: 's', environment_name: 'e', is_public: true });
    expect(pub.errors.public_port).toMatch(/required when is_public/);
  });
  it('a message-only server answer is placed under the field it names', () => {
    expect(fieldNamedIn(APP_FORM, 'You need to provide at least one of environment_name or environment_uuid.')).toBe('environment_name');
    expect(fieldNamedIn(APP_FORM, 'Server Error')).toBeUndefined();
  });
  it('a complete minimal body passes', () => {
    expect(validateForm(APP_FORM, APP_MIN).errors).toEqual({});
  });
});

describe('bodies', () => {
  it('contain only set fields, with integers and booleans typed', () => {
    const { body } = buildBody(APP_FORM, {
      ...APP_MIN,
      description: '',
      health_check_interval: '30',
      instant_deploy: true,
      is_static: false,
      redirect: '',
    });
    expect(body).toEqual({
      project_uuid: 'p1',
      server_uuid: 's1',
      environment_name: 'production',
      git_repository: 'https://github.com/acme/web',
      git_branch: 'main',
      build_pack: 'nixpacks',
      health_check_interval: 30,
      instant_deploy: true,
      is_static: false,
    });
  });
  it('compose domain rows leave out empty keys', () => {
    const { body } = buildBody(APP_FORM, { container_compose_domains: [{ name: 'web', domain: '', redirect: '' }] });
    expect(body.container_compose_domains).toEqual([{ name: 'web' }]);
  });
  it('docstore config text is sent base64-encoded and read back as text', () => {
    const { body } = buildBody(DOCSTORE_FORM, { docstore_conf: 'net:\n  port: 27017\n' });
    expect(body.docstore_conf).toBe(toBase64('net:\n  port: 27017\n'));
    expect(valuesFromBody(DOCSTORE_FORM, body).values.docstore_conf).toBe('net:\n  port: 27017\n');
  });
  it('@path reads a file when the body is built', () => {
    const dir = tempDir('dms-forms-');
    writeFileSync(join(dir, 'compose.yaml'), 'services: {}\n');
    const { body } = buildBody(APP_FORM, { container_compose_raw: `@${join(dir, 'compose.yaml')}` }, (p) => readFileSync(p, 'utf8'));
    expect(body.container_compose_raw).toBe('services: {}\n');
    const missing = buildBody(APP_FORM, { container_compose_raw: '@/nonexistent/x' }, (p) => readFileSync(p, 'utf8'));
    expect(missing.problems[0]).toMatchObject({ field: 'container_compose_raw' });
  });
  it('--from lists keys named like Object.prototype members as left out, like other unknown keys', () => {
    const body = JSON.parse(
      `{"toString": "x", "constructor": {"a": 1}, "valueOf": 1, "__proto__": {"polluted": true}, "hasOwnProperty": "y", "git_branch": "main"}`,
    ) as Record<string, unknown>;
    for (const form of [APP_FORM, DOCSTORE_FORM]) {
      const { values, unknown } = valuesFromBody(form, body);
      expect(unknown).toEqual(expect.arrayContaining(['toString', 'constructor', 'valueOf', '__proto__', 'hasOwnProperty']));
      expect(Object.keys(values).filter((k) => k !== 'git_branch')).toEqual([]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('a body read with --from round-trips', () => {
    const body = {
      ...APP_MIN,
      health_check_retries: 3,
      instant_deploy: true,
      container_compose_domains: [{ name: 'web', domain: 'https://x.example', redirect: 'www' }],
    };
    const { values, unknown } = valuesFromBody(APP_FORM, { ...body, bogus: 1 });
    expect(unknown).toEqual(['bogus']);
    expect(values.health_check_retries).toBe('3');
    expect(buildBody(APP_FORM, values).body).toEqual(body);
  });
});

describe('values', () => {
  it('normalises scp-like git URLs to https', () => {
    expect(normaliseRepository('git@github.com:acme/web.git')).toEqual({ url: 'https://github.com/acme/web' });
    expect(normaliseRepository('git@gitlab.example:group/sub/repo')).toEqual({ url: 'https://gitlab.example/group/sub/repo' });
  });
  it('takes a bare host/owner/repo (a host with a dot, no scheme) as https; other forms as before', () => {
    expect(normaliseRepository('github.com/acme/shop')).toEqual({ url: 'https://github.com/acme/shop' });
    expect(normaliseRepository(' gitlab.com/group/sub/repo ')).toEqual({ url: 'https://gitlab.com/group/sub/repo' });
    expect(normaliseRepository('www.github.com/acme/shop')).toEqual({ url: 'https://www.github.com/acme/shop' });
    expect(normaliseRepository('git.example.co.uk/acme/shop.git')).toEqual({ url: 'https://git.example.co.uk/acme/shop.git' });
    expect(normaliseRepository('github.com/acme/shop/tree/release/2.0')).toEqual({
      url: 'https://github.com/acme/shop',
      branch: 'release/2.0',
    });
    expect(normaliseRepository('git@github.com:acme/shop.git')).toEqual({ url: 'https://github.com/acme/shop' });
    expect(normaliseRepository('https://gitlab.com/acme/shop/-/tree/dev')).toEqual({ url: 'https://gitlab.com/acme/shop', branch: 'dev' });
    // Not a host and two path parts: left as typed (and refused by the check).
    for (const v of ['github.com/acme', 'localhost/acme/shop', 'acme/shop', './acme/shop', 'github.com /acme/shop']) {
      expect(normaliseRepository(v)).toEqual({ url: v });
    }
  });
  it('takes the branch from …/tree/<branch> URLs', () => {
    expect(normaliseRepository('https://github.com/acme/web/tree/release/2.0')).toEqual({
      url: 'https://github.com/acme/web',
      branch: 'release/2.0',
    });
    expect(normaliseRepository(' https://github.com/acme/web ')).toEqual({ url: 'https://github.com/acme/web' });
  });
  it('parses integers strictly', () => {
    expect(parseInteger(' 42 ')).toBe(42);
    expect(parseInteger('4.2')).toBeUndefined();
    expect(parseInteger('')).toBeUndefined();
  });
  it('base64 round trip, and non-base64 is not decoded', () => {
    expect(fromBase64(toBase64('a: 1\nb: é'))).toBe('a: 1\nb: é');
    expect(fromBase64('not base64!')).toBeUndefined();
  });
  it('pasted text loses newlines and control characters in one-line fields', () => {
    expect(sanitiseInput('abc\n', false)).toBe('abc');
    expect(sanitiseInput('a\nb\x1b[31mc\x07', false)).toBe('a bc');
    expect(sanitiseInput('a\r\nb\x00', true)).toBe('a\nb');
  });
  it('the line editor inserts at the cursor, erases, and moves', () => {
    let s = lineAt('');
    s = insertLine(s, 'hllo');
    s = applyLine(s, 'start');
    s = applyLine(s, 'right');
    s = insertLine(s, 'e');
    expect(s).toEqual({ value: 'hello', cursor: 2 });
    expect(applyLine(lineAt('x', 0), 'left')).toEqual({ value: 'x', cursor: 0 });
    s = applyLine(s, 'backspace');
    expect(s.value).toBe('hllo');
    expect(applyLine(s, 'killAfter')).toEqual({ value: 'h', cursor: 1 });
    expect(applyLine(s, 'killBefore')).toEqual({ value: 'llo', cursor: 0 });
    expect(insertLine(lineAt(''), 'x\ny\n').value).toBe('x y');
  });
});

describe('drafts', () => {
  it('save → load round trip keeps values and step, private file; discard removes it', () => {
    const dir = tempDir('dms-drafts-');
    const values = {
      ...APP_MIN,
      http_basic_auth_password: 's3cret',
      instant_deploy: true,
      container_compose_domains: [{ name: 'web', domain: '', redirect: '' }],
    };
    saveDraft(dir, 'create-app', { values, step: 3 });
    const d = loadDraft(dir, 'create-app');
    expect(d?.step).toBe(3);
    expect(valuesFromDraft(APP_FORM, d!.values)).toEqual(values);
    expect(statSync(join(dir, 'drafts', 'create-app.json')).mode & 0o777).toBe(0o600);
    discardDraft(dir, 'create-app');
    expect(loadDraft(dir, 'create-app')).toBeUndefined();
  });
});

describe('every problem at once', () => {
  const reduce = createFormReducer(APP_FORM);

  it('a missing build pack and a missing environment are both named on the first Ctrl+S', () => {
    const { errors } = validateForm(APP_FORM, {
      project_uuid: 'p1',
      server_uuid: 's1',
      git_repository: 'https://github.com/acme/web',
      git_branch: 'main',
    });
    expect(Object.keys(errors).sort()).toEqual(['build_pack', 'environment_name']);
  });

  it('field rules and whole-body rules are reported together', () => {
    const { errors } = validateForm(DOCSTORE_FORM, { project_uuid: 'p', is_public: true, limits_cpus: 'lots' });
    expect(Object.keys(errors).sort()).toEqual(['environment_name', 'limits_cpus', 'public_port', 'server_uuid']);
  });

  it('after a refused send, each edit checks the whole form again: fixed messages go, on every step', () => {
    let s = initialFormState(APP_FORM, { project_uuid: 'p1', limits_cpus: 'lots' });
    s = reduce(s, { type: 'invalid', errors: validateForm(APP_FORM, s.values).errors });
    expect(Object.keys(s.errors).sort()).toEqual([
      'build_pack',
      'environment_name',
      'git_branch',
      'git_repository',
      'limits_cpus',
      'server_uuid',
    ]);
    s = reduce(s, { type: 'set', name: 'environment_uuid', value: 'env-1' });
    s = reduce(s, { type: 'set', name: 'limits_cpus', value: '0.5' });
    s = reduce(s, { type: 'set', name: 'build_pack', value: 'static' });
    expect(Object.keys(s.errors).sort()).toEqual(['git_branch', 'git_repository', 'server_uuid']);
  });

  it('a file named with @ that does not exist is said in words', () => {
    const { problems } = buildBody(APP_FORM, { container_compose_raw: '@/nonexistent/compose.yaml' }, (p) => readFileSync(p, 'utf8'));
    expect(problems[0]!.message).toBe('names the file /nonexistent/compose.yaml, which does not exist.');
    expect(problems[0]!.message).not.toMatch(/ENOENT/);
  });
});
