// Headless creation by flags: a flag for every field of both request bodies (walking the schemas),
// usage errors naming the closest field, the example bodies and the grouped help. The same body as
// the form for random values: test/property/flags.test.ts.
import { describe, expect, it } from 'vitest';
import { CreateAppShape } from '../../src/api/schemas/create-app.js';
import { DocstoreShape } from '../../src/api/schemas/create-docstore.js';
import { parse, type Parsed } from '../../src/commands/args.js';
import { createHelp, fieldFlagsHelp } from '../../src/commands/create-help.js';
import { FORMS, checkCreateArgs, headlessBody, printExample, valuesFromFlags, type CreateKind } from '../../src/commands/create.js';
import { EXIT, UsageError, exitCodeFor } from '../../src/commands/exit-codes.js';
import { closestField, flagOf } from '../../src/forms/field-flags.js';
import { tempDir } from '../support/temp.js';

const SHAPES: Record<CreateKind, Record<string, unknown>> = { app: CreateAppShape, docstore: DocstoreShape };
const dir = tempDir('dms-flags-');

/** `dms create KIND ARGS…` as the argument parser reads it (a docstore says what becomes of its password: shown). */
function argv(kind: CreateKind, ...args: string[]): Parsed {
  return parse(['create', kind, ...args, ...(kind === 'docstore' ? ['--show-secrets'] : [])]);
}

function usageError(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    expect(exitCodeFor(e)).toBe(EXIT.usage);
    return (e as Error).message;
  }
  throw new Error('no usage error');
}

describe('a flag for every field of §2.2 and §2.4', () => {
  for (const kind of ['app', 'docstore'] as const) {
    it(`every field of the ${kind} request schema is a flag named after it, and reaches the body`, () => {
      const def = FORMS[kind];
      const fields = Object.keys(SHAPES[kind]);
      expect(fields.length).toBe(kind === 'app' ? 67 : 20); // interface.md §2.2, §2.4
      for (const field of fields) {
        const meta = def.fields[field]!;
        expect([field, meta?.kind]).not.toEqual([field, undefined]);
        const flag = `--${field.replaceAll('_', '-')}`;
        const value =
          meta.kind === 'boolean'
            ? undefined
            : meta.kind === 'integer'
              ? '42'
              : meta.kind === 'choice'
                ? meta.choices![0]!
                : meta.kind === 'domains'
                  ? '[{"name":"web"}]'
                  : 'x1';
        const parsed = argv(kind, ...(value === undefined ? [flag] : [flag, value]));
        checkCreateArgs(kind, parsed, dir);
        const { body } = headlessBody(def, {}, valuesFromFlags(def, parsed));
        const expected =
          meta.kind === 'boolean'
            ? true
            : meta.kind === 'integer'
              ? 42
              : meta.kind === 'domains'
                ? [{ name: 'web' }]
                : field === 'docstore_conf'
                  ? Buffer.from('x1').toString('base64')
                  : value;
        expect([field, body[field]]).toEqual([field, expected]);
        if (meta.kind === 'boolean') {
          const off = argv(kind, `--no-${flagOf(field)}`);
          expect(headlessBody(def, {}, valuesFromFlags(def, off)).body[field]).toBe(false);
        }
      }
    });
  }

  it('the flags of both requests are one table with no clash with the other options', () => {
    const parsed = argv('app', '--json', '--file', 'x.json', '--name', 'n', '--no-instant-deploy');
    expect(parsed.values).toMatchObject({ json: true, file: 'x.json', name: 'n', 'no-instant-deploy': true });
  });
});

describe('flags that are not fields', () => {
  it('name the closest field, exit 2', () => {
    expect(usageError(() => argv('app', '--repository', 'u'))).toMatch(
      /^--repository is not a field of an application request; the closest is --git-repository\./,
    );
    expect(usageError(() => argv('app', '--branch', 'main'))).toMatch(/the closest is --git-branch/);
    expect(usageError(() => argv('docstore', '--port', '3'))).toMatch(/not a field of a docstore request; the closest is --public-port/);
    expect(usageError(() => argv('app', '--buildpack', 'static'))).toMatch(/the closest is --build-pack/);
  });

  it('a field of the other request is not a field of this one', () => {
    const parsed = argv('docstore', '--git-repository', 'https://github.com/a/b');
    expect(usageError(() => checkCreateArgs('docstore', parsed, dir))).toMatch(
      /--git-repository is not a field of a docstore request; the closest is --/,
    );
  });

  it('a misspelt global option still gets its own suggestion', () => {
    expect(usageError(() => argv('app', '--tokn', 'x'))).toMatch(/unknown option --tokn; did you mean --token\?/);
  });

  it('a value that looks like a token is never repeated', () => {
    const message = usageError(() => parse(['create', 'app', '--1|abcdefghijklmnopqrstuvwxyz0123456789']));
    expect(message).not.toMatch(/abcdefghij/);
  });

  it('on and off together is a usage error; an integer that is not one is named with the others', () => {
    expect(usageError(() => checkCreateArgs('app', argv('app', '--instant-deploy', '--no-instant-deploy'), dir))).toMatch(/both given/);
    const def = FORMS.docstore;
    const { problems } = headlessBody(def, {}, valuesFromFlags(def, argv('docstore', '--public-port', '80x', '--limits-cpus', 'lots')));
    expect(problems.map((p) => p.field).sort()).toEqual(['environment_name', 'limits_cpus', 'project_uuid', 'public_port', 'server_uuid']);
    expect(problems.find((p) => p.field === 'public_port')!.message).toBe('must be a whole number.');
  });

  it('closestField prefers a field holding the word, then shared words, then the fewest edits', () => {
    expect(closestField('image-name', ['app'])).toBe('container_registry_image_name');
    expect(closestField('public-port', ['app'])).toBe('ports_exposes');
    expect(closestField('instantdeploy')).toBe('instant_deploy');
  });
});

describe('flags merged over --file', () => {
  it('flags win, and --field "" leaves a field of the file out', () => {
    const def = FORMS.app;
    const file = {
      project_uuid: 'p1',
      server_uuid: 's1',
      environment_name: 'staging',
      git_repository: 'https://github.com/a/b',
      git_branch: 'dev',
      build_pack: 'static',
      name: 'old',
    };
    const parsed = argv('app', '--git-branch', 'main', '--environment-name', 'production', '--name', '', '--instant-deploy');
    const { body, problems } = headlessBody(def, file, valuesFromFlags(def, parsed));
    expect(problems).toEqual([]);
    expect(body).toEqual({ ...file, git_branch: 'main', environment_name: 'production', name: undefined, instant_deploy: true });
    expect('name' in body).toBe(false);
  });
});

describe('--example', () => {
  function example(kind: CreateKind): { body: Record<string, unknown>; note: string } {
    let out = '';
    let err = '';
    const io = {
      stdout: {
        write: (s: string) => {
          out += s;
          return true;
        },
      },
      stderr: {
        write: (s: string) => {
          err += s;
          return true;
        },
      },
      stdin: process.stdin,
      env: {},
    };
    expect(printExample(kind, io as never)).toBe(0);
    return { body: JSON.parse(out) as Record<string, unknown>, note: err };
  }

  for (const kind of ['app', 'docstore'] as const) {
    it(`${kind}: valid JSON with every field, which passes validation once the where-uuids are filled`, () => {
      const { body, note } = example(kind);
      expect(Object.keys(body).sort()).toEqual(Object.keys(SHAPES[kind]).sort());
      const def = FORMS[kind];
      expect(def.validateBody(body).success).toBe(false);
      const filled = { ...body, project_uuid: 'p1', server_uuid: 's1', environment_uuid: 'e1', destination_uuid: 'd1' };
      expect(def.validateBody(filled)).toMatchObject({ success: true });
      expect(note).toMatch(/Fill in project_uuid, server_uuid/);
      expect(note).toMatch(new RegExp(`dms create ${kind} --file body\\.json`));
    });
  }
});

describe('--help', () => {
  it("lists every field flag, grouped under the form's step titles in order", () => {
    for (const kind of ['app', 'docstore'] as const) {
      const help = fieldFlagsHelp(kind);
      for (const field of Object.keys(SHAPES[kind]))
        expect(help).toContain(`--${FORMS[kind].fields[field]!.kind === 'boolean' ? '[no-]' : ''}${flagOf(field)}`);
      const titles = FORMS[kind].steps.filter((s) => s.fields.some((f) => f !== '$save_as')).map((s) => s.title);
      const at = titles.map((t) => (help.indexOf(`\n${t}`) === -1 ? help.indexOf(t) : help.indexOf(`\n${t}`) + 1));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
    }
    expect(createHelp('docstore')).toMatch(/--save-credentials FILE/);
    expect(createHelp('app')).toMatch(/--\[no-\]instant-deploy/);
    expect(createHelp(undefined)).toMatch(/dms create app --help/);
  });
});
