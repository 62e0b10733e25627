import { useEffect, useState } from 'react';

type Listener = (time: number) => void;

/**
 * One timer per period, shared by every countdown on screen: a list of fifty bookings with time
 * limits ticks once a second, and React batches the fifty updates of that one callback into one
 * render, where a timer each rendered fifty times a second.
 */
const clocks = new Map<number, { listeners: Set<Listener>; timer: number }>();

function subscribe(everyMs: number, listener: Listener): () => void {
  let clock = clocks.get(everyMs);
  if (!clock) {
    const listeners = new Set<Listener>();
    const timer = window.setInterval(() => {
      const time = Date.now();
      for (const each of [...listeners]) each(time);
    }, everyMs);
    clock = { listeners, timer };
    clocks.set(everyMs, clock);
  }
  clock.listeners.add(listener);
  const own = clock;
  return () => {
    // A countdown unsubscribes at its deadline and again when it unmounts: only the first counts,
    // and a later clock of the same period is never stopped by an earlier one's last listener.
    if (!own.listeners.delete(listener)) return;
    if (own.listeners.size === 0) {
      window.clearInterval(own.timer);
      clocks.delete(everyMs);
    }
  };
}

/**
 * The current time in milliseconds, renewed every `everyMs` until `until` (a time in ms) has
 * passed: for countdowns. Nothing ticks without a deadline (null) or once it is over.
 */
export function useNow(everyMs: number, until: number | null = Number.POSITIVE_INFINITY): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || Date.now() >= until) return;
    const unsubscribe = subscribe(everyMs, (time) => {
      setNow(time);
      if (time >= until) unsubscribe();
    });
    return unsubscribe;
  }, [everyMs, until]);
  return now;
}
