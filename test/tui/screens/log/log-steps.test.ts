// The log viewer's steps without Ink: ]/[ put the next or previous step's line at the top, marked,
// from the marked line while it is on screen; hidden step lines passed over until debug lines show;
// a big log opened from its end made whole first; the step the view is in; the notes' words.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../src/api/schemas/deployment.js';
import { initialLog, logReducer, LAZY_ENTRIES, type LogAction, type LogState } from '../../../../src/tui/screens/log/state.js';
import { stepHere } from '../../../../src/tui/screens/log/steps.js';
import { noteText, rangeText } from '../../../../src/tui/screens/log/lines.js';
import { DEFAULT_KEYS } from '../../../../src/tui/keys.js';

interface E {
  readonly output: string;
  readonly hidden?: boolean;
}

function record(entries: readonly E[], status = 'finished'): Deployment {
  return {
    id: 7,
    status,
    created_at: '2026-11-01T10:00:00.000000Z',
    logs: JSON.stringify(
      entries.map((e, i) => ({
        command: null,
        output: e.output,
        type: 'stdout',
        hidden: e.hidden ?? false,
        timestamp: new Date(Date.parse('2026-11-01T10:00:00Z') + i * 1000).toISOString(),
        order: i + 1,
      })),
    ),
  } as Deployment;
}

const filler = (n: number, tag: string): E[] => Array.from({ length: n }, (_, i) => ({ output: `${tag} ${i}` }));

/** start (line 0), prepare (hidden, line 11), build (line 22), rollout (line 43), 10 lines of filler after each. */
const LOG: E[] = [
  { output: 'Starting deployment of acme/shop:main to edge-1.' },
  ...filler(10, 'start'),
  { output: 'Preparing container with helper image: helper:1.', hidden: true },
  ...filler(10, 'prepare'),
  { output: 'Building docker image started.' },
  ...filler(20, 'build'),
  { output: 'Rolling update started.' },
  ...filler(10, 'rollout'),
  { output: 'Rolling update completed.' },
];

const open = (entries: readonly E[] = LOG, rows = 8) => initialLog(record(entries), (s) => s, { rows, width: 80 });
const run = (s: LogState, ...actions: LogAction[]) => actions.reduce(logReducer, s);
const next: LogAction = { type: 'stepNext', direction: 1 };
const prev: LogAction = { type: 'stepNext', direction: -1 };
const topText = (s: LogState) => s.lines[s.order[s.top]!]!.text;

describe('the log viewer: ]/[ go from step to step', () => {
  it('] from the top: the first step marked at the top, then the next shown one (a hidden step line is passed over)', () => {
    let s = run(open(), { type: 'scroll', to: 'top' }, next);
    expect(topText(s)).toBe('Starting deployment of acme/shop:main to edge-1.');
    expect(s.stepLine).toBe(s.lines[s.order[s.top]!]);
    expect(s.note).toEqual({ kind: 'step', name: 'start', index: 0, count: 4 });
    s = run(s, next);
    expect(topText(s)).toBe('Building docker image started.');
    expect(s.note).toMatchObject({ name: 'build', index: 2 });
    expect(stepHere(s)?.name).toBe('build');
    expect(rangeText(s, s.top + 8, DEFAULT_KEYS, stepHere(s)?.name)).toMatch(/^ {2}\d+–\d+ of \d+ · step build · /);
  });

  it('[ from inside a step goes to its first line, again to the step before; past the first it says so', () => {
    let s = run(open(), { type: 'scroll', to: 'top' });
    for (let i = 0; i < 26; i++) s = run(s, { type: 'scroll', to: 'down' });
    expect(topText(s)).toBe('build 4');
    expect(stepHere(s)?.name).toBe('build');
    s = run(s, prev);
    expect(topText(s)).toBe('Building docker image started.');
    s = run(s, prev);
    expect(topText(s)).toBe('Starting deployment of acme/shop:main to edge-1.');
    const edge = run(s, prev);
    expect(edge.note).toEqual({ kind: 'stepEdge', direction: -1, count: 4 });
    expect(edge.top).toBe(s.top);
    expect(noteText(edge.note!, DEFAULT_KEYS)).toBe('No step before this one (4 in all): ] goes on.');
  });

  it('near the end the view cannot put the step at the top: it is marked where it is, and ] goes on from the mark', () => {
    let s = run(open(LOG, 16), { type: 'scroll', to: 'top' }, next, next, next);
    expect(s.note).toMatchObject({ name: 'rollout' });
    expect(s.stick).toBe(true);
    expect(topText(s)).not.toBe('Rolling update started.');
    expect(s.stepLine?.text).toBe('Rolling update started.');
    expect(stepHere(s)?.name).toBe('rollout');
    s = run(s, next);
    expect(s.note).toEqual({ kind: 'stepEdge', direction: 1, count: 4 });
  });

  it('with debug lines shown the hidden step is one to go to', () => {
    const s = run(open(), { type: 'toggle', what: 'debug' }, { type: 'scroll', to: 'top' }, next, next);
    expect(topText(s)).toBe('Preparing container with helper image: helper:1.');
    expect(s.note).toMatchObject({ name: 'prepare', index: 1 });
  });

  it('a log without step lines says so; a big log opened from its end is made whole before the jump', () => {
    const none = run(open(filler(30, 'x')), next);
    expect(none.note).toEqual({ kind: 'noSteps' });
    expect(noteText(none.note!, DEFAULT_KEYS)).toMatch(/^No step lines in this log: /);

    const big = open([...LOG.slice(0, 1), ...filler(LAZY_ENTRIES + 500, 'x'), ...LOG.slice(1)]);
    expect(big.built).toBeGreaterThan(0);
    const s = run(big, prev, prev, prev);
    expect(s.built).toBe(0);
    expect(topText(s)).toBe('Starting deployment of acme/shop:main to edge-1.');
  });

  it('a running deployment: its steps are read again as the row comes back longer', () => {
    const running = LOG.slice(0, 23);
    let s = initialLog(record(running, 'in_progress'), (t) => t, { rows: 8, width: 80 });
    expect(s.steps.map((st) => st.name)).toEqual(['start', 'prepare', 'build']);
    expect(s.steps.at(-1)?.open).toBe(true);
    s = run(s, { type: 'record', record: record(LOG.slice(0, 45), 'in_progress'), mask: (t) => t });
    expect(s.steps.map((st) => st.name)).toEqual(['start', 'prepare', 'build', 'rollout']);
  });
});
