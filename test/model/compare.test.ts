// Two deployments compared (model/compare.ts), on both record shapes, and the walk that finds them
// and what lies between in one read of the history (model/compare-find.ts).
import { describe, expect, it } from 'vitest';
import { readDeploymentList, type Deployment } from '../../src/api/schemas/deployment.js';
import { DEPLOYMENT_FIELDS } from '../../src/api/schemas/deployment-fields.js';
import { viewOf, type DeploymentView } from '../../src/model/deployment.js';
import { compareDeployments, countPhases } from '../../src/model/compare.js';
import { ALIKE_WINDOW, pairWalk, readPair } from '../../src/model/compare-find.js';
import { NO_SETTINGS, betweenText, sameSecrets, settingRows, sideRows } from '../../src/model/compare-rows.js';
import { diffTable } from '../../src/commands/diff.js';

const read = (raw: Record<string, unknown>): Deployment => readDeploymentList([raw])!.deployments[0]!;
const snapshot = (fields: Record<string, unknown>) =>
  viewOf(read({ ...Object.fromEntries(DEPLOYMENT_FIELDS.map((f) => [f, null])), ...fields }));
const queueRow = (fields: Record<string, unknown>) =>
  viewOf(
    read({
      deployment_uuid: `u${String(fields.id)}`,
      application_id: '7',
      commit: 'HEAD',
      is_webhook: false,
      is_api: false,
      rollback: false,
      pull_request_id: 0,
      ...fields,
    }),
  );
const NOW = Date.parse('2026-11-23T18:00:00Z');

describe('compareDeployments on settings snapshots', () => {
  const good = snapshot({
    id: 10,
    uuid: 'aaa',
    status: 'finished',
    git_commit_sha: 'a'.repeat(40),
    created_at: '2026-11-23T10:00:00Z',
    updated_at: '2026-11-23T10:03:12Z',
    limits_memory: '512m',
    fqdn: 'https://user:hunter2pass@a.example.com',
    http_basic_auth_password: 'old-secret-1',
    manual_webhook_secret_provider_a: 'same-secret',
    custom_labels: 'a\nb',
  });
  const bad = snapshot({
    id: 14,
    uuid: 'bbb',
    status: 'failed',
    git_commit_sha: 'b'.repeat(40),
    created_at: '2026-11-23T12:00:00Z',
    updated_at: '2026-11-23T12:00:45Z',
    limits_memory: '1g',
    fqdn: 'https://user:hunter2pass@b.example.com',
    http_basic_auth_password: 'new-secret-2',
    manual_webhook_secret_provider_a: 'same-secret',
    custom_labels: 'a\nc',
  });

  it("orders the two newer first by position whatever the order given, and says each one's facts", () => {
    const c = compareDeployments({ a: { view: good, index: 4 }, b: { view: bad, index: 0, reason: 'npm ERR! exit code 1' }, now: NOW });
    expect(c.newer).toMatchObject({
      id: 14,
      phase: 'failed',
      duration: '45s',
      durationMs: 45_000,
      shortCommit: 'bbbbbbb',
      reason: 'npm ERR! exit code 1',
    });
    expect(c.older).toMatchObject({ id: 10, phase: 'finished', duration: '3m 12s', reason: null });
    // Without the rows, the positions say how many lie between.
    expect(c.between).toEqual({ count: 3, byPhase: null });
  });

  it('lists the settings that differ, older → newer, with URL passwords masked', () => {
    const c = compareDeployments({ a: { view: bad }, b: { view: good }, now: NOW });
    expect(c.settings).toContainEqual({ field: 'limits_memory', secret: false, before: '512m', after: '1g' });
    expect(c.settings).toContainEqual({
      field: 'fqdn',
      secret: false,
      before: 'https://user:••••@a.example.com',
      after: 'https://user:••••@b.example.com',
    });
    const labels = settingRows(c)!.find((r) => r.field === 'custom_labels')!;
    expect(labels.text).toBe('1 line added, 1 removed');
    expect(labels.lines).toHaveLength(2);
    expect(labels.lines).toEqual(
      expect.arrayContaining([
        { kind: '-', text: 'b' },
        { kind: '+', text: 'c' },
      ]),
    );
  });

  it('says a secret changed or is the same, and never carries its value', () => {
    const c = compareDeployments({ a: { view: bad }, b: { view: good }, now: NOW });
    expect(c.settings).toContainEqual({ field: 'http_basic_auth_password', secret: true, change: 'changed' });
    expect(c.secrets).toMatchObject({ http_basic_auth_password: 'changed', manual_webhook_secret_provider_a: 'same' });
    expect(sameSecrets(c)).toContain('manual_webhook_secret_provider_a');
    const everything = JSON.stringify(c) + diffTable(c, { color: false }, { now: NOW });
    for (const secret of ['old-secret-1', 'new-secret-2', 'same-secret', 'hunter2pass']) expect(everything).not.toContain(secret);
    expect(diffTable(c, { color: false }, { now: NOW })).toMatch(/http_basic_auth_password\s+changed \(secret\)/);
  });

  it('counts the rows between by how they ended', () => {
    const between = [
      snapshot({ id: 13, status: 'failed' }),
      snapshot({ id: 12, status: 'cancelled-by-user' }),
      snapshot({ id: 11, status: 'failed' }),
    ];
    const c = compareDeployments({ a: { view: bad, index: 0 }, b: { view: good, index: 4 }, between, now: NOW });
    expect(c.between.count).toBe(3);
    expect(c.between.byPhase).toMatchObject({ failed: 2, cancelled: 1, finished: 0 });
    expect(betweenText(c)).toBe('3 deployments between them: 2 failed, 1 cancelled');
  });

  it('marks the rows that differ, never id and uuid', () => {
    const rows = sideRows(compareDeployments({ a: { view: bad }, b: { view: good }, now: NOW }), () => '');
    expect(rows.find((r) => r.label === 'status')!.differs).toBe(true);
    expect(rows.find((r) => r.label === 'id')!.differs).toBe(false);
  });
});

describe('compareDeployments on deployment-queue rows', () => {
  const older = queueRow({
    id: 200,
    status: 'finished',
    commit: 'c'.repeat(40),
    commit_message: 'Fix cart\n\nlong body',
    is_webhook: true,
    created_at: '2026-11-23T10:00:00Z',
    finished_at: '2026-11-23T10:01:00Z',
  });
  const newer = queueRow({
    id: 205,
    status: 'failed',
    commit: 'HEAD',
    commit_message: 'Add search',
    force_rebuild: true,
    created_at: '2026-11-23T11:00:00Z',
    finished_at: '2026-11-23T11:00:30Z',
  });

  it('says the settings were not compared (the rows carry none), and shows source, commit and subject', () => {
    const c = compareDeployments({ a: { view: older }, b: { view: newer }, between: [], now: NOW });
    expect(c.newer.id).toBe(205);
    expect(c.settings).toBeNull();
    expect(c.secrets).toEqual({});
    expect(settingRows(c)).toBeNull();
    expect(c.newer).toMatchObject({ source: 'manual · force rebuild', commit: 'HEAD', subject: 'Add search', duration: '30s' });
    expect(c.older).toMatchObject({ source: 'webhook', shortCommit: 'ccccccc', subject: 'Fix cart' });
    expect(betweenText(c)).toBe('none between them: one follows the other');
    expect(diffTable(c, { color: false }, { now: NOW })).toContain(NO_SETTINGS);
  });

  it('keeps a reason only for a failed or cancelled deployment', () => {
    const c = compareDeployments({
      a: { view: older, reason: 'not a failure' },
      b: { view: newer, reason: 'Killed (exit 137)' },
      now: NOW,
    });
    expect(c.older.reason).toBeNull();
    expect(c.newer.reason).toBe('Killed (exit 137)');
  });

  it('orders by id when no position is known, and by start without ids', () => {
    expect(compareDeployments({ a: { view: older }, b: { view: newer }, now: NOW }).newer.id).toBe(205);
    const x = viewOf(read({ status: 'finished', created_at: '2026-11-23T09:00:00Z' }));
    const y = viewOf(read({ status: 'failed', created_at: '2026-11-23T09:30:00Z' }));
    expect(compareDeployments({ a: { view: x }, b: { view: y }, now: NOW }).newer.phase).toBe('failed');
    expect(compareDeployments({ a: { view: x }, b: { view: y }, now: NOW }).between.count).toBeNull();
  });
});

describe('pairWalk: both found, and what lies between, in one read', () => {
  const history: DeploymentView[] = [
    queueRow({ id: 9, status: 'running' }),
    queueRow({ id: 8, status: 'failed' }),
    queueRow({ id: 7, status: 'cancelled-by-user' }),
    queueRow({ id: 6, status: 'failed' }),
    queueRow({ id: 5, status: 'finished' }),
    queueRow({ id: 4, status: 'finished' }),
  ];
  const id = (n: number) => (v: DeploymentView) => v.id === n;
  async function* chunks(rows: readonly DeploymentView[], size: number) {
    for (let i = 0; i < rows.length; i += size)
      yield { rows: rows.slice(i, i + size).map((v) => v.record), read: Math.min(rows.length, i + size) };
  }

  it('B defaults to the last finished deployment before A, the failures between counted', async () => {
    const walk = pairWalk(id(8), 'lastGood');
    expect(await readPair(chunks(history, 2), walk)).toBe('found');
    expect(walk.a).toMatchObject({ index: 1 });
    expect(walk.b).toMatchObject({ index: 4 });
    expect(walk.b!.view.id).toBe(5);
    expect(countPhases(walk.between)).toMatchObject({ cancelled: 1, failed: 1, finished: 0 });
  });

  it('finds the two in either order, the older named first', async () => {
    const walk = pairWalk(id(4), id(9));
    expect(await readPair(chunks(history, 4), walk)).toBe('found');
    expect(walk.between.map((v) => v.id)).toEqual([8, 7, 6, 5]);
  });

  it('says which is missing: A, B, or no finished deployment before A', async () => {
    expect(await readPair(chunks(history, 3), pairWalk(id(42), id(5)))).toBe('noA');
    expect(await readPair(chunks(history, 3), pairWalk(id(8), id(42)))).toBe('noB');
    expect(await readPair(chunks(history, 3), pairWalk(id(4), 'lastGood'))).toBe('noB');
  });

  it('stops reading once the rows go below the id looked for', async () => {
    let chunksRead = 0;
    async function* counted() {
      for await (const c of chunks(history, 1)) {
        chunksRead += 1;
        yield c;
      }
    }
    expect(
      await readPair(
        counted(),
        pairWalk((v) => v.id === 7.5, id(9)),
        { a: 7.5, b: 9 },
      ),
    ).toBe('noA');
    expect(chunksRead).toBe(3);
  });

  it('a row named twice (its id and its uuid) is found as both: the caller says they are the same', async () => {
    const walk = pairWalk(id(7), (v) => v.uuid === 'u7');
    expect(await readPair(chunks(history, 6), walk)).toBe('found');
    expect(walk.a!.index).toBe(walk.b!.index);
  });
});

describe('pairWalk lastGoodAlike: what `=` compares a failure with', () => {
  const row = (id: number, status: string, branch: string, pr = 0) => queueRow({ id, status, git_branch: branch, pull_request_id: pr });
  async function* chunks(rows: readonly DeploymentView[], size: number) {
    for (let i = 0; i < rows.length; i += size)
      yield { rows: rows.slice(i, i + size).map((v) => v.record), read: Math.min(rows.length, i + size) };
  }
  const find = async (history: DeploymentView[], failedId: number) => {
    const walk = pairWalk((v) => v.id === failedId, 'lastGoodAlike');
    const end = await readPair(chunks(history, 2), walk);
    return { end, walk };
  };

  it('the last good one of its branch, past a preview of another and a deployment of another branch', async () => {
    const { end, walk } = await find(
      [row(9, 'failed', 'develop'), row(8, 'finished', 'feature/x', 213), row(7, 'finished', 'main'), row(6, 'finished', 'develop')],
      9,
    );
    expect(end).toBe('found');
    expect(walk.b!.view.id).toBe(6);
    expect(walk.likeness).toBe('sameLine');
    expect(walk.between.map((v) => v.id)).toEqual([8, 7]);
  });

  it('a preview that failed: the last good preview of the same pull request, not of another nor the branch built without one', async () => {
    const { walk } = await find(
      [
        row(9, 'failed', 'feature/x', 213),
        row(8, 'finished', 'feature/x'),
        row(7, 'finished', 'feature/y', 70),
        row(6, 'finished', 'feature/x', 213),
      ],
      9,
    );
    expect(walk.b!.view.id).toBe(6);
    expect(walk.likeness).toBe('sameLine');
  });

  it('none of its branch before the history ends: the last good one that is not a preview, what lies between cut there', async () => {
    const { end, walk } = await find(
      [
        row(9, 'failed', 'develop'),
        row(8, 'finished', 'feature/x', 213),
        row(7, 'cancelled', 'main'),
        row(6, 'finished', 'main'),
        row(5, 'finished', 'main'),
      ],
      9,
    );
    expect(end).toBe('found');
    expect(walk.b!.view.id).toBe(6);
    expect(walk.likeness).toBe('notPreview');
    expect(walk.between.map((v) => v.id)).toEqual([8, 7]);
  });

  it('only previews were good: the last of them', async () => {
    const { walk } = await find([row(9, 'failed', 'develop'), row(8, 'failed', 'develop'), row(7, 'finished', 'feature/x', 213)], 9);
    expect(walk.b!.view.id).toBe(7);
    expect(walk.likeness).toBe('any');
    expect(walk.between.map((v) => v.id)).toEqual([8]);
  });

  it('nothing good at all: not found, as before', async () => {
    expect((await find([row(9, 'failed', 'develop'), row(8, 'failed', 'main')], 9)).end).toBe('noB');
  });

  it(`stops looking for its branch ${ALIKE_WINDOW} deployments after it once another good one was seen`, async () => {
    const failures = Array.from({ length: ALIKE_WINDOW + 500 }, (_, i) => row(5000 - i, 'failed', 'main'));
    const history = [row(9000, 'failed', 'develop'), row(8999, 'finished', 'main'), ...failures, row(1, 'finished', 'develop')];
    const walk = pairWalk((v) => v.id === 9000, 'lastGoodAlike');
    let read = 0;
    async function* counted() {
      for await (const c of chunks(history, 100)) {
        read = c.read;
        yield c;
      }
    }
    expect(await readPair(counted(), walk)).toBe('found');
    expect(walk.b!.view.id).toBe(8999);
    expect(walk.likeness).toBe('notPreview');
    expect(walk.between).toEqual([]);
    expect(read).toBeLessThanOrEqual(ALIKE_WINDOW + 100);
  });
});
