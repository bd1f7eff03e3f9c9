// Properties of the query language (src/model/query.ts): any text either reads or fails with a
// QueryError; `-t` keeps exactly the rows `t` drops; plain words match as `/` matched them before
// (every word in the row's text, or a status or source word); a sort is a permutation in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { searchText, viewOf, type DeploymentView } from '../../src/model/deployment.js';
import { durationOf } from '../../src/model/duration.js';
import { QueryError, parseQuery } from '../../src/model/query.js';
import { matchesQueryOf, wordMatches } from '../../src/model/query-match.js';
import { SORT_FIELDS, sortViews } from '../../src/model/sort.js';

const NOW = Date.UTC(2026, 10, 20);
const iso = (t: number) => new Date(t).toISOString();

/** Either row shape, with any of its fields missing. */
const row: fc.Arbitrary<DeploymentView> = fc
  .record(
    {
      id: fc.integer({ min: 1, max: 500 }),
      status: fc.constantFrom('finished', 'failed', 'in_progress', 'queued', 'cancelled-by-user', 'weird'),
      git_branch: fc.constantFrom('main', 'dev', 'feature/x'),
      git_commit_sha: fc.stringMatching(/^[0-9a-f]{7,40}$/),
      commit: fc.constantFrom('HEAD', 'ab12cd34ef', 'ffe0011'),
      commit_message: fc.constantFrom('Fix login', 'feat: add search', 'Bump deps', ''),
      is_webhook: fc.boolean(),
      is_api: fc.boolean(),
      pull_request_id: fc.integer({ min: 0, max: 3 }),
      server_name: fc.constantFrom('web-1', 'build-2'),
      created_at: fc.integer({ min: NOW - 30 * 86_400_000, max: NOW }).map(iso),
      finished_at: fc.integer({ min: 0, max: 3_600_000 }).map((d) => iso(NOW - 30 * 86_400_000 + d)),
    },
    { requiredKeys: [] },
  )
  .map((r) => viewOf(r as Deployment));

const term = fc.constantFrom(
  'status:failed',
  'status:running,queued',
  'branch:main',
  'source:webhook',
  'source:api',
  'source:pr',
  'commit:ab',
  'server:web',
  'id>100',
  'id<=250',
  'dur>5m',
  'dur<30m',
  'since:7d',
  'until:2026-11-10',
  'fix',
  '"feat: add"',
  '/^b/i',
  'failed',
  'webhook',
  '#2',
);

describe('query properties', () => {
  it('any text reads, or fails with one QueryError line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (text) => {
        try {
          parseQuery(text, NOW);
        } catch (error) {
          expect(error).toBeInstanceOf(QueryError);
          expect((error as Error).message).not.toMatch(/[\n\r]/);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('a negated term keeps exactly the rows the term drops', () => {
    fc.assert(
      fc.property(row, term, fc.constantFrom('-', '!'), (view, t, not) => {
        const yes = matchesQueryOf(view, parseQuery(t, NOW), NOW);
        expect(matchesQueryOf(view, parseQuery(`${not}${t}`, NOW), NOW)).toBe(!yes);
      }),
      { numRuns: 2000 },
    );
  });

  it('terms together match when each does', () => {
    fc.assert(
      fc.property(row, fc.array(term, { maxLength: 4 }), (view, terms) => {
        const each = terms.every((t) => matchesQueryOf(view, parseQuery(t, NOW), NOW));
        expect(matchesQueryOf(view, parseQuery(terms.join(' '), NOW), NOW)).toBe(each);
      }),
      { numRuns: 2000 },
    );
  });

  it('plain words match as / matched them before', () => {
    const word = fc.stringMatching(/^[a-z0-9#._]{1,6}$/);
    fc.assert(
      fc.property(row, fc.array(word, { minLength: 1, maxLength: 3 }), (view, words) => {
        const text = searchText(view);
        const before = words.every((w) => wordMatches(view, w, text));
        expect(matchesQueryOf(view, parseQuery(words.join(' '), NOW), NOW)).toBe(before);
      }),
      { numRuns: 2000 },
    );
  });

  it('a sort is a permutation, in order, rows without the value last', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), fc.constantFrom(...SORT_FIELDS), fc.boolean(), (views, field, desc) => {
        const sorted = sortViews(views, { field, desc }, NOW);
        expect([...sorted].sort((a, b) => views.indexOf(a) - views.indexOf(b))).toEqual(
          [...views].sort((a, b) => views.indexOf(a) - views.indexOf(b)),
        );
        const key = (v: DeploymentView) =>
          field === 'started' ? v.startedAt : field === 'duration' ? durationOf(v, NOW).ms : field === 'id' ? v.id : v.phase;
        const keys = sorted.map(key);
        const firstNull = keys.indexOf(null);
        if (firstNull >= 0) expect(keys.slice(firstNull).every((k) => k === null)).toBe(true);
        const known = keys.filter((k) => k !== null);
        for (let i = 1; i < known.length; i++) expect(desc ? known[i - 1]! >= known[i]! : known[i - 1]! <= known[i]!).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
