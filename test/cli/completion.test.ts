// Shell completion (issue 13): `dms completion bash|zsh|fish` and the `dms __complete` callback,
// through the built binary: context names and recent applications from the config folder, never
// from a request. The scripts run in real bash (and zsh and fish where installed). What is offered
// for a command line: test/commands/completion.test.ts.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_OPTIONS } from '../../src/commands/args.js';
import { CONTEXT_USAGE } from '../../src/commands/context.js';
import { addRecent, recentsServer } from '../../src/config/recents.js';
import { BIN } from '../support/bin.js';
import { json, respondWith, type HostileServer } from '../support/hostile.js';
import { runBin, scriptsRun } from '../support/run-bin.js';
import { tempDir } from '../support/temp.js';
import { startTmux, type TmuxSession } from '../support/tmux.js';

const has = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
const HAS_ZSH = has('zsh');
const HAS_FISH = has('fish');
const HAS_TMUX = has('tmux');
const ZSH_CAPTURE = fileURLToPath(new URL('../support/zsh-complete.zsh', import.meta.url));

// ------------------------------------------------------------------------------------------------
// The built binary, a config folder, and the real shells

let root: string;
let bin: string;
let config: string;
let home: string;
let server: HostileServer;
const scripts: Record<string, string> = {};
let env: Record<string, string>;
const PROD_APP = '3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07';
const DEMO_APP = 'a1b2c3d4-0000-4000-8000-000000000001';
const STAGING_APP = 'staging-app-77';

beforeAll(async () => {
  // Any request at all is a failure of these tests: the server answers, and counts.
  server = await respondWith(json(200, []));
  root = tempDir('dms-completion-');
  bin = join(root, 'bin');
  config = join(root, 'config');
  home = join(root, 'home');
  mkdirSync(bin);
  mkdirSync(config, { mode: 0o700 });
  mkdirSync(home);
  // The scripts call the dms on PATH: the built binary.
  writeFileSync(join(bin, 'dms'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(join(bin, 'dms'), 0o755);
  const prodUrl = `${server.url}/api/v1`;
  writeFileSync(
    join(config, 'config.json'),
    `${JSON.stringify({
      current: 'prod',
      contexts: {
        // A token command would leave a mark: completion must never run it.
        prod: { url: prodUrl, token_command: ['sh', '-c', `touch '${join(root, 'token-command-ran')}'; echo '1|tok'`] },
        staging: { url: 'https://staging.example.com/api/v1', token: '2|tok' },
      },
    })}\n`,
    { mode: 0o600 },
  );
  const serverOf = (url: string) => recentsServer({ demo: false, origin: new URL(url).origin, host: new URL(url).host });
  addRecent(config, { uuid: STAGING_APP, name: 'staging api' }, serverOf('https://staging.example.com/api/v1'));
  addRecent(config, { uuid: DEMO_APP, name: 'shop-frontend' }, 'demo');
  addRecent(config, { uuid: '$(touch pwned)', name: 'not a plain id' }, serverOf(prodUrl));
  addRecent(config, { uuid: PROD_APP, name: 'billing\tapi\u001b[31m' }, serverOf(prodUrl));
  env = {
    PATH: `${bin}:${process.env.PATH}`,
    HOME: home,
    DMS_CONFIG_DIR: config,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    LANG: 'C.UTF-8',
    TERM: 'xterm',
  };
  for (const shell of ['bash', 'zsh', 'fish']) {
    const r = await runBin(['completion', shell], { env: { DMS_CONFIG_DIR: config } });
    expect(r.code).toBe(0);
    scripts[shell] = join(root, `dms.${shell}`);
    writeFileSync(scripts[shell]!, r.stdout);
  }
});

afterAll(async () => {
  // Nothing was asked of the server, and no token command ran, whatever was completed.
  expect(server.total()).toBe(0);
  expect(existsSync(join(root, 'token-command-ran'))).toBe(false);
  await server.close();
});

describe('dms completion SHELL', () => {
  it('prints a script for bash, zsh and fish that asks the dms on PATH', () => {
    expect(readFileSync(scripts.bash!, 'utf8')).toMatch(/complete -F _dms_complete dms\n$/);
    expect(readFileSync(scripts.zsh!, 'utf8')).toMatch(/^#compdef dms\n/);
    expect(readFileSync(scripts.fish!, 'utf8')).toMatch(/complete -c dms -f -a '\(__dms_complete\)'\n$/);
    for (const s of Object.values(scripts)) expect(readFileSync(s, 'utf8')).toContain('command dms __complete');
  });

  it('a shell it does not know, none, or one too many: a usage error, exit 2, one line, the argument not repeated', async () => {
    for (const args of [
      ['completion', 'tcsh'],
      ['completion'],
      ['completion', 'bash', 'zsh'],
      ['completion', '17|Zq7vK2mXw9PbT4rLh8YcN3sJd6Fg'],
    ]) {
      const r = await runBin(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^dms: .*dms completion bash, zsh or fish|takes none after/);
      expect(r.stderr).not.toContain('Zq7vK2');
      expect(r.stderr).not.toContain('tcsh');
    }
  });

  it('--help says how to install it in each shell', async () => {
    const r = await runBin(['completion', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('source <(dms completion bash)');
    expect(r.stdout).toContain('source <(dms completion zsh)');
    expect(r.stdout).toContain('dms completion fish > ~/.config/fish/completions/dms.fish');
  });
});

describe('dms __complete (the scripts’ callback)', () => {
  const ask = (...words: string[]) => runBin(['__complete', 'fish', '--', ...words], { env: { DMS_CONFIG_DIR: config } });

  it('reads the contexts and the current context’s recent applications, plain ids only, descriptions on one line', async () => {
    expect((await ask('--context', '')).stdout).toBe(`prod\t${server.url}/api/v1 (current)\nstaging\thttps://staging.example.com/api/v1\n`);
    expect((await ask('deployments', '')).stdout).toBe(`${PROD_APP}\tbilling api\n`);
    expect((await ask('--context', 'staging', 'browse', '')).stdout).toBe(`${STAGING_APP}\tstaging api\n`);
    expect((await ask('--demo', 'logs', '')).stdout).toBe(`${DEMO_APP}\tshop-frontend\n`);
    const r = await runBin(['__complete', 'bash', '--', 'deployments', ''], { env: { DMS_CONFIG_DIR: config, DMS_CONTEXT: 'staging' } });
    expect(r.stdout).toBe(`${STAGING_APP}\n`);
  });

  it('a broken or foreign config gives no candidates and no output on stderr, and is left where it is', async () => {
    const broken = tempDir('dms-completion-broken-');
    writeFileSync(join(broken, 'config.json'), '{"contexts": {');
    const r = await runBin(['__complete', 'zsh', '--', '--context', ''], { env: { DMS_CONFIG_DIR: broken } });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(broken, 'config.json'), 'utf8')).toBe('{"contexts": {'); // not moved aside
  });

  it("loads neither Ink, React, got nor zod: only dms's own script runs", async () => {
    const r = await scriptsRun(['__complete', 'bash', '--', 'deployments', 'APP', '--'], { DMS_CONFIG_DIR: config });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toContain('--json');
    expect(r.scripts).toEqual(['dms-app']);
  });
});

/** Runs the bash script's function as bash calls it: COMP_WORDS split as readline splits them (at spaces, `=` and `:`). */
function bashComplete(line: string): string[] {
  const words: string[] = [];
  for (const part of line.split(' ')) words.push(...part.split(/([=:]+)/).filter((w, i, all) => w !== '' || all.length === 1));
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const program = [
    `source ${quote(scripts.bash!)}`,
    `COMP_LINE=${quote(line)}; COMP_POINT=\${#COMP_LINE}`,
    `COMP_WORDS=(${words.map(quote).join(' ')}); COMP_CWORD=${words.length - 1}`,
    '_dms_complete',
    'printf "%s\\n" "${COMPREPLY[@]}"',
  ].join('\n');
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', program], { env, encoding: 'utf8', timeout: 15_000 });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter(Boolean);
}

describe('bash', () => {
  it('completes commands, subcommands and flags', () => {
    expect(bashComplete('dms ')).toEqual(Object.keys(COMMAND_OPTIONS));
    expect(bashComplete('dms dep')).toEqual(['deployments']);
    expect(bashComplete('dms context ')).toEqual(Object.keys(CONTEXT_USAGE));
    expect(bashComplete('dms logs x --wa')).toEqual(['--wait-timeout']);
  });

  it('completes context names and the recent applications of the server the line is for', () => {
    expect(bashComplete('dms context use s')).toEqual(['staging']);
    expect(bashComplete('dms deployments ')).toEqual([PROD_APP]);
    expect(bashComplete('dms --demo browse ')).toEqual([DEMO_APP]);
    expect(bashComplete('dms --context staging deployments st')).toEqual([STAGING_APP]);
  });

  it('puts back together what bash splits at = and : (--context=, a URL, --status=a,b)', () => {
    expect(bashComplete('dms --context=')).toEqual(['prod', 'staging']);
    expect(bashComplete('dms --context=st')).toEqual(['staging']);
    expect(bashComplete('dms --url https://staging.example.com/api/v1 dep')).toEqual(['deployments']);
    expect(bashComplete('dms deployments x --status=failed,ca')).toEqual(['failed,cancelled', 'failed,cancelled-by-user']);
  });

  it('leaves file names to bash for --file', () => {
    writeFileSync(join(root, 'body-app.json'), '{}');
    expect(bashComplete(`dms create app --file ${join(root, 'body-')}`)).toEqual([join(root, 'body-app.json')]);
    expect(bashComplete(`dms create app --file=${join(root, 'body-')}`)).toEqual([join(root, 'body-app.json')]);
  });
});

describe.skipIf(!HAS_TMUX)(
  `bash at a real prompt${HAS_TMUX ? '' : ' — skipped: tmux is not installed (apt-get install tmux; .ci/run installs it)'}`,
  () => {
    let t: TmuxSession | undefined;
    afterAll(() => t?.kill());

    it('Tab completes --context=p to --context=prod and a recent uuid, as readline splits the words', async () => {
      t = startTmux('bash --norc --noprofile -i', { env, width: 160, height: 20 });
      t.type(`PS1='$ '; source ${scripts.bash}`);
      t.keys('Enter');
      await t.waitFor(/^\$\s*$/m);
      t.type('dms --context=p');
      t.keys('Tab');
      await t.waitFor('$ dms --context=prod'); // and a space (the pane is read without trailing spaces)
      t.type('deployments 3f0');
      t.keys('Tab');
      await t.waitFor(`$ dms --context=prod deployments ${PROD_APP}`);
      t.keys('C-c');
    });
  },
);

/** What zsh's completion offers for `line` (value, or `value -- description`), via zpty. */
function zshComplete(line: string): string[] {
  const r = spawnSync('zsh', ['-f', ZSH_CAPTURE, scripts.zsh!, line], { env, encoding: 'utf8', timeout: 15_000 });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .split(/\r?\n/)
    .map((l) => l.replace(/\r$/, '').replace(/ -- $/, ''))
    .filter(Boolean)
    .sort();
}

describe.skipIf(!HAS_ZSH)(`zsh${HAS_ZSH ? '' : ' — skipped: zsh is not installed (apt-get install zsh; .ci/run installs it)'}`, () => {
  it('completes commands and flags with their descriptions', () => {
    expect(zshComplete('dms dep')).toEqual(["deployments -- list an application's deployments"]);
    expect(zshComplete('dms logs x --wa')).toEqual(['--wait-timeout -- with --follow: stop waiting after SECONDS (exit 9)']);
  });

  it('completes context names and recent applications, with their URLs and names', () => {
    expect(zshComplete('dms --context=')).toEqual([
      `--context=prod -- ${server.url}/api/v1 (current)`,
      '--context=staging -- https://staging.example.com/api/v1',
    ]);
    expect(zshComplete('dms deployments ')).toEqual([`${PROD_APP} -- billing api`]);
    expect(zshComplete('dms --demo browse ')).toEqual([`${DEMO_APP} -- shop-frontend`]);
  });

  it('leaves file names to zsh for --file', () => {
    writeFileSync(join(root, 'zbody.json'), '{}');
    expect(zshComplete(`dms create app --file ${join(root, 'zbo')}`)).toEqual([join(root, 'zbody.json')]);
  });
});

/** What fish offers for `line`: `value` or `value<TAB>description` lines. */
function fishComplete(line: string): string[] {
  const r = spawnSync('fish', ['--no-config', '-c', 'source $argv[1]; complete -C $argv[2]', scripts.fish!, line], {
    env,
    encoding: 'utf8',
    timeout: 15_000,
  });
  expect(r.stderr).toBe('');
  return r.stdout.split('\n').filter(Boolean).sort();
}

describe.skipIf(!HAS_FISH)(`fish${HAS_FISH ? '' : ' — skipped: fish is not installed (apt-get install fish; .ci/run installs it)'}`, () => {
  it('completes commands and flags with their descriptions', () => {
    expect(fishComplete('dms dep')).toEqual(["deployments\tlist an application's deployments"]);
    expect(fishComplete('dms context ')).toEqual(
      Object.keys(CONTEXT_USAGE)
        .map((k) => `${k}\t${CONTEXT_USAGE[k]}`)
        .sort(),
    );
  });

  it('completes context names and recent applications, with their URLs and names', () => {
    expect(fishComplete('dms context use ')).toEqual([
      `prod\t${server.url}/api/v1 (current)`,
      'staging\thttps://staging.example.com/api/v1',
    ]);
    expect(fishComplete('dms deployments ')).toEqual([`${PROD_APP}\tbilling api`]);
    expect(fishComplete('dms --context=staging logs ')).toEqual([`${STAGING_APP}\tstaging api`]);
  });

  it('leaves file names to fish for --file, also after --file=', () => {
    writeFileSync(join(root, 'fbody.json'), '{}');
    expect(fishComplete(`dms create app --file ${join(root, 'fbo')}`)).toEqual([join(root, 'fbody.json')]);
    expect(fishComplete(`dms create app --file=${join(root, 'fbo')}`)).toEqual([`--file=${join(root, 'fbody.json')}`]);
  });
});
