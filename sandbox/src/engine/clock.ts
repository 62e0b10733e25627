// The sandbox's notion of "now". Every time-based rule (offer expiry, time limits, void windows)
// reads a Clock handed in at the edge, so tests can move time instead of waiting for it.
export interface Clock {
  now(): Date;
}

export interface MovableClock extends Clock {
  advance(seconds: number): Date;
  set(at: Date): Date;
}

/** Starts at the real time (or `start`) and then runs with it, shifted by whatever tests moved. */
export function createMovableClock(start?: Date, realNow: () => number = Date.now): MovableClock {
  let offsetMs = start ? start.getTime() - realNow() : 0;
  return {
    now: () => new Date(realNow() + offsetMs),
    advance(seconds) {
      offsetMs += seconds * 1000;
      return this.now();
    },
    set(at) {
      offsetMs = at.getTime() - realNow();
      return this.now();
    },
  };
}

/** A clock that stands still unless moved: deterministic tests compare answers byte for byte. */
export function createFixedClock(at: Date): MovableClock {
  let current = at.getTime();
  return {
    now: () => new Date(current),
    advance(seconds) {
      current += seconds * 1000;
      return new Date(current);
    },
    set(to) {
      current = to.getTime();
      return new Date(current);
    },
  };
}
