// The random part added to a retry's wait: never a round wait (a round 4 s met Node's keep-alive
// expiry and the request hung until the timeout), small after a wait the server asked for.
import { describe, expect, it } from 'vitest';
import { offBeat } from '../../src/api/http.js';

describe('offBeat', () => {
  it('after a wait the server asked for: 20–120 ms, whatever the wait', () => {
    expect(offBeat(4000, true, () => 0)).toBe(20);
    expect(offBeat(4000, true, () => 0.999_999)).toBe(120);
    expect(offBeat(60_000, true, () => 0.5)).toBe(70);
  });

  it('after a backoff: 5–25 % of it', () => {
    expect(offBeat(4000, false, () => 0)).toBe(200);
    expect(offBeat(4000, false, () => 0.999_999)).toBe(1000);
    expect(offBeat(500, false, () => 0.5)).toBe(75);
  });
});
