// The generated references (npm run docs) and the help they share a table with: the committed
// docs/keys.md, docs/commands.md and man/dms.1 are what the generator makes now, and dms help
// prints the command table's texts.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { main } from '../../src/cli.js';
import { EXIT } from '../../src/commands/exit-codes.js';
import { COMMAND_TABLE } from '../../src/commands/command-table.js';
import { complete } from '../../src/commands/completion-candidates.js';
import { COMMAND_OPTIONS } from '../../src/commands/args.js';
import { tempDir } from '../support/temp.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REFERENCES = ['docs/keys.md', 'docs/commands.md', 'man/dms.1'];

/** `dms ARGS` in this process: its exit code, stdout and stderr. */
async function dms(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const sink = () => {
    let text = '';
    return {
      stream: new Writable({
        write(chunk, _encoding, done) {
          text += String(chunk);
          done();
        },
      }),
      text: () => text,
    };
  };
  const out = sink();
  const err = sink();
  const stdin = new PassThrough();
  stdin.end();
  const code = await main(argv, { stdout: out.stream, stderr: err.stream, stdin, env: { DMS_CONFIG_DIR: tempDir() } });
  return { code, stdout: out.text(), stderr: err.text() };
}

describe('npm run docs', () => {
  it('the committed references are byte for byte what the generator makes from the key and command tables', () => {
    const out = tempDir('dms-docs-test-');
    execFileSync(process.execPath, [join(ROOT, 'scripts/docs.mjs'), '--out', out], { stdio: 'pipe', timeout: 60_000 });
    for (const path of REFERENCES) {
      expect(readFileSync(join(ROOT, path), 'utf8'), `${path} is stale: run npm run docs`).toBe(readFileSync(join(out, path), 'utf8'));
    }
  });

  it('the references name every command, every key of the key table and every exit code', async () => {
    const commands = readFileSync(join(ROOT, 'docs/commands.md'), 'utf8');
    const man = readFileSync(join(ROOT, 'man/dms.1'), 'utf8');
    for (const doc of COMMAND_TABLE) {
      expect(commands).toContain(`## dms ${doc.name}\n`);
      expect(man).toContain(`.SS dms ${doc.name.replaceAll('-', '\\-')}\n`);
    }
    for (const code of Object.values(EXIT)) {
      expect(commands).toMatch(new RegExp(`^\\| ${code} \\| `, 'm'));
      expect(man).toMatch(new RegExp(`^\\.TP\\n\\.B ${code}\\n`, 'm'));
    }
    const { COMMANDS } = await import('../../src/tui/keys.js');
    const keys = readFileSync(join(ROOT, 'docs/keys.md'), 'utf8');
    for (const c of COMMANDS) expect(keys, c.id).toContain(`| \`${c.id}\` |`);
    for (const section of ['NAME', 'SYNOPSIS', 'DESCRIPTION', 'COMMANDS', 'OPTIONS', 'ENVIRONMENT', 'FILES', 'EXIT STATUS', 'SEE ALSO']) {
      expect(man).toContain(`\n.SH ${section}\n`);
    }
  });
});

describe('dms help', () => {
  it('dms help is dms --help, exit 0', async () => {
    const help = await dms('help');
    expect(help).toEqual({ code: 0, stdout: (await dms('--help')).stdout, stderr: '' });
    expect(help.stdout).toMatch(/^ {2}dms help \[COMMAND\] /m);
  });

  it('dms help COMMAND is dms COMMAND --help, exit 0, for every command of the table', async () => {
    for (const doc of COMMAND_TABLE) {
      const words = doc.name.split(' ');
      const help = await dms('help', ...words);
      expect(help.code, doc.name).toBe(0);
      expect(help.stdout, doc.name).toBe((await dms(...words, '--help')).stdout);
      expect(help.stdout, doc.name).toMatch(new RegExp(`^Usage: dms ${words[0]}`));
    }
    expect((await dms('help', 'create', 'app')).stdout).toMatch(/--\[no-\]instant-deploy/);
  });

  it('dms help NOSUCH is one usage line, exit 2; a word that may be a secret is not repeated', async () => {
    expect(await dms('help', 'nosuch')).toEqual({
      code: EXIT.usage,
      stdout: '',
      stderr: "dms: 'nosuch' is not a command. Run dms help for the commands.\n",
    });
    const secret = 'k7Qz9XbW2mNvR4tY8pLs3DfG6hJ';
    const r = await dms('help', secret);
    expect(r.code).toBe(EXIT.usage);
    expect(r.stderr).not.toContain(secret);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('every exit code of exit-codes.ts is in dms --help', async () => {
    const { stdout } = await dms('--help');
    const said = stdout.slice(stdout.indexOf('Exit codes:')).replaceAll('\n', ' ');
    for (const [name, code] of Object.entries(EXIT)) expect(said, name).toMatch(new RegExp(`[:,] ${code} \\S`));
  });

  it('shell completion offers the commands after help, and app or docstore after help create', () => {
    const source = { recentApps: () => [], contexts: () => [], recentValues: () => [] };
    const values = (...words: string[]) => {
      const r = complete(words, source);
      return r.files ? [] : r.candidates.map((c) => c.value);
    };
    expect(values('help', '')).toEqual(Object.keys(COMMAND_OPTIONS));
    expect(values('help', 'create', '')).toEqual(['app', 'docstore']);
  });
});
