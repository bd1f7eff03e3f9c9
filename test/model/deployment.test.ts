import { describe, expect, it } from 'vitest';
import { readDeploymentList, type Deployment } from '../../src/api/schemas/deployment.js';
import { keysOf, linkFor, messageOf, searchText, viewOf } from '../../src/model/deployment.js';
import { durationOf, formatDuration } from '../../src/model/duration.js';

const read = (raw: Record<string, unknown>): Deployment => readDeploymentList([raw])!.deployments[0]!;
const at = (iso: string) => Date.parse(iso);

/** A row of the deployment queue as deployed servers send it (service-behaviour.md). */
const QUEUE_ROW = {
  id: 912,
  application_id: '14',
  deployment_uuid: 'k3v9x0q2m8w1z7y4t6r5p0aa',
  pull_request_id: 0,
  force_rebuild: false,
  commit: '3fa91c2e0b7d4a6f8e1c2b3a4d5e6f708192a3b4',
  status: 'finished',
  is_webhook: true,
  is_api: false,
  created_at: '2026-08-22T15:22:50.000000Z',
  updated_at: '2026-08-22T15:26:02.000000Z',
  current_process_id: null,
  restart_only: false,
  git_type: 'provider_a',
  server_id: 0,
  application_name: 'orders-worker',
  server_name: 'edge-fra-1',
  deployment_url: '/project/p1/environment/e1/application/a1/deployment/k3v9x0q2m8w1z7y4t6r5p0aa',
  destination_id: '1',
  only_this_server: false,
  rollback: false,
  commit_message: 'Retry failed webhooks with backoff\n\nThe queue gave up after one try.',
  finished_at: '2026-08-22T15:26:00.000000Z',
  build_server_id: null,
  horizon_job_id: '88',
  horizon_job_worker: 'host-1',
};

describe('deployment model: queue rows', () => {
  it('reads what people look for from a row of the deployment queue', () => {
    const v = viewOf(read(QUEUE_ROW));
    expect(v).toMatchObject({
      id: 912,
      uuid: 'k3v9x0q2m8w1z7y4t6r5p0aa',
      status: 'finished',
      phase: 'finished',
      statusText: 'finished',
      active: false,
      source: 'webhook',
      flags: [],
      commit: QUEUE_ROW.commit,
      shortCommit: '3fa91c2',
      subject: 'Retry failed webhooks with backoff',
      branch: '',
      application: 'orders-worker',
      server: 'edge-fra-1',
      startedAt: at('2026-08-22T15:22:50Z'),
      finishedAt: at('2026-08-22T15:26:00Z'),
    });
    expect(messageOf(v)).toBe('Retry failed webhooks with backoff\n\nThe queue gave up after one try.');
    expect(durationOf(v, Date.now())).toEqual({ ms: 190_000, text: '3m 10s', live: false });
  });

  it('joins the deployment_url path to the origin of the base URL, keeping no path prefix', () => {
    const v = viewOf(read(QUEUE_ROW));
    expect(v.link).toBe(QUEUE_ROW.deployment_url);
    expect(linkFor(v, 'https://deploy.example.com/api/v1')).toBe(`https://deploy.example.com${QUEUE_ROW.deployment_url}`);
    expect(linkFor(v, 'http://user:pw@10.0.0.5:8000/api/v1')).toBe(`http://10.0.0.5:8000${QUEUE_ROW.deployment_url}`);
    expect(viewOf(read({ deployment_url: 'https://deploy.example.com/x' })).link).toBe('https://deploy.example.com/x');
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'project/x', '/a b', 42]) {
      expect(viewOf(read({ deployment_url: bad })).link).toBe('');
    }
  });

  it.each([
    [{ rollback: true, is_webhook: true, pull_request_id: 4 }, 'rollback'],
    [{ pull_request_id: 12, is_webhook: true }, 'PR #12'],
    [{ pull_request_id: '12' }, 'PR #12'],
    [{ is_webhook: 1, pull_request_id: 0 }, 'webhook'],
    [{ is_api: true, is_webhook: false }, 'API'],
    [{ is_api: 'true' }, 'API'],
    [{ is_webhook: false, is_api: false, rollback: false, pull_request_id: 0 }, 'manual'],
    [{ is_webhook: 0 }, 'manual'],
    [{}, ''],
    [{ is_webhook: 'maybe' }, ''],
  ])('source of %j is %j', (fields, source) => {
    expect(viewOf(read(fields)).source).toBe(source);
  });

  it('names the other ways a deployment was started', () => {
    expect(viewOf(read({ force_rebuild: true, restart_only: 1, only_this_server: 'true' })).flags).toEqual([
      'force rebuild',
      'restart only',
      'only this server',
    ]);
  });

  it('shows HEAD as such, and a sha as its first 7 hex digits', () => {
    expect(viewOf(read({ commit: 'HEAD' }))).toMatchObject({ commit: 'HEAD', shortCommit: 'HEAD' });
    expect(viewOf(read({ commit: 'head' })).shortCommit).toBe('HEAD');
    expect(viewOf(read({ git_commit_sha: 'ABCDEF0123456789' })).shortCommit).toBe('abcdef0');
    expect(viewOf(read({ git_commit_sha: '', commit: 'abc1234def' })).shortCommit).toBe('abc1234');
    expect(viewOf(read({ commit: 'release-2026-08-final' })).shortCommit).toBe('release-2026');
  });
});

describe('deployment model: snapshots and mixed records', () => {
  it("reads the interface's settings snapshot", () => {
    const v = viewOf(
      read({
        id: 7,
        uuid: 'u-7',
        status: 'in_progress',
        git_commit_sha: 'a'.repeat(40),
        git_branch: 'main',
        name: 'shop',
        build_pack: 'nixpacks',
        fqdn: 'https://a.example.com,https://b.example.com',
        created_at: '2026-08-22T15:22:50.000000Z',
        updated_at: '2026-08-22T15:23:50.000000Z',
      }),
    );
    expect(v).toMatchObject({
      id: 7,
      uuid: 'u-7',
      phase: 'running',
      statusText: 'in progress',
      active: true,
      source: '',
      branch: 'main',
      application: 'shop',
      buildPack: 'nixpacks',
      domains: 'https://a.example.com, https://b.example.com',
      finishedAt: null,
    });
    expect(durationOf(v, at('2026-08-22T15:25:00Z'))).toEqual({ ms: 130_000, text: '2m 10s', live: true });
  });

  it("prefers deployment_uuid over uuid (in a mixed record uuid is the application's)", () => {
    expect(viewOf(read({ uuid: 'app-uuid', deployment_uuid: 'dep-uuid' })).uuid).toBe('dep-uuid');
  });

  it('takes updated_at as the end of a final record without finished_at, never of a running one', () => {
    const base = { created_at: '2026-08-22T15:00:00Z', updated_at: '2026-08-22T15:04:30Z' };
    expect(viewOf(read({ ...base, status: 'failed' })).finishedAt).toBe(at('2026-08-22T15:04:30Z'));
    expect(viewOf(read({ ...base, status: 'failed', finished_at: null })).finishedAt).toBe(at('2026-08-22T15:04:30Z'));
    expect(viewOf(read({ ...base, status: 'in_progress' })).finishedAt).toBeNull();
    expect(durationOf(viewOf(read({ ...base, status: 'cancelled-by-user' })), 0).text).toBe('4m 30s');
    // An end before the start is not believed.
    expect(viewOf(read({ ...base, status: 'finished', finished_at: '2026-08-22T14:00:00Z' })).finishedAt).toBeNull();
  });

  it('says "waiting" for a queued deployment and nothing when the times are missing', () => {
    expect(durationOf(viewOf(read({ status: 'queued', created_at: '2026-08-22T15:00:00Z' })), Date.now()).text).toBe('waiting');
    expect(durationOf(viewOf(read({ status: 'finished' })), Date.now()).text).toBe('');
    expect(durationOf(viewOf(read({ status: 'in_progress' })), Date.now()).text).toBe('');
  });

  it('reads plainly readable values of the wrong type instead of flagging them', () => {
    const d = read({ id: '42', destination_id: '3', health_check_enabled: 1, health_check_port: 8000, status: 'finished' });
    expect(viewOf(d).id).toBe(42);
    expect(Object.getOwnPropertySymbols(d)).toEqual([]);
    expect(d.destination_id).toBe('3'); // kept as sent: --json prints it so
  });

  it('shows an unknown status verbatim with the unknown mark, and a missing one as unknown', () => {
    expect(viewOf(read({ status: 'paused' }))).toMatchObject({ phase: 'unknown', statusText: 'paused' });
    expect(viewOf(read({}))).toMatchObject({ phase: 'unknown', statusText: 'unknown', status: '' });
  });
});

describe('deployment model: server text', () => {
  it('takes the first non-empty line as the subject, cleaned of escape sequences', () => {
    expect(viewOf(read({ commit_message: '\n\n  \u001b[31mFix\u001b[0m the \u0007build  \nbody' })).subject).toBe('Fix the build');
    expect(viewOf(read({ commit_message: 'one\r\ntwo' })).subject).toBe('one');
    expect(messageOf(viewOf(read({ commit_message: 'a\u001b]0;title\u0007\r\n\tb' })))).toBe('a\n  b');
  });

  it('keeps a 10,000-line message whole for the detail and reads its subject quickly', () => {
    const message = ['Subject line', '', ...Array.from({ length: 10_000 }, (_, i) => `line ${i} \u001b[2J部署`)].join('\n');
    const v = viewOf(read({ commit_message: message }));
    expect(v.subject).toBe('Subject line');
    expect(messageOf(v).split('\n')).toHaveLength(10_002);
    expect(messageOf(v)).not.toContain('\u001b');
  });

  it('cuts a huge one-line subject', () => {
    expect(viewOf(read({ commit_message: 'x'.repeat(1_000_000) })).subject.length).toBeLessThanOrEqual(2000);
  });

  it('matches the filter against what is shown, URL passwords masked', () => {
    const v = viewOf(read({ status: 'failed', commit_message: 'Fix https://u:hunter2@h.io', is_webhook: true, id: 12 }));
    const text = searchText(v);
    expect(text).toContain('failed');
    expect(text).toContain('webhook');
    expect(text).toContain('12');
    expect(text).not.toContain('hunter2');
  });

  it('keys rows by id, then uuid, unique within a page', () => {
    const views = [{ id: 7 }, { id: 7 }, { deployment_uuid: 'x' }, {}].map((r) => viewOf(read(r)));
    expect(keysOf(views)).toEqual(['id:7', 'id:7 2', 'uuid:x', '#3']);
  });
});

describe('durations', () => {
  it.each([
    [0, '0s'],
    [45_900, '45s'],
    [192_000, '3m 12s'],
    [3_720_000, '1h 02m'],
    [183_600_000, '2d 3h'],
    [-5, '0s'],
  ])('%d ms is %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
