// The time the screen shows ages and durations at: the moment its data arrived, or, while a
// deployment runs, a clock that ticks every second (its duration counts up).
import { useEffect, useState } from 'react';

export function useClock(live: boolean, arrivedAt: number | null, periodMs = 1000): number {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    if (!live) return undefined;
    const t = setInterval(() => setTick(Date.now()), periodMs);
    return () => clearInterval(t);
  }, [live, periodMs]);
  if (!live) return arrivedAt ?? tick;
  return Math.max(tick, arrivedAt ?? 0);
}
