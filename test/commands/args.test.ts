// Usage errors never repeat an argument that could be a secret (a token typed in the wrong place):
// unknown options are named without their value, extra arguments by position, values only when plain.
import { describe, expect, it } from 'vitest';
import { parse, quotedArg } from '../../src/commands/args.js';

const TOKEN = '17|Zq7vK2mXw9PbT4rLh8YcN3sJd6FgA1eUo5iRt0WkQ';
const SECRET = TOKEN.slice(3);

/** The usage error parse throws for `argv`. */
function usage(argv: string[]): string {
  try {
    parse(argv);
  } catch (e) {
    expect((e as Error).name).toBe('UsageError');
    return (e as Error).message;
  }
  throw new Error(`parse(${JSON.stringify(argv)}) did not fail`);
}

describe('parse: unknown options', () => {
  it.each([
    [['--tokn', TOKEN, 'deployments', 'app'], 'unknown option --tokn; did you mean --token? Run dms --help.'],
    [[`--tokn=${TOKEN}`, 'deployments', 'app'], 'unknown option --tokn; did you mean --token? Run dms deployments --help.'],
    [['deployments', 'app', '--tkae', '5'], 'unknown option --tkae; did you mean --take? Run dms deployments --help.'],
    [['deployments', 'app', '--whatever', TOKEN], 'unknown option --whatever. Run dms deployments --help.'],
    [['logs', 'app', '--skip', '5'], '--skip is not an option of dms logs. Run dms logs --help.'],
    [['-X', TOKEN, 'deployments'], 'unknown option -X. Run dms --help.'],
    [[`-Zq${SECRET}`], 'unknown option -Z. Run dms --help.'],
  ])('%j', (argv, message) => {
    const m = usage(argv);
    expect(m).toBe(message);
    expect(m).not.toContain(SECRET);
  });

  it('an unknown option after `context` is left to dms context', () => {
    expect(parse(['context', 'add', 'x', '--urll', 'u'])).toMatchObject({ command: 'context', positionals: ['add', 'x', '--urll', 'u'] });
  });
});

describe('parse: commands and values', () => {
  it('a first argument that is not a command is not repeated; a near miss is named', () => {
    expect(usage([TOKEN])).toBe(
      'the first argument is not a command; it is not repeated here, in case it is a secret. Run dms --help for the commands.',
    );
    expect(usage(['deploymnets', 'x'])).toMatch(/^the first argument is not a command \(did you mean deployments\?\)/);
    expect(usage(['toString'])).toMatch(/^the first argument is not a command/);
  });

  it('a value the option does not take, or a missing one, names the option only', () => {
    expect(usage([`--json=${TOKEN}`, 'deployments', 'x'])).toBe('--json takes no value. Run dms deployments --help.');
    expect(usage(['deployments', 'x', '--take'])).toBe('--take needs a value. Run dms deployments --help.');
  });

  it('a value that starts with - is repeated when plain, never for --token', () => {
    expect(usage(['deployments', 'x', '--limit', '-3'])).toMatch(
      /^--limit -3: a value that starts with '-' is taken for an option \(write --limit=-3 if you mean it\)/,
    );
    const m = usage(['--token', `-${SECRET}`, 'deployments', 'x']);
    expect(m).toMatch(/^--token: a value that starts with '-' is taken for an option \(write --token=VALUE if you mean it\)/);
    expect(m).not.toContain(SECRET);
  });
});

describe('quotedArg', () => {
  it('quotes short plain values: words, numbers, times, paths', () => {
    expect(quotedArg('ten')).toBe("'ten'");
    expect(quotedArg('2026-11-01T10:00:00Z')).toBe("'2026-11-01T10:00:00Z'");
    expect(quotedArg('/tmp/body.json', 200)).toBe("'/tmp/body.json'");
    expect(quotedArg('3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07')).toBe("'3f0c2a9e-7b1d-4c8e-9a41-5d2e8b6f1c07'");
  });

  it('leaves out what could be a token: a `|`, a long run of letters and digits, control characters, long text', () => {
    expect(quotedArg(TOKEN)).toBeUndefined();
    expect(quotedArg(SECRET)).toBeUndefined();
    expect(quotedArg('a|b')).toBeUndefined();
    expect(quotedArg('x\u001b[31m')).toBeUndefined();
    expect(quotedArg('x'.repeat(41))).toBeUndefined();
  });
});
