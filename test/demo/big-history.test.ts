// monorepo-ci: 50,000 deployments made from their position on demand, never held; short logs.
import { describe, expect, it } from 'vitest';
import { GeneratedHistory } from '../../src/demo/generated-history.js';
import { MONOREPO_CI, MONOREPO_CI_APP } from '../../src/demo/seed-apps-big.js';
import { createSeed } from '../../src/demo/seed.js';
import { list } from './helpers.js';
import { setUpDemoService } from '../support/demo.js';

const NOW = Date.parse('2026-08-22T15:22:50Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const history = () => new GeneratedHistory(MONOREPO_CI, MONOREPO_CI_APP.generated!, NOW, 'hash');

describe('the generated history', () => {
  it('is not part of the held seed: the seed carries only its generator', () => {
    const seed = createSeed(NOW);
    expect(seed.deployments.filter((d) => d.appUuid === MONOREPO_CI)).toEqual([]);
    expect(seed.generated.map((g) => [g.appUuid, g.length])).toEqual([[MONOREPO_CI, 50_000]]);
    expect([...seed.shortLogs]).toEqual([MONOREPO_CI]);
  });

  it('makes the same deployment for the same position, whatever slice asks for it', () => {
    const h = history();
    expect(h.slice(1000, 1003)).toEqual([h.at(1000), h.at(1001), h.at(1002)]);
    expect(history().slice(1000, 1003)).toEqual(h.slice(1000, 1003));
    expect(h.slice(49_998)).toHaveLength(2);
    expect(h.slice(50_000, 50_010)).toEqual([]);
    expect(h.slice(-1)).toEqual([h.at(49_999)]);
  });

  it('is newest first, ids rising with time, from minutes ago back more than three years', () => {
    const h = history();
    const rows = [...h.slice(0, 2000), ...h.slice(24_000, 26_000), ...h.slice(48_000)];
    for (let i = 1; i < rows.length; i++) {
      if (rows[i]!.id !== rows[i - 1]!.id - 1) continue; // the jumps between the three stretches
      expect(Math.floor(rows[i - 1]!.createdAt / 1000)).toBeGreaterThan(Math.floor(rows[i]!.createdAt / 1000));
    }
    expect(h.at(0).id).toBe(h.at(49_999).id + 49_999);
    expect(NOW - h.at(0).createdAt).toBeGreaterThan(15 * MINUTE);
    expect(NOW - h.at(0).createdAt).toBeLessThan(3 * 60 * MINUTE);
    expect(h.at(0).finishedAt!).toBeLessThanOrEqual(NOW);
    expect(NOW - h.at(49_999).createdAt).toBeGreaterThan(3 * 365 * DAY);
  });

  it('looks like years of CI: mostly finished, some failed, a few cancelled; previews, API, rollbacks, branches, recurring subjects', () => {
    const rows = history().slice(0, 5000);
    const share = (f: (d: (typeof rows)[number]) => boolean) => rows.filter(f).length / rows.length;
    expect(share((d) => d.status === 'finished')).toBeGreaterThan(0.8);
    expect(share((d) => d.status === 'finished')).toBeLessThan(0.9);
    expect(share((d) => d.status === 'failed')).toBeGreaterThan(0.07);
    expect(share((d) => d.status === 'cancelled-by-user')).toBeGreaterThan(0.01);
    expect(share((d) => d.status === 'cancelled-by-user')).toBeLessThan(0.06);
    expect(share((d) => d.pullRequestId > 0)).toBeGreaterThan(0.1);
    expect(share((d) => d.isApi)).toBeGreaterThan(0.03);
    expect(share((d) => d.rollback)).toBeGreaterThan(0.005);
    expect(share((d) => d.isWebhook)).toBeGreaterThan(0.6);
    expect(new Set(rows.map((d) => d.branch)).size).toBeGreaterThan(10);
    expect(share((d) => d.branch === 'main')).toBeGreaterThan(0.4);
    const subjects = new Map<string, number>();
    for (const d of rows) {
      const s = d.commitMessage.split('\n')[0]!;
      subjects.set(s, (subjects.get(s) ?? 0) + 1);
    }
    expect(Math.max(...subjects.values())).toBeGreaterThan(50);
    for (const d of rows) {
      const ran = d.finishedAt! - d.createdAt;
      expect(ran).toBeGreaterThanOrEqual(MINUTE);
      expect(ran).toBeLessThanOrEqual(15 * MINUTE);
    }
  });
});

describe('monorepo-ci over HTTP', () => {
  const demo = setUpDemoService({ now: () => NOW, rateLimitPerMinute: 0 });

  it('counts 50,000 and pages to the end like any history', async () => {
    const first = await list(demo, MONOREPO_CI, 'take=3');
    expect(first.json.count).toBe(50_000);
    expect(first.json.deployments.map((d: { id: number }) => d.id)).toEqual([187_412, 187_411, 187_410]);
    const last = await list(demo, MONOREPO_CI, 'skip=49995&take=10');
    expect(last.json.deployments.map((d: { id: number }) => d.id)).toEqual([137_417, 137_416, 137_415, 137_414, 137_413]);
    expect((await list(demo, MONOREPO_CI, 'skip=50000')).json.deployments).toEqual([]);
  });

  it('sends queue rows with a short log: a handful of entries, about 2 KB a row in all (~100 MB for the whole history)', async () => {
    const res = await list(demo, MONOREPO_CI, 'skip=20000&take=1000');
    const rows = res.json.deployments as Record<string, unknown>[];
    expect(rows[0]).toHaveProperty('deployment_uuid');
    expect(rows[0]).toHaveProperty('application_name', 'monorepo-ci');
    for (const r of rows) {
      const entries = JSON.parse(r.logs as string) as unknown[];
      expect(entries.length).toBeGreaterThanOrEqual(3);
      // A failed rollback: start, rollback, build, its step, and the short epilogue (5 entries).
      expect(entries.length).toBeLessThanOrEqual(9);
      expect((r.logs as string).length).toBeLessThan(2000);
    }
    expect(res.text.length / rows.length).toBeGreaterThan(1500);
    expect(res.text.length / rows.length).toBeLessThan(2600);
  });
});
