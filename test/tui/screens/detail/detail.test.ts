// The detail's reducer (state.ts) and the keys its text names (lines.ts), without Ink.
import { describe, expect, it } from 'vitest';
import { readDeployment } from '../../../../src/api/schemas/deployment.js';
import { parseKeysText } from '../../../../src/config/keys-file.js';
import { bindKeys } from '../../../../src/tui/key-bindings.js';
import { DEFAULT_KEYS, keyTable, type KeyTable } from '../../../../src/tui/keys.js';
import { plainTheme } from '../../../../src/tui/theme.js';
import { detailLines, rawJsonLines, secretsLine } from '../../../../src/tui/screens/detail/lines.js';
import { detailReducer, openDetail, type DetailAction, type DetailState } from '../../../../src/tui/screens/detail/state.js';

async function keysFrom(text: string): Promise<KeyTable> {
  const file = await parseKeysText(text);
  const bound = bindKeys(file.bindings, file.problems);
  expect(bound.problems).toEqual([]);
  return keyTable(bound.commands);
}

const record = readDeployment({ id: 7, status: 'finished', git_commit_sha: 'abc1234def', logs: '[{"output":"hi"}]', build_pack: 'nixpacks' });
const run = (d: DetailState, ...actions: DetailAction[]) => actions.reduce(detailReducer, d);
const all = (lines: readonly { text: string; label?: string }[]) => lines.map((l) => `${l.label ?? ''}${l.text}`).join('\n');

describe('detail reducer', () => {
  it('scrolls within what the view measured, and G waits for the measure at the end', () => {
    const d = run(openDetail('k', record), { type: 'detailSize', max: 30, page: 10 });
    expect(run(d, { type: 'scroll', to: 'pageDown' }).offset).toBe(9);
    expect(run(d, { type: 'scroll', to: 'up' })).toBe(d);
    expect(run(d, { type: 'scroll', to: 'pageDown' }, { type: 'scroll', to: 'pageDown' }, { type: 'scroll', to: 'pageDown' }, { type: 'scroll', to: 'pageDown' }).offset).toBe(30);
    const bottom = run(d, { type: 'scroll', to: 'bottom' });
    expect(bottom.offset).toBe(Infinity);
    expect(run(bottom, { type: 'detailSize', max: 40, page: 10 }).offset).toBe(40);
  });

  it('raw JSON goes back to the top; secrets cannot be revealed without --show-secrets, and say so', () => {
    const d = run(openDetail('k', record), { type: 'detailSize', max: 30, page: 10 }, { type: 'scroll', to: 'down' });
    expect(run(d, { type: 'toggle', what: 'raw' })).toMatchObject({ raw: true, offset: 0 });
    const refused = run(d, { type: 'reveal', allowed: false });
    expect(refused.reveal).toBe(false);
    expect(refused.note).toMatch(/--show-secrets/);
    expect(run(refused, { type: 'scroll', to: 'down' }).note).toBeNull();
    expect(run(d, { type: 'reveal', allowed: true }).reveal).toBe(true);
  });
});

describe('keys named in the detail', () => {
  it('with the defaults: l opens the log, f lists the absent fields, s hides secrets, r when the list moved', () => {
    const options = { reveal: false, width: 120, theme: plainTheme };
    expect(all(detailLines(record, options))).toMatch(/of log entries: l opens the log/);
    expect(all(detailLines(record, options))).toMatch(/fields of the interface not sent; f lists them\./);
    expect(all(detailLines(record, { ...options, showAbsent: true }))).toMatch(/f folds them\./);
    expect(all(rawJsonLines(record, options))).toContain('of log entries: l opens the log>');
    expect(all(detailLines(record, { ...options, older: { kind: 'moved' } }))).toContain('could not be loaded: the list moved while it was read; press r.');
    expect(secretsLine({ note: null, reveal: true }, DEFAULT_KEYS)).toBe('Secrets are shown: press s to hide them.');
  });

  it('with keys.json: {"logs": "L", "absentFields": "F", "reveal": "S", "refresh": "R"}', async () => {
    const keys = await keysFrom('{"logs": "L", "absentFields": "F", "reveal": "S", "refresh": "R"}');
    const options = { reveal: false, width: 120, theme: plainTheme, keys };
    expect(all(detailLines(record, options))).toMatch(/of log entries: L opens the log/);
    expect(all(detailLines(record, options))).toMatch(/fields of the interface not sent; F lists them\./);
    expect(all(detailLines(record, { ...options, showAbsent: true }))).toMatch(/F folds them\./);
    expect(all(rawJsonLines(record, options))).toContain('of log entries: L opens the log>');
    expect(all(detailLines(record, { ...options, older: { kind: 'moved' } }))).toContain('the list moved while it was read; press R.');
    expect(secretsLine({ note: null, reveal: true }, keys)).toBe('Secrets are shown: press S to hide them.');
  });
});

describe('the reason in the summary', () => {
  const failed = readDeployment({ id: 8, status: 'failed', logs: '[{"output":"Error: exit code 137","type":"stderr"}]' });
  const opts = { reveal: false, width: 100, theme: plainTheme, keys: DEFAULT_KEYS };
  const reasonLine = (lines: readonly { text: string; label?: string }[]) => lines.find((l) => l.label?.trim() === 'reason');

  it('says the line of a failed deployment and that l opens the log at it, under its status', () => {
    const reason = { kind: 'reason' as const, text: 'exit code 137', at: { fromEnd: 0, line: 0 }, source: 'error line' as const };
    const lines = detailLines(failed, { ...opts, reason });
    expect(reasonLine(lines)?.text).toBe('exit code 137  (l opens the log at this line)');
    expect(lines.findIndex((l) => l.label?.trim() === 'reason')).toBe(lines.findIndex((l) => l.label?.trim() === 'status') + 1);
  });

  it('says why there is none, … until it is read, and nothing for a finished deployment', () => {
    expect(reasonLine(detailLines(failed, { ...opts, reason: { kind: 'none', why: 'no logs' } }))?.text).toMatch(/^none: the server sent no logs/);
    expect(reasonLine(detailLines(failed, opts))?.text).toBe('…');
    expect(reasonLine(detailLines(record, opts))).toBeUndefined();
  });
});
