// A clock tests can move forward; everything else about time stays real.
import type { Clock } from '../../api/src/domain/clock.js';

export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
