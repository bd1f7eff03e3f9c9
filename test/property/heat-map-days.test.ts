// The calendar of `dms stats` and the TUI's stats view (model/stats-report.ts over text/charts.ts)
// against the per-day counts `-o json` lists: for any set of deployment times (any weekday, any
// zone the server writes them in, or none, across month and year ends and the days clocks change),
// every day with deployments is a cell with a mark, the mark is the legend's level for that day's
// count, and a day without any is `·`. When the oldest weeks do not fit the width, the title says so.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { HEAT_MARKS } from '../../src/text/charts.js';
import { viewOf } from '../../src/model/deployment.js';
import { reportLines, statsJson } from '../../src/model/stats-report.js';
import { DAY, createStats, statsOf, type StatsWindow } from '../../src/model/stats.js';
import type { Deployment } from '../../src/api/schemas/deployment.js';
import { bodyLines } from '../../src/tui/screens/stats/lines.js';
import { initialStats } from '../../src/tui/screens/stats/state.js';

const WEEK = 7 * DAY;
const dayOf = (t: number) => Math.floor(t / DAY) * DAY;
/** 1970-01-05 was a Monday. */
const mondayOf = (t: number) => Math.floor((t - 4 * DAY) / WEEK) * WEEK + 4 * DAY;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Days near which things go wrong: year and month ends, a leap day, the days clocks change in Europe and the US. */
const EDGES = [
  '2026-11-20',
  '2026-12-28',
  '2027-01-01',
  '2028-02-28',
  '2026-03-29',
  '2026-10-25',
  '2026-03-08',
  '2026-11-01',
  '2025-12-31',
  '2024-02-29',
].map((d) => Date.parse(`${d}T00:00:00Z`));
/** How servers write a time: a zone offset in minutes, Z, or no zone at all (read as UTC). */
const ZONES = [null, 0, 60, 120, -240, -300, 330, 840, -720, -210] as const;

/** `created_at` as a server in `zone` would write the instant `t`. */
function written(t: number, zone: number | null, z: boolean): string {
  if (zone === null) return new Date(t).toISOString().slice(0, 19).replace('T', ' ');
  if (zone === 0 && z) return new Date(t).toISOString();
  const local = new Date(t + zone * 60_000).toISOString().slice(0, 19);
  const a = Math.abs(zone);
  return `${local}${zone < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}:${String(a % 60).padStart(2, '0')}`;
}

/** The legend `· 0  ░ 1  ▒ 2–3  ▓ 4–6  █ 7+` as each mark's range. */
function legendRanges(title: string): Map<string, [number, number]> {
  const ranges = new Map<string, [number, number]>();
  for (const m of title.matchAll(/([·░▒▓█]) (\d+)(?:–(\d+)|(\+))?/g)) {
    const low = Number(m[2]);
    ranges.set(m[1]!, [low, m[4] ? Infinity : m[3] ? Number(m[3]) : low]);
  }
  return ranges;
}

const deployment = fc.record({
  day: fc.integer({ min: -20, max: 400 }),
  // Whole seconds: a time without a zone is written without its milliseconds.
  ms: fc.integer({ min: 0, max: DAY / 1000 - 1 }).map((s) => s * 1000),
  zone: fc.constantFrom(...ZONES),
  z: fc.boolean(),
});

const previousTz = process.env.TZ;
afterEach(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

describe('the calendar shows every day the JSON lists', () => {
  it('any deployment days, zones, month and year ends, clock changes: a marked cell per day, at its level; · for none', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EDGES),
        fc.integer({ min: -400, max: 400 }),
        fc.array(deployment, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 40 * DAY }),
        fc.integer({ min: 40, max: 160 }),
        fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati'),
        fc.option(fc.tuple(fc.integer({ min: 0, max: 10 * DAY }), fc.integer({ min: 1, max: 10 * DAY }))),
        (edge, shift, rows, after, width, tz, bounds) => {
          // The machine's own zone must not move a day: dms places deployments by UTC day.
          process.env.TZ = tz;
          const base = edge + shift * DAY;
          const times = rows.map((r) => base + r.day * DAY + r.ms);
          const acc = createStats();
          times.forEach((t, i) =>
            acc.add(viewOf({ id: i + 1, status: 'finished', created_at: written(t, rows[i]!.zone, rows[i]!.z) } as unknown as Deployment)),
          );
          const oldest = Math.min(...times);
          const newest = Math.max(...times);
          const window: StatsWindow = bounds ? { since: oldest - bounds[0], until: newest + bounds[1] } : {};
          const stats = statsOf(acc, window, newest + after);
          const json = (statsJson(stats, window, true) as { days: { day: string; deployments: number }[] }).days;

          // What -o json lists is what happened (each instant's UTC day).
          const expected = new Map<string, number>();
          for (const t of times) expected.set(isoDay(dayOf(t)), (expected.get(isoDay(dayOf(t))) ?? 0) + 1);
          expect(new Map(json.map((d) => [d.day, d.deployments]))).toEqual(expected);

          const lines = reportLines(stats, { width }).map((l) => l.text);
          const at = lines.findIndex((l) => l.startsWith('Deployments per day, '));
          expect(at).toBeGreaterThanOrEqual(0);
          // The legend beside the title, or on the next line when both do not fit on one.
          const own = lines[at + 1]!.startsWith(`${HEAT_MARKS[0]} 0`) ? 1 : 0;
          const title = lines[at]!;
          const ranges = legendRanges(lines[at + own]!);
          const weekdays = lines.slice(at + own + 2, at + own + 9);
          const title$ = /^Deployments per day, (?:last (\d+) of ([\d,]+)|(\d+)) weeks?/.exec(title);
          expect(title$, title).not.toBeNull();
          const shown = Number(title$![1] ?? title$![3]);
          const lastWeek = mondayOf(dayOf(stats.to! - 1));
          const span = (lastWeek - mondayOf(dayOf(stats.from!))) / WEEK + 1;
          // Every week of the window is drawn, or the title says which part is.
          if (title$![3] !== undefined) expect(shown).toBe(span);
          else expect([shown, Number(title$![2]!.replace(/,/g, ''))]).toEqual([width - 4, span]);

          const listed = new Map(json.map((d) => [Date.parse(`${d.day}T00:00:00Z`), d.deployments]));
          for (let w = 0; w < shown; w++) {
            for (let d = 0; d < 7; d++) {
              const day = lastWeek - (shown - 1 - w) * WEEK + d * DAY;
              const cell = weekdays[d]![4 + w] ?? ' ';
              const n = listed.get(day);
              if (n === undefined) {
                expect(cell === HEAT_MARKS[0] || cell === ' ', `${isoDay(day)} '${cell}'`).toBe(true);
                continue;
              }
              const range = ranges.get(cell);
              expect(range, `${isoDay(day)}: ${n} deployments drawn '${cell}' (${title})`).toBeDefined();
              expect(n).toBeGreaterThanOrEqual(range![0]);
              expect(n).toBeLessThanOrEqual(range![1]);
              expect(cell).not.toBe(HEAT_MARKS[0]);
              listed.delete(day);
            }
          }
          // Days left over are only those of weeks too old to fit.
          for (const day of listed.keys()) expect(day, isoDay(day)).toBeLessThan(lastWeek - (shown - 1) * WEEK);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('34 deployments on Friday 2026-11-20 and Saturday 2026-11-21, read a week later: 2 weeks, both days marked', () => {
    const acc = createStats();
    for (let i = 0; i < 34; i++) {
      const t = Date.parse('2026-11-20T08:00:00Z') + (i % 2) * DAY + i * 60_000;
      acc.add(viewOf({ id: i + 1, status: 'finished', created_at: new Date(t).toISOString() } as unknown as Deployment));
    }
    const stats = statsOf(acc, {}, Date.parse('2026-11-28T13:00:00Z'));
    // Headless at 80 columns, and the TUI's stats view at 80×24 (its body is a column narrower).
    const tui = { ...initialStats(20), scanning: false, read: 34, total: 34, stats };
    for (const lines of [reportLines(stats, { width: 80 }), bodyLines(tui, 79, 23)].map((ls) => ls.map((l) => l.text))) {
      const at = lines.findIndex((l) => l.startsWith('Deployments per day'));
      expect(lines[at]).toMatch(/^Deployments per day, 2 weeks {2}· 0 {2}░ /);
      // Monday to Thursday before the first day and the Sunday after the last are blank; the week after is ·.
      expect(lines.slice(at + 1, at + 9)).toEqual(['', 'Mon  ·', '     ·', 'Wed  ·', '     ·', 'Fri █·', '    █·', 'Sun · ']);
    }
  });
});
