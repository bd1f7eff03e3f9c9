// Shell completion: what is offered for a command line (completion-candidates.ts: from the
// argument parser's own tables, with a source of its own), and what completion-source.ts reads of
// a config folder. The scripts and the binary: test/cli/completion.test.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMAND_OPTIONS, GLOBAL_OPTIONS, type Command } from '../../src/commands/args.js';
import { complete } from '../../src/commands/completion-candidates.js';
import { format } from '../../src/commands/completion.js';
import { configSource, type Candidate, type CompletionSource, type Target } from '../../src/commands/completion-source.js';
import { CONTEXT_USAGE } from '../../src/commands/context.js';
import { OUTPUTS, STATUS_NAMES } from '../../src/commands/deployments-args.js';
import { addRecent, addRecentValues } from '../../src/config/recents.js';
import { tempDir } from '../support/temp.js';

const APPS: Record<string, Candidate[]> = {
  demo: [{ value: 'demo-app-1', description: 'shop-frontend' }],
  prod: [{ value: 'prod-app-1', description: 'billing' }, { value: 'prod-app-2' }],
};
const source: CompletionSource = {
  contexts: () => [{ value: 'prod', description: 'https://prod.example.com/api/v1 (current)' }, { value: 'staging' }],
  recentApps: (t: Target) => (t.demo ? APPS.demo! : t.context === 'prod' || t.url?.includes('prod') ? APPS.prod! : []),
  recentValues: (field) => (field === 'project_uuid' ? ['proj-1', 'proj-2', '$(not plain)'] : []),
};
/** The values offered for `dms <line>` (split at spaces; a trailing space = an empty word to complete). */
const values = (line: string, shell: 'bash' | 'zsh' | 'fish' = 'bash') => {
  const result = complete(line.split(' '), source, shell);
  return result.files ? [':files'] : result.candidates.map((c) => c.value);
};

describe('what dms completes', () => {
  it('the commands first (not the hidden __complete), with a description each', () => {
    expect(values('')).toEqual(Object.keys(COMMAND_OPTIONS));
    expect(values('')).not.toContain('__complete');
    expect(values('dep')).toEqual(['deployments']);
    expect(values('co')).toEqual(['context', 'completion']);
    const result = complete([''], source, 'zsh');
    expect(!result.files && result.candidates.every((c) => c.description)).toBe(true);
  });

  it('every flag of every command, read from the argument parser’s table (a new flag needs no second edit)', () => {
    for (const command of Object.keys(COMMAND_OPTIONS) as Command[]) {
      if (command === 'context') continue; // reads its own options, below
      // create: its own options and the fields of the request named (app or docstore)
      const offered = command === 'create' ? [...values('create app --'), ...values('create docstore --')] : values(`${command} --`);
      for (const name of Object.keys({ ...GLOBAL_OPTIONS, ...COMMAND_OPTIONS[command] })) {
        if (name === 'version') continue;
        expect(offered, `dms ${command} --${name}`).toContain(`--${name}`);
      }
    }
    expect(values('deployments x -')).toEqual(expect.arrayContaining(['-o', '-h', '--output']));
    expect(values('deployments x --st')).toEqual(['--status']);
  });

  it('flags get the first clause of their help as description; one already given is not offered again', () => {
    const result = complete(['logs', 'x', '--'], source, 'fish');
    const wait = !result.files && result.candidates.find((c) => c.value === '--wait-timeout');
    expect(wait && wait.description).toMatch(/^with --follow: stop waiting/);
    expect(values('logs x --follow --')).not.toContain('--follow');
    expect(values('deployments x -o json --')).not.toContain('--output');
  });

  it('before the command, only the global options are offered, and every command’s are read (--take 5)', () => {
    expect(values('--').sort()).toEqual(
      Object.keys(GLOBAL_OPTIONS)
        .map((n) => `--${n}`)
        .sort(),
    );
    expect(values('--take 5 deployments d')).toEqual([]); // 5 is --take's value, not the command
    expect(values('--demo --take 5 deployments ')).toEqual(['demo-app-1']);
    expect(values('--take 5 deployments --')).not.toContain('--take');
  });

  it('values dms knows: output formats, statuses as a comma-separated list, --time', () => {
    expect(values('deployments x --output ')).toEqual([...OUTPUTS]);
    expect(values('deployments x -o ')).toEqual([...OUTPUTS]);
    // dms diff prints a table or JSON only.
    expect(values('diff x 1 -o ')).toEqual(['table', 'json']);
    expect(values('diff x 1 --output=')).toEqual(['--output=table', '--output=json']);
    expect(values('deployments x -o nd')).toEqual(['ndjson']);
    expect(values('deployments x --output=j')).toEqual(['--output=json']);
    expect(values('deployments x --status f')).toEqual(['finished', 'failed']);
    expect(values('deployments x --status failed,ca')).toEqual(['failed,cancelled', 'failed,cancelled-by-user']);
    expect(values('deployments x --status=failed,')).toEqual(
      Object.keys(STATUS_NAMES)
        .filter((n) => n !== 'failed')
        .map((n) => `--status=failed,${n}`),
    );
    if (Object.hasOwn(COMMAND_OPTIONS.deployments, 'time')) expect(values('deployments x --time ')).toEqual(['iso', 'relative']);
  });

  it('context names for --context (either form); file names for --file, --from and --conf-file', () => {
    expect(values('--context ')).toEqual(['prod', 'staging']);
    expect(values('--context=s')).toEqual(['--context=staging']);
    expect(values('deployments --context p')).toEqual(['prod']);
    expect(values('create app --file ')).toEqual([':files']);
    expect(values('create app --from=')).toEqual([':files']);
    expect(values('create docstore --conf-file ')).toEqual([':files']);
  });

  it('nothing for values only the user knows (--url, --take, a deployment id) and after an unknown command', () => {
    expect(values('--url ')).toEqual([]);
    expect(values('deployments x --take ')).toEqual([]);
    expect(values('logs x 1')).toEqual([]);
    expect(values('nonsense ')).toEqual([]);
    expect(values('nonsense --')).toEqual([]);
  });

  it('recent applications of the server the line is for: --demo, --context, --url, in any order', () => {
    expect(values('deployments d')).toEqual([]); // the source says: no server known
    expect(values('deployments ')).toContain('--all'); // nothing by position: the flags
    expect(values('--demo deployments ')).toEqual(['demo-app-1']);
    expect(values('browse --demo ')).toEqual(['demo-app-1']);
    expect(values('--context prod logs ')).toEqual(['prod-app-1', 'prod-app-2']);
    expect(values('deployments --context=prod p')).toEqual(['prod-app-1', 'prod-app-2']);
    expect(values('deployments --url https://prod.example.com/api/v1 prod-app-2')).toEqual(['prod-app-2']);
    expect(values('deployments --demo demo-app-1 ')).not.toContain('demo-app-1'); // one APP_UUID only: then flags
  });

  it('the subcommands of create, context and completion; context names after use, remove, verify', () => {
    expect(values('create ')).toEqual(['app', 'docstore']);
    expect(values('context ')).toEqual(Object.keys(CONTEXT_USAGE));
    expect(values('context use ')).toEqual(['prod', 'staging']);
    expect(values('context remove s')).toEqual(['staging']);
    expect(values('completion ')).toEqual(['bash', 'zsh', 'fish']);
    expect(values('completion bash ')).toEqual([
      '--url',
      '--token',
      '--context',
      '--demo',
      '--timeout',
      '--max-response-mb',
      '--json',
      '--show-secrets',
      '--no-color',
      '--help',
      '-h',
    ]);
  });

  it('dms create: the fields of the request named as flags, with the forms’ help; their choices and recent values', () => {
    const app = values('create app --');
    expect(app).toEqual(expect.arrayContaining(['--file', '--git-repository', '--build-pack', '--instant-deploy', '--no-instant-deploy']));
    expect(app).not.toContain('--image'); // a docstore field
    expect(values('create docstore --')).toEqual(expect.arrayContaining(['--image', '--conf-file']));
    expect(values('create docstore --')).not.toContain('--git-repository');
    expect(values('create --')).not.toContain('--git-repository'); // app or docstore first
    const fish = complete(['create', 'app', '--git-rep'], source, 'fish');
    expect(!fish.files && fish.candidates.find((c) => c.value === '--git-repository')?.description).toBeTruthy();
    expect(values('create app --build-pack ')).toEqual(expect.arrayContaining(['nixpacks', 'static', 'containercompose']));
    expect(values('create app --redirect=w')).toEqual(['--redirect=www']);
    expect(values('create app --project-uuid ')).toEqual(['proj-1', 'proj-2']);
    expect(values('create app --name ')).toEqual([]);
  });

  it('context add offers its own options, never --token (refused there: it would show in the process list)', () => {
    const offered = values('context add prod --');
    expect(offered).toContain('--url');
    expect(offered).not.toContain('--token');
    expect(offered).not.toContain('--demo'); // dms context reads only its own options
    expect(values('context add prod -- ')).toEqual([]); // a token command's words
  });

  it('bash gets the candidates that start with the word; zsh and fish all of them, to match as they like', () => {
    expect(values('context use p', 'bash')).toEqual(['prod']);
    expect(values('context use p', 'zsh')).toEqual(['prod', 'staging']);
    expect(values('context use p', 'fish')).toEqual(['prod', 'staging']);
  });

  it('prints one candidate a line: bare for bash, with a tab and the description for zsh and fish', () => {
    const result = complete(['context', 'use', ''], source, 'zsh');
    expect(format(result, 'bash')).toBe('prod\nstaging\n');
    expect(format(result, 'zsh')).toBe('prod\thttps://prod.example.com/api/v1 (current)\nstaging\n');
    expect(format({ files: true }, 'fish')).toBe(':files\n');
  });
});

describe('what completion reads of the config folder (as every command reads it)', () => {
  const PROD = 'https://prod.example.com/api/v1';
  const STAGING = 'https://staging.example.com/api/v1';
  /** A config folder: prod (current, a token command), staging (a token), half (no token: dms refuses it), one recent app on each server. */
  const folder = () => {
    const dir = tempDir('dms-completion-source-');
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({
        current: 'prod',
        contexts: {
          prod: { url: PROD, token_command: ['pass', 'show', 'dms'] },
          staging: { url: STAGING, token: '2|tok' },
          half: { url: 'https://half.example.com/api/v1' },
        },
      }),
      { mode: 0o600 },
    );
    addRecent(dir, { uuid: 'prod-app', name: 'billing' }, new URL(PROD).origin);
    addRecent(dir, { uuid: 'staging-app' }, new URL(STAGING).origin);
    addRecent(dir, { uuid: 'demo-app' }, 'demo');
    return dir;
  };
  const apps = (dir: string, env: NodeJS.ProcessEnv, target: Target = {}) =>
    configSource(dir, env)
      .recentApps(target)
      .map((c) => c.value);

  it('offers only the contexts dms can use (one without a token or token command is not one: context use refuses it)', () => {
    expect(configSource(folder(), {}).contexts()).toEqual([
      { value: 'prod', description: `${PROD} (current)` },
      { value: 'staging', description: STAGING },
    ]);
  });

  it('finds the server by the precedence every command follows: flags, then DMS_URL/DMS_CONTEXT, then the current context', () => {
    const dir = folder();
    expect(apps(dir, {})).toEqual(['prod-app']);
    expect(apps(dir, { DMS_CONTEXT: 'staging' })).toEqual(['staging-app']);
    expect(apps(dir, { DMS_URL: `${STAGING}/`, DMS_TOKEN: 'x' })).toEqual(['staging-app']);
    expect(apps(dir, { DMS_CONTEXT: 'staging' }, { context: 'prod' })).toEqual(['prod-app']);
    expect(apps(dir, {}, { demo: true, context: 'prod' })).toEqual(['demo-app']);
  });

  it('offers the form values sent to the server the command would talk to, not those of another', () => {
    const dir = folder();
    addRecentValues(dir, { project_uuid: 'prod-project' }, new URL(PROD).origin);
    addRecentValues(dir, { project_uuid: 'demo-project' }, 'demo');
    const values = (env: NodeJS.ProcessEnv, target: Target = {}) => configSource(dir, env).recentValues('project_uuid', target);
    expect(values({})).toEqual(['prod-project']);
    expect(values({ DMS_CONTEXT: 'staging' })).toEqual([]);
    expect(values({}, { demo: true })).toEqual(['demo-project']);
  });

  it('names no server where dms would name none: DMS_TOKEN without a URL, a context that is not saved', () => {
    const dir = folder();
    // dms refuses DMS_TOKEN alone ("DMS_TOKEN is set but no URL"); it does not fall back to the current context.
    expect(apps(dir, { DMS_TOKEN: '1|x' })).toEqual([]);
    expect(apps(dir, {}, { context: 'half' })).toEqual([]);
    expect(apps(dir, {}, { context: 'nope' })).toEqual([]);
  });

  it('leaves a broken config.json where it is, and offers nothing from it', () => {
    const dir = tempDir('dms-completion-source-');
    writeFileSync(join(dir, 'config.json'), '{"contexts": {');
    expect(configSource(dir, {}).contexts()).toEqual([]);
    expect(apps(dir, {})).toEqual([]);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toBe('{"contexts": {');
  });
});
