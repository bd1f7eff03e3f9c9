// The query language (src/model/query.ts, query-match.ts, sort.ts): what each term reads, the one
// line a mistake gives, and matches over both row shapes (settings snapshots and queue rows).
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { viewOf } from '../../src/model/deployment.js';
import { QueryError, parseQuery, readQuery, sinceOf } from '../../src/model/query.js';
import { matchesQueryOf } from '../../src/model/query-match.js';
import { sortOfText, sortViews } from '../../src/model/sort.js';
import { spanOfText, timeOfText } from '../../src/model/time-text.js';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const HOUR = 3_600_000;
const iso = (t: number) => new Date(t).toISOString();

/** A settings snapshot as the seed sends it. */
const snapshot = (o: Partial<Record<string, unknown>> = {}) =>
  viewOf({
    id: 41,
    uuid: 'app-1',
    status: 'finished',
    git_branch: 'main',
    git_commit_sha: 'abc1234def5678abc1234def5678abc1234def56',
    commit_message: 'Fix login redirect\n\nlonger body',
    created_at: iso(NOW - 2 * HOUR),
    updated_at: iso(NOW - 2 * HOUR + 6 * 60_000),
    server_name: 'web-1',
    is_webhook: true,
    ...o,
  } as Deployment);

/** A deployment-queue row as deployed servers send it (no branch, `commit`, a deployment_uuid). */
const queueRow = (o: Partial<Record<string, unknown>> = {}) =>
  viewOf({
    id: 248,
    deployment_uuid: 'q1w2e3r4t5y6u7i8o9p0a1s2',
    application_name: 'shop',
    server_name: 'build-2',
    status: 'failed',
    commit: 'ffe0011aa22bb33cc44dd55ee66ff7788990011a',
    commit_message: 'Bump deps: update got to 14',
    is_webhook: false,
    is_api: true,
    rollback: false,
    pull_request_id: 0,
    created_at: iso(NOW - 10 * 86_400_000),
    finished_at: iso(NOW - 10 * 86_400_000 + 90_000),
    logs: '[]',
    ...o,
  } as Deployment);

const hit = (text: string, view = snapshot()) => matchesQueryOf(view, parseQuery(text, NOW), NOW);
const errorOf = (text: string) => {
  const read = readQuery(text, NOW);
  return read.ok ? undefined : read.error;
};

describe('parseQuery', () => {
  it('reads fields, comparisons, phrases, regexes and negation into clauses', () => {
    const q = parseQuery('status:failed,cancelled branch:main dur>5m dur<=1h30m "fix login" /re[a-z]+/i -source:webhook !api', NOW);
    expect(q.clauses.map((c) => [c.negate, c.term.kind])).toEqual([
      [false, 'status'],
      [false, 'branch'],
      [false, 'dur'],
      [false, 'dur'],
      [false, 'word'],
      [false, 'regex'],
      [true, 'source'],
      [true, 'word'],
    ]);
    expect(q.clauses[2]!.term).toEqual({ kind: 'dur', op: '>', value: 300_000 });
    expect(q.clauses[3]!.term).toEqual({ kind: 'dur', op: '<=', value: 5_400_000 });
    expect(q.clauses[4]!.term).toEqual({ kind: 'word', text: 'fix login' });
  });

  it('reads since and until absolute or relative to now', () => {
    const q = parseQuery('since:7d until:2026-11-01 started:12h', NOW);
    expect(q.clauses.map((c) => c.term)).toEqual([
      { kind: 'since', at: NOW - 7 * 86_400_000 },
      { kind: 'until', at: Date.UTC(2026, 10, 1) },
      { kind: 'since', at: NOW - 12 * HOUR },
    ]);
    expect(sinceOf(parseQuery('since:7d since:2d -since:1d', NOW))).toBe(NOW - 2 * 86_400_000);
  });

  it('names an unknown field and the known ones, in one line', () => {
    expect(() => parseQuery('stauts:failed')).toThrow(QueryError);
    const message = errorOf('stauts:failed')!;
    expect(message).toBe(
      'unknown field "stauts": the fields are status, branch, source, commit, server, id, dur, since, until (quote a word that holds a colon: "stauts:…").',
    );
    expect(message).not.toContain('\n');
  });

  it('says what a field takes when its value is wrong', () => {
    expect(errorOf('status:broken')).toContain('status takes queued, running');
    expect(errorOf('dur>5 minutes')).toContain('dur takes a length such as 5m');
    expect(errorOf('dur:5m')).toBe('dur compares: dur>5m or dur<=5m, not dur:5m.');
    expect(errorOf('since:yesterday')).toContain('since takes a time such as 7d');
    expect(errorOf('branch>main')).toContain('only id and dur compare');
    expect(errorOf('source:cron')).toContain('source takes webhook, api');
    expect(errorOf('id:abc')).toContain('id takes a number');
  });

  it('fails safely on a bad regex, with its reason and what to do', () => {
    expect(errorOf('/fix(/')).toMatch(/^the regex "\/fix\(\/" is not one \(.+\): check its brackets/);
    expect(errorOf('/a/g')).toContain('takes the flags i, m, s or u only');
    expect(errorOf('//')).toContain('is empty');
    expect(errorOf(`/${'a'.repeat(501)}/`)).toContain('at most 500');
  });

  it('keeps words that only look like terms as words: feat:, an unclosed /path, a lone -', () => {
    expect(parseQuery('feat: /api/v1 - "a:b"').clauses.map((c) => c.term)).toEqual([
      { kind: 'word', text: 'feat:' },
      { kind: 'word', text: '/api/v1' },
      { kind: 'word', text: '-' },
      { kind: 'word', text: 'a:b' },
    ]);
    expect(parseQuery('/unfinished').clauses[0]!.term).toEqual({ kind: 'word', text: '/unfinished' });
  });

  it('takes a quoted value for a field', () => {
    expect(parseQuery('branch:"feature x"').clauses[0]!.term).toEqual({ kind: 'branch', name: 'feature x' });
  });
});

describe('matches over a settings snapshot', () => {
  it('matches fields that the snapshot says', () => {
    expect(hit('status:finished branch:main source:webhook commit:ABC123 server:web')).toBe(true);
    expect(hit('status:failed')).toBe(false);
    expect(hit('branch:mai')).toBe(false);
    expect(hit('id:41 id>=41 id<42')).toBe(true);
    expect(hit('dur>5m dur<=6m')).toBe(true);
    expect(hit('dur>6m')).toBe(false);
    expect(hit('since:1d until:1h')).toBe(true);
    expect(hit('since:1h')).toBe(false);
  });

  it('matches free words as / always did: status words, subject, commit, branch', () => {
    expect(hit('fix LOGIN')).toBe(true);
    expect(hit('finished webhook main')).toBe(true);
    expect(hit('"login redirect"')).toBe(true);
    expect(hit('"redirect login"')).toBe(false);
    expect(hit('abc1234')).toBe(true);
  });

  it('negates any term with ! or -', () => {
    expect(hit('-status:failed !api -"nothing here"')).toBe(true);
    expect(hit('!fix')).toBe(false);
    expect(hit('-/^Fix/')).toBe(false);
  });

  it('runs a regex over each field, case as flagged', () => {
    expect(hit('/^Fix .* redirect$/')).toBe(true);
    expect(hit('/^fix/')).toBe(false);
    expect(hit('/^fix/i')).toBe(true);
    expect(hit('/^abc1234d/')).toBe(true);
  });
});

describe('matches over a deployment-queue row', () => {
  const row = queueRow();
  it('matches what the queue row says: commit, source, status, duration, server', () => {
    expect(hit('status:failed source:api commit:ffe0011 dur>=90s dur<2m server:build', row)).toBe(true);
    expect(hit('bump got', row)).toBe(true);
    expect(hit('/update got/', row)).toBe(true);
    expect(hit('until:7d since:11d', row)).toBe(true);
  });

  it('matches no branch (it says none), so a negated branch keeps it', () => {
    expect(hit('branch:main', row)).toBe(false);
    expect(hit('-branch:main', row)).toBe(true);
  });

  it('gives a queued row no duration and a running one its duration so far', () => {
    expect(hit('dur>0s', queueRow({ status: 'queued', finished_at: null }))).toBe(false);
    const running = queueRow({ status: 'in_progress', finished_at: null, created_at: iso(NOW - 20 * 60_000) });
    expect(hit('status:running dur>15m', running)).toBe(true);
  });

  it('reads a pull request source as pr and pr#N', () => {
    const pr = queueRow({ pull_request_id: 12 });
    expect(hit('source:pr source:pr#12 #12', pr)).toBe(true);
    expect(hit('source:pr#13', pr)).toBe(false);
  });
});

describe('sort', () => {
  const views = [
    queueRow({ id: 1, created_at: iso(NOW - 3 * HOUR), finished_at: iso(NOW - 3 * HOUR + 60_000), status: 'finished' }),
    queueRow({ id: 2, created_at: iso(NOW - 2 * HOUR), finished_at: iso(NOW - 2 * HOUR + 300_000), status: 'failed' }),
    queueRow({ id: 3, created_at: iso(NOW - HOUR), finished_at: null, status: 'queued' }),
  ];
  const ids = (text: string) => sortViews(views, sortOfText(text)!, NOW).map((v) => v.id);

  it('orders by each field, descending unless :asc', () => {
    expect(ids('started')).toEqual([3, 2, 1]);
    expect(ids('started:asc')).toEqual([1, 2, 3]);
    expect(ids('id:asc')).toEqual([1, 2, 3]);
    expect(ids('status:asc')).toEqual([2, 1, 3]);
  });

  it('puts rows without the value last either way', () => {
    expect(ids('duration')).toEqual([2, 1, 3]);
    expect(ids('duration:asc')).toEqual([1, 2, 3]);
  });

  it('reads no other field or direction', () => {
    expect(sortOfText('size')).toBeNull();
    expect(sortOfText('id:up')).toBeNull();
    expect(sortOfText('Duration:ASC')).toEqual({ field: 'duration', desc: false });
  });
});

describe('time text', () => {
  it('reads spans and refuses bare numbers', () => {
    expect(spanOfText('1h30m')).toBe(5_400_000);
    expect(spanOfText('90s')).toBe(90_000);
    expect(spanOfText('2d')).toBe(172_800_000);
    expect(spanOfText('90')).toBeNull();
    expect(spanOfText('')).toBeNull();
  });
  it('reads dates that exist only', () => {
    expect(timeOfText('2026-02-30', NOW)).toBeNull();
    expect(timeOfText('2026-11-01T10:00:00+02:00', NOW)).toBe(Date.UTC(2026, 10, 1, 8));
  });
});

describe('secrets', () => {
  it('matches text as shown: a URL password in a branch or server cannot be guessed by any term', () => {
    const secret = 'hunter2pass';
    const view = snapshot({ git_branch: `https://a:${secret}@h.io`, server_name: `https://b:${secret}@s.io` });
    for (const q of [secret, `branch:https://a:${secret}@h.io`, `server:${secret}`, `/${secret}/`, `/a:h/`])
      expect(hit(q, view), q).toBe(false);
    expect(hit('server:s.io', view)).toBe(true);
  });
});
