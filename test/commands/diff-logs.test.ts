// `dms diff --logs`'s text: a header per step, hunks with two lines around, colours only when asked
// (a terminal without --no-color), and JSON with only the lines that differ.
import { describe, expect, it } from 'vitest';
import { logDiffJson, logDiffText } from '../../src/commands/diff-logs.js';
import { logDiff, logParts } from '../../src/model/log-diff.js';
import { viewOf } from '../../src/model/deployment.js';
import type { LogEntry } from '../../src/model/log.js';

const entry = (output: string, extra: Partial<LogEntry> = {}): LogEntry => ({
  command: null,
  output,
  stderr: false,
  hidden: false,
  timestamp: '',
  at: null,
  batch: null,
  order: null,
  ...extra,
});
const build = (tail: string[]) => [
  entry('Starting deployment of a to b.'),
  entry('Building docker image started.'),
  ...['one', 'two', 'three', 'four', 'five', 'six'].map((t) => entry(t)),
  ...tail.map((t) => entry(t, { stderr: t.startsWith('Deployment failed') })),
];
const diff = logDiff(
  logParts(build(['Rolling update started.', 'ok']), (s) => s),
  logParts(build(['Deployment failed: boom']), (s) => s),
);
const names = { older: 'deployment 1', newer: 'deployment 2' };

describe('logDiffText', () => {
  it('plain: step headers, the differing lines marked, a gap for lines left out, no escape codes', () => {
    expect(logDiffText(diff, names, { color: false })).toBe(
      [
        'log of deployment 1 (-) against deployment 2 (+)',
        'first difference: step build',
        '',
        '= start: same',
        '',
        '✗ build: differs: 0 removed, 1 added · deployment 2 failed here',
        '  ⋯',
        '    five',
        '    six',
        '  + Deployment failed: boom',
        '',
        '* rollout: only in deployment 1',
        '  - Rolling update started.',
        '  - ok',
        '',
      ].join('\n'),
    );
  });

  it('coloured: removed red, added green, headers bold', () => {
    const text = logDiffText(diff, names, { color: true });
    expect(text).toContain('\u001b[32m  + Deployment failed: boom\u001b[0m');
    expect(text).toContain('\u001b[31m  - ok\u001b[0m');
    expect(text).toContain('\u001b[1m= start: same\u001b[0m');
  });
});

describe('logDiffJson', () => {
  it('each step with only its differing lines; where to start reading', () => {
    const side = (id: number, status: string) => ({ view: viewOf({ id, status, git_branch: 'main' }), index: id });
    const j = logDiffJson('app', { older: side(1, 'finished'), newer: side(0, 'failed') }, diff, 'last_green');
    expect(j.opening).toBe('build');
    expect(j.steps.map((s) => [s.name, s.state, s.lines.length])).toEqual([
      ['start', 'same', 0],
      ['build', 'differs', 1],
      ['rollout', 'only_older', 2],
    ]);
    expect(j.older).toMatchObject({ id: 1, branch: 'main', status: 'finished' });
  });
});
