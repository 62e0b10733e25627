import { useEffect, useState } from 'react';

/**
 * The current time in milliseconds, renewed every `everyMs` until `until` (a time in ms) has
 * passed: for countdowns. Nothing ticks without a deadline (null) or once it is over.
 */
export function useNow(everyMs: number, until: number | null = Number.POSITIVE_INFINITY): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || Date.now() >= until) return;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) window.clearInterval(timer);
    }, everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs, until]);
  return now;
}
