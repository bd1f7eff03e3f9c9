// The detail's reducer (state.ts) and the keys its text names (lines.ts), without Ink.
import { describe, expect, it } from 'vitest';
import { readDeployment } from '../../../../src/api/schemas/deployment.js';
import { parseKeysText } from '../../../../src/config/keys-file.js';
import { bindKeys } from '../../../../src/tui/key-bindings.js';
import { DEFAULT_KEYS, keyTable, type KeyTable } from '../../../../src/tui/keys.js';
import { plainTheme } from '../../../../src/tui/theme.js';
import { detailLines, rawJsonLines, searchLine, secretsLine } from '../../../../src/tui/screens/detail/lines.js';
import { detailReducer, openDetail, type DetailAction, type DetailState } from '../../../../src/tui/browse/detail.js';

async function keysFrom(text: string): Promise<KeyTable> {
  const file = await parseKeysText(text);
  const bound = bindKeys(file.bindings, file.problems);
  expect(bound.problems).toEqual([]);
  return keyTable(bound.commands);
}

const record = readDeployment({
  id: 7,
  status: 'finished',
  git_commit_sha: 'abc1234def',
  logs: '[{"output":"hi"}]',
  build_pack: 'nixpacks',
});
const run = (d: DetailState, ...actions: DetailAction[]) => actions.reduce(detailReducer, d);
const all = (lines: readonly { text: string; label?: string }[]) => lines.map((l) => `${l.label ?? ''}${l.text}`).join('\n');

describe('detail reducer', () => {
  it('scrolls within what the view measured, and G waits for the measure at the end', () => {
    const d = run(openDetail('k', record), { type: 'detailSize', max: 30, page: 10 });
    expect(run(d, { type: 'scroll', to: 'pageDown' }).offset).toBe(9);
    expect(run(d, { type: 'scroll', to: 'up' })).toBe(d);
    expect(
      run(
        d,
        { type: 'scroll', to: 'pageDown' },
        { type: 'scroll', to: 'pageDown' },
        { type: 'scroll', to: 'pageDown' },
        { type: 'scroll', to: 'pageDown' },
      ).offset,
    ).toBe(30);
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

describe("the detail's search (/, n/N)", () => {
  // 40 lines as drawn; "image" on lines 5, 22 and 37, "Image" (a capital: exact) on 22 only.
  const lines = Array.from({ length: 40 }, (_, i) =>
    i === 5 ? 'docker_image  nginx' : i === 22 ? 'Image tag  1.27' : i === 37 ? 'base image  alpine' : `field ${i}  value ${i}`,
  );
  const search = (a: Extract<DetailAction, { type: 'detailSearch' }>['search']): DetailAction => ({ type: 'detailSearch', search: a });
  const typed = (text: string) => search({ op: 'text', text, lines });
  const next = (direction: 1 | -1 = 1) => search({ op: 'next', direction, lines });
  const at = (d: DetailState) => d.search.matches[d.search.current];
  const sized = () => run(openDetail('k', record), { type: 'detailSize', max: 30, page: 10 });

  it('finds as it is typed (smart case), from where the view was, and shows the match', () => {
    let d = run(sized(), { type: 'scroll', to: 'pageDown' }, search({ op: 'start' }), typed('image'));
    expect(d.search.editing).toBe(true);
    expect(d.search.matches).toEqual([5, 22, 37]);
    // The view was at line 9: the first match after it, a few lines below the top.
    expect(at(d)).toBe(22);
    expect(d.offset).toBeLessThanOrEqual(22);
    expect(d.offset + 10).toBeGreaterThan(22);
    d = run(d, search({ op: 'line', command: 'killBefore', lines }), typed('Image'));
    expect(d.search.matches).toEqual([22]);
  });

  it('Enter keeps it; n/N move round the ends, saying so; Esc on the line goes back to where the view was', () => {
    let d = run(sized(), search({ op: 'start' }), typed('image'), search({ op: 'end', keep: true }));
    expect(d.search.editing).toBe(false);
    expect(at(d)).toBe(5);
    d = run(d, next());
    expect(at(d)).toBe(22);
    d = run(d, next());
    expect(at(d)).toBe(37);
    expect(d.offset).toBe(30);
    d = run(d, next());
    expect(at(d)).toBe(5);
    expect(d.searchNote).toEqual({ kind: 'searchWrapped', past: 'end' });
    expect(d.offset).toBeLessThanOrEqual(5);
    d = run(d, next(-1));
    expect(at(d)).toBe(37);
    expect(d.searchNote).toEqual({ kind: 'searchWrapped', past: 'start' });
    const cancelled = run(
      sized(),
      { type: 'scroll', to: 'down' },
      search({ op: 'start' }),
      typed('image'),
      search({ op: 'end', keep: false }),
    );
    expect(cancelled.search.line.value).toBe('');
    expect(cancelled.offset).toBe(1);
  });

  it('says when nothing matches, and when there is no search yet; n finds the matches in the lines as they are now', () => {
    const none = run(sized(), search({ op: 'start' }), typed('zzz'), search({ op: 'end', keep: true }));
    expect(none.searchNote).toEqual({ kind: 'noMatch', query: 'zzz' });
    expect(run(sized(), next()).searchNote).toEqual({ kind: 'noSearch' });
    // The lines changed (raw JSON, another width): n reads them again.
    const d = run(
      sized(),
      search({ op: 'start' }),
      typed('image'),
      search({ op: 'end', keep: true }),
      { type: 'toggle', what: 'raw' },
      search({ op: 'next', direction: 1, lines: ['{', '  "docker_image": "nginx"', '}'] }),
    );
    expect(d.search.matches).toEqual([1]);
    expect(at(d)).toBe(1);
  });

  it('the bottom line: the search kept, with the keys in force; its notes', () => {
    const d = run(sized(), search({ op: 'start' }), typed('image'), search({ op: 'end', keep: true }));
    expect(searchLine(d, d.search.matches, DEFAULT_KEYS)).toBe('“image”: line 1 of 3 matching · n/N move · Esc clears');
    expect(searchLine(d, [], DEFAULT_KEYS)).toBe('No line matches “image”. Esc clears the search.');
    expect(searchLine(run(sized(), next()), [], DEFAULT_KEYS)).toBe('No search yet: / searches the detail.');
    expect(searchLine(openDetail('k', record), [], DEFAULT_KEYS)).toBeUndefined();
  });
});

describe('keys named in the detail', () => {
  it('with the defaults: l opens the log, f lists the absent fields, s hides secrets, r when the list moved', () => {
    const options = { reveal: false, width: 120, theme: plainTheme };
    expect(all(detailLines(record, options))).toMatch(/of log entries: l opens the log/);
    expect(all(detailLines(record, options))).toMatch(/fields of the interface not sent; f lists them\./);
    expect(all(detailLines(record, { ...options, showAbsent: true }))).toMatch(/f folds them\./);
    expect(all(rawJsonLines(record, options))).toContain('of log entries: l opens the log>');
    expect(all(detailLines(record, { ...options, older: { kind: 'moved' } }))).toContain(
      'could not be loaded: the list moved while it was read; press r.',
    );
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
    expect(reasonLine(detailLines(failed, { ...opts, reason: { kind: 'none', why: 'no logs' } }))?.text).toMatch(
      /^none: the server sent no logs/,
    );
    expect(reasonLine(detailLines(failed, opts))?.text).toBe('…');
    expect(reasonLine(detailLines(record, opts))).toBeUndefined();
  });
});
