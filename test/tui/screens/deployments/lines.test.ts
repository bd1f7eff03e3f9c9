// The deployments screen's text (lines.ts), without Ink: with the default keys it reads as it
// always did; with keys.json laid over them, every sentence that names a key names the key in force.
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../../../src/api/schemas/deployment.js';
import { parseKeysText } from '../../../../src/config/keys-file.js';
import { bindKeys } from '../../../../src/tui/key-bindings.js';
import { DEFAULT_KEYS, keyTable, type KeyTable } from '../../../../src/tui/keys.js';
import { noActionNote } from '../../../../src/tui/input/key-note.js';
import {
  bodyNote,
  messageLine,
  noticeText,
  pageGap,
  reasonNote,
  rowsLabels,
  type TableFacts,
} from '../../../../src/tui/screens/deployments/lines.js';
import { pageStatus } from '../../../../src/tui/browse/page-lines.js';
import type { Reason } from '../../../../src/model/reason.js';
import { widthOf } from '../../../../src/text/cells.js';
import { initialPaging, pagingReducer, type PagingState } from '../../../../src/tui/browse/paging.js';
import { browseReducer, initialBrowse, type BrowseAction, type BrowseState } from '../../../../src/tui/browse/state.js';

const rows = (from: number, n: number): Deployment[] =>
  Array.from({ length: n }, (_, i) => ({ id: from - i, status: 'finished', git_commit_sha: `sha${from - i}abcdef`, name: 'shop' }));

const loaded = (s: PagingState, deployments: Deployment[], total: number | null): PagingState =>
  pagingReducer(s, { type: 'loaded', seq: s.want.seq, page: { deployments, total }, at: 1000 });

async function keysFrom(text: string): Promise<KeyTable> {
  const file = await parseKeysText(text);
  const bound = bindKeys(file.bindings, file.problems);
  expect(bound.problems).toEqual([]);
  return keyTable(bound.commands);
}

const browse = (paging: PagingState, ...actions: BrowseAction[]): BrowseState => actions.reduce(browseReducer, initialBrowse(paging));
const facts = (over: Partial<TableFacts> = {}): TableFacts => ({ visible: 10, offset: 0, drawn: 10, changedColumn: false, ...over });
const text = (line: ReturnType<typeof messageLine>) => (line.kind === 'text' ? line.text : line.kind);

describe('the page-gap note', () => {
  it('names n, g and r with the default keys, as it always did', () => {
    const empty = loaded({ ...initialPaging(), want: { skip: 10, take: 10, seq: 2, reason: 'load' } }, [], 39);
    expect(pageGap(empty, DEFAULT_KEYS)).toBe(
      'No deployments on this page (11–20), though the server counts 39 — g goes to the first page. n goes on to 21–30.',
    );
    expect(pageGap(loaded(initialPaging(), [], 39), DEFAULT_KEYS)).toBe(
      'No deployments on this page (1–10), though the server counts 39 — r asks again. n goes on to 11–20.',
    );
  });

  it('names the keys keys.json binds: {"firstPage": "ctrl+g", "nextPage": "N", "refresh": "R"}', async () => {
    const keys = await keysFrom('{"firstPage": "ctrl+g", "nextPage": "N", "refresh": "R"}');
    const empty = loaded({ ...initialPaging(), want: { skip: 10, take: 10, seq: 2, reason: 'load' } }, [], 39);
    expect(pageGap(empty, keys)).toBe(
      'No deployments on this page (11–20), though the server counts 39 — Ctrl+G goes to the first page. N goes on to 21–30.',
    );
    expect(pageGap(loaded(initialPaging(), [], 39), keys)).toBe(
      'No deployments on this page (1–10), though the server counts 39 — R asks again. N goes on to 11–20.',
    );
    expect(pageGap(loaded(initialPaging(), rows(39, 3), 39), keys)).toBe(
      'The server sent 3 of the 10 deployments of 1–10 (39 in all): 4–10 are not shown. N goes on to 11–20.',
    );
  });
});

describe('sentences that name a key, with keys.json in force', () => {
  it('G without a count: the note says which key goes on page by page', async () => {
    const keys = await keysFrom('{"nextPage": "N"}');
    const state = pagingReducer(loaded(initialPaging(), rows(100, 10), null), { type: 'last' });
    expect(state.notice).toEqual({ kind: 'noCount' });
    expect(noticeText(state.notice!, DEFAULT_KEYS)).toBe('The server does not say how many deployments there are: n goes on page by page.');
    expect(noticeText(state.notice!, keys)).toBe('The server does not say how many deployments there are: N goes on page by page.');
    expect(text(messageLine(browse(state), facts(), keys))).toBe(
      'The server does not say how many deployments there are: N goes on page by page.',
    );
  });

  it('auto-refresh off names the key that turns it on again', async () => {
    const off = pagingReducer(loaded(initialPaging(), rows(100, 10), 100), { type: 'toggleAuto' });
    expect(pageStatus(off, DEFAULT_KEYS)).toBe('10 per page · auto-refresh off (a)');
    expect(pageStatus(off, await keysFrom('{"autoRefresh": "A"}'))).toBe('10 per page · auto-refresh off (A)');
  });

  it('the filter, the scroll hint, the Δ hint and a search name Esc, ↑/↓ and Enter as bound', async () => {
    const keys = await keysFrom('{"listBack": "ctrl+b", "cursorUp": "i", "cursorDown": "m", "open": "ctrl+o"}');
    const page = loaded(initialPaging(), rows(100, 10), 100);
    const filtered = browse(page, { type: 'filter', text: 'sha99' });
    expect(text(messageLine(filtered, facts({ visible: 1 }), keys))).toBe('filter: sha99 (1 of 10 rows) · Ctrl+B clears');
    expect(text(messageLine(filtered, facts({ visible: 1 }), DEFAULT_KEYS))).toBe('filter: sha99 (1 of 10 rows) · Esc clears');
    expect(bodyNote(browse(page, { type: 'filter', text: 'nothing' }), 0, keys)?.text).toBe(
      'No deployment on this page matches “nothing”. Ctrl+B clears the filter.',
    );
    // More rows than drawn: the table's border says so (the line under it keeps its place for the rest).
    expect(rowsLabels(facts({ visible: 10, offset: 2, drawn: 4 }), keys)[0]).toBe('3–6 of 10 rows · i/m scroll');
    expect(rowsLabels(facts({ visible: 10, drawn: 10 }), keys)).toEqual([]);
    expect(rowsLabels(facts({ visible: 10, drawn: 0 }), keys)[0]).toBe('0 of 10 rows (no room)');
    expect(text(messageLine(browse(page), facts({ visible: 10, drawn: 4 }), keys))).toBe('blank');
    expect(text(messageLine(browse(page), facts({ changedColumn: true }), keys))).toBe(
      'Δ settings changed since the deployment before · Ctrl+O shows what changed',
    );
    const searching = browse(page, { type: 'filterStart' }, { type: 'filterText', text: 'api' }, { type: 'filterSearch' });
    expect(text(messageLine(searching, facts(), keys))).toBe('“api”: 0 found · searched 0 — Ctrl+B stops');
    const done = browseReducer(searching, { type: 'searchDone', seq: searching.search!.seq });
    expect(text(messageLine(done, facts(), keys))).toBe('“api”: 0 found · searched all 0 · Ctrl+O opens · Ctrl+B back to the page');
    const stopped = browseReducer(searching, { type: 'searchStop' });
    expect(text(messageLine(stopped, facts(), keys))).toBe('“api”: 0 found · searched 0, stopped with Ctrl+B · Ctrl+B back to the page');
    const jumped = browse(
      page,
      { type: 'jumpStart' },
      { type: 'jumpText', text: '4711' },
      { type: 'jumpEnd', go: true },
      { type: 'searchStop' },
    );
    expect(text(messageLine(jumped, facts(), DEFAULT_KEYS))).toBe(
      'No deployment has the id, uuid or commit “4711” (searched 0, Esc). Esc clears this.',
    );
    expect(text(messageLine(jumped, facts(), keys))).toBe(
      'No deployment has the id, uuid or commit “4711” (searched 0, Ctrl+B). Ctrl+B clears this.',
    );
  });

  it('a key that does nothing says which key opens help', async () => {
    expect(noActionNote('z', DEFAULT_KEYS)).toBe('z: no action here — ? for help');
    expect(noActionNote('z', await keysFrom('{"help": "H"}'))).toBe('z: no action here — H for help');
  });
});

describe('the message line', () => {
  it('the line being typed comes first, then an error, then a notice', () => {
    const page = loaded(initialPaging(), rows(100, 10), 100);
    const jumping = browse(page, { type: 'jumpStart' }, { type: 'jumpText', text: '42' });
    expect(messageLine(jumping, facts(), DEFAULT_KEYS)).toMatchObject({ kind: 'edit', prompt: 'go to: ', line: { value: '42' } });
    const failed = browse(
      pagingReducer(page, { type: 'refresh' }),
      { type: 'failed', seq: 2, error: { kind: 'network', message: 'No answer.' } },
      { type: 'notice', message: 'A note.' },
    );
    expect(messageLine(failed, facts(), DEFAULT_KEYS)).toEqual({ kind: 'text', text: '✗ No answer.', tone: 'error', wrap: true });
    expect(messageLine(browse(page), facts(), DEFAULT_KEYS)).toEqual({ kind: 'blank' });
  });
});

describe('the reason of the cursor row under the table', () => {
  const found: Reason = {
    kind: 'reason',
    text: "Module not found: Can't resolve '@/lib/analytics'",
    at: { fromEnd: 3, line: 0 },
    source: 'message',
  };
  const page = () => browse(loaded(initialPaging(), rows(10, 10), 10));

  it('reads `✗ why: <the line>` in the error tone; ⊘ for a cancelled row', () => {
    expect(reasonNote('failed', found, 100)).toEqual({ text: "✗ why: Module not found: Can't resolve '@/lib/analytics'", tone: 'error' });
    expect(reasonNote('cancelled', { ...found, text: 'Deployment cancelled by user.' }, 100)?.text).toBe(
      '⊘ why: Deployment cancelled by user.',
    );
  });

  it('says briefly why there is none: a row without logs, a log that says nothing', () => {
    expect(reasonNote('failed', { kind: 'none', why: 'no logs' }, 100)).toEqual({
      text: "no reason: this token's rows carry no logs",
      tone: 'muted',
    });
    expect(reasonNote('failed', { kind: 'none', why: 'no cause' }, 100)?.text).toBe('no reason: no line of its log says why it ended');
    expect(reasonNote('finished', { kind: 'none', why: 'not ended badly' }, 100)).toBeNull();
  });

  it('is cut to the width, in cells', () => {
    const long: Reason = { ...found, text: `npm ERR! ${'x'.repeat(200)}` };
    const line = reasonNote('failed', long, 40)!;
    expect(widthOf(line.text)).toBe(40);
    expect(line.text.endsWith('…')).toBe(true);
    expect(widthOf(reasonNote('failed', { ...found, text: '依存関係の解決に失敗しました。'.repeat(5) }, 30)!.text)).toBeLessThanOrEqual(30);
  });

  it('shows on the message line instead of the hints, under the warnings', () => {
    const reason = { phase: 'failed' as const, reason: found, width: 100 };
    expect(text(messageLine(page(), facts({ reason, changedColumn: true }), DEFAULT_KEYS))).toBe(
      "✗ why: Module not found: Can't resolve '@/lib/analytics'",
    );
    // A row with no reason to show: the hint as before.
    expect(text(messageLine(page(), facts({ reason: null, changedColumn: true }), DEFAULT_KEYS))).toMatch(/^Δ settings changed/);
    // A warning matters more: the server's notice stays.
    const noticed = browse({ ...loaded(initialPaging(), rows(10, 10), 10), notice: { kind: 'firstPage' } });
    expect(text(messageLine(noticed, facts({ reason }), DEFAULT_KEYS))).toBe('This is the first page.');
  });
});
