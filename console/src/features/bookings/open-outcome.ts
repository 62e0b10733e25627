// What opening a booking's failure means (product spec §8): a booking the airline no longer has
// (416) leaves the list and the console goes back to /bookings; an invalid locator (400) goes back
// to /bookings; anything else marks the booking as an open error, to be tried again. A locator that
// names no booking the caller may see (404) is treated as gone: there is nothing to mark.
import { ApiError } from '@contrail/sdk';

export type OpenOutcome = 'gone' | 'invalid' | 'openError';

export function openOutcome(error: unknown): OpenOutcome {
  if (error instanceof ApiError) {
    if (error.status === 416 || error.status === 404) return 'gone';
    if (error.status === 400) return 'invalid';
  }
  return 'openError';
}
