// The log's times (T): the title's start and each line's time, relative or absolute.
import { afterEach, describe, expect, it } from 'vitest';
import { viewOf } from '../../../../src/model/deployment.js';
import { readDeploymentList } from '../../../../src/api/schemas/deployment.js';
import { stampOf, startedText } from '../../../../src/tui/screens/log/lines.js';

const START = Date.parse('2026-11-24T13:03:00Z');
const saved = process.env.TZ;
afterEach(() => {
  if (saved === undefined) delete process.env.TZ;
  else process.env.TZ = saved;
});

describe("a log line's time", () => {
  it('relative: how long after the deployment started, right-aligned in 8 cells', () => {
    expect(stampOf(START + 151_000, 'relative', START)).toBe('   +2:31');
    expect(stampOf(START + 3_723_000, 'relative', START)).toBe('+1:02:03');
    expect(stampOf(START + 12 * 3_600_000 + 300_000, 'relative', START)).toBe(' +12h05m');
    // A line stamped before the start (clock skew between the server's parts).
    expect(stampOf(START - 2_000, 'relative', START)).toBe('   -0:02');
  });

  it('absolute: the local clock; relative without a start: the local clock too; no time: blank', () => {
    process.env.TZ = 'Europe/Berlin';
    expect(stampOf(START + 7_000, 'absolute', START)).toBe('14:03:07');
    expect(stampOf(START + 7_000, 'relative', null)).toBe('14:03:07');
    expect(stampOf(null, 'relative', START)).toBe('        ');
    expect(stampOf(Number.NaN, 'absolute', START)).toBe('        ');
  });
});

describe("the log title's start", () => {
  const view = (createdAt?: string) =>
    viewOf(readDeploymentList([{ id: 1, status: 'finished', ...(createdAt ? { created_at: createdAt } : {}) }])!.deployments[0]!);
  it('reads as the mode says, and is left out without a start', () => {
    process.env.TZ = 'Europe/Berlin';
    const now = START + 3 * 86_400_000 + 4 * 3_600_000;
    expect(startedText(view('2026-11-24T13:03:00Z'), now, 'relative')).toBe(' · started 3d 4h ago');
    expect(startedText(view('2026-11-24T13:03:00Z'), now, 'absolute')).toBe(' · started 2026-11-24 14:03 +01');
    expect(startedText(view(), now, 'absolute')).toBe('');
  });
});
