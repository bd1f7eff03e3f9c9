// Times people can tell apart (issue 24): two units for relative times, the local time with its
// zone for absolute ones, the same text in the list's started column and in the headless table.
import { afterEach, describe, expect, it } from 'vitest';
import { localAt, relativeAt, timeAt, zoneAt } from '../../src/text/format.js';
import { absoluteTimeColumns, cellsOf, COLUMNS, fitColumns } from '../../src/model/columns.js';
import { readDeploymentList } from '../../src/api/schemas/deployment.js';
import { viewOf } from '../../src/model/deployment.js';

const NOW = Date.parse('2026-11-24T13:03:00Z');
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const savedTz = process.env.TZ;
function inZone(tz: string): void {
  process.env.TZ = tz;
}
afterEach(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

describe('relative times carry two units', () => {
  it('neighbours one hour apart three days ago differ', () => {
    const a = relativeAt(NOW - 3 * DAY - 4 * HOUR, NOW);
    const b = relativeAt(NOW - 3 * DAY - 5 * HOUR, NOW);
    expect(a).toBe('3d 4h ago');
    expect(b).toBe('3d 5h ago');
    expect(a).not.toBe(b);
  });

  it('every hour of the last 30 days reads differently', () => {
    const seen = new Set<string>();
    for (let h = 1; h < 30 * 24; h++) seen.add(relativeAt(NOW - h * HOUR, NOW));
    expect(seen.size).toBe(30 * 24 - 1);
  });

  it('boundaries: 59 s, 60 s, 1 h, 23 h 59 m, 1 d, 7 d, 30 d, a year', () => {
    const at = (ms: number) => relativeAt(NOW - ms, NOW);
    expect(at(59_000)).toBe('59s ago');
    expect(at(60_000)).toBe('1m ago');
    expect(at(HOUR - 1000)).toBe('59m 59s ago');
    expect(at(HOUR)).toBe('1h ago');
    expect(at(DAY - 60_000)).toBe('23h 59m ago');
    expect(at(DAY)).toBe('1d ago');
    expect(at(7 * DAY)).toBe('7d ago');
    expect(at(30 * DAY - HOUR)).toBe('29d 23h ago');
    expect(at(30 * DAY)).toBe('4w 2d ago');
    expect(at(365 * DAY)).toBe('1y ago');
  });

  it('a time ahead of the clock: "just now" within a minute (clock skew), else "in …"', () => {
    expect(relativeAt(NOW + 30_000, NOW)).toBe('just now');
    expect(relativeAt(NOW + 3 * HOUR + 60_000, NOW)).toBe('in 3h 1m');
  });

  it('a glance (units: 1, the picker) keeps only the first unit, and "just now" under a minute', () => {
    expect(relativeAt(NOW - 3 * DAY - 4 * HOUR, NOW, 1)).toBe('3d ago');
    expect(relativeAt(NOW - 45_000, NOW, 1)).toBe('just now');
    expect(relativeAt(NOW - 5 * 60_000 - 10_000, NOW, 1)).toBe('5m ago');
  });

  it('an invalid time reads as nothing, never NaN', () => {
    expect(relativeAt(Number.NaN, NOW)).toBe('');
    expect(relativeAt(Number.POSITIVE_INFINITY, NOW)).toBe('');
    expect(relativeAt(NOW, Number.NaN)).toBe('');
    expect(localAt(Number.NaN)).toBe('');
    expect(localAt(8.64e15 + 1)).toBe('');
  });
});

describe('absolute times are local, with the zone', () => {
  it('shows the local date and time to the minute and the offset', () => {
    inZone('Europe/Berlin');
    expect(localAt(NOW)).toBe('2026-11-24 14:03 +01');
    expect(localAt(Date.parse('2026-07-24T13:03:00Z'))).toBe('2026-07-24 15:03 +02');
    inZone('America/New_York');
    expect(localAt(NOW)).toBe('2026-11-24 08:03 -05');
    inZone('Asia/Kolkata');
    expect(localAt(NOW)).toBe('2026-11-24 18:33 +05:30');
    inZone('UTC');
    expect(localAt(NOW)).toBe('2026-11-24 13:03 UTC');
    expect(zoneAt(NOW)).toBe('UTC');
  });

  it('timeAt follows the mode', () => {
    inZone('Europe/Berlin');
    expect(timeAt(NOW - 3 * DAY - 4 * HOUR, NOW, 'relative')).toBe('3d 4h ago');
    expect(timeAt(NOW - 3 * DAY - 4 * HOUR, NOW, 'absolute')).toBe('2026-11-21 10:03 +01');
  });
});

describe('the started column', () => {
  const view = (createdAt: string) => viewOf(readDeploymentList([{ id: 1, status: 'finished', created_at: createdAt }])!.deployments[0]!);

  it('gets the time in the mode asked for', () => {
    inZone('Europe/Berlin');
    expect(cellsOf(view('2026-11-21T09:03:00Z'), NOW).started).toBe('3d 4h ago');
    expect(cellsOf(view('2026-11-21T09:03:00Z'), NOW, { time: 'absolute' }).started).toBe('2026-11-21 10:03 +01');
  });

  it('is one width whatever the ages on the page, and wide enough for a local time with its zone', () => {
    inZone('Asia/Kolkata');
    const widthFor = (ages: number[], time: 'relative' | 'absolute' = 'relative') => {
      const cells = ages.map((ms) => cellsOf(view(new Date(NOW - ms).toISOString()), NOW, { time }));
      return fitColumns(time === 'absolute' ? absoluteTimeColumns() : COLUMNS, cells, 200).find((c) => c.key === 'started')!.width;
    };
    expect(widthFor([5_000, 60_000])).toBe(widthFor([DAY - 60_000, 29 * DAY + 23 * HOUR]));
    expect(widthFor([3 * DAY], 'absolute')).toBe('2026-11-21 18:33 +05:30'.length);
  });
});
