// Where the console goes after a booking ends or cannot be opened (product spec §4, §8): it leaves
// the list and the console returns to /bookings. Action failures are shown as notices; one that
// says the airline no longer has the booking (416) also ends it here.
import { ApiError } from '@contrail/sdk';
import { useCallback } from 'react';
import { navigate } from '../../lib/router';
import { useNotifyError } from '../../notifications';
import { useBookingCache } from './use-booking-cache';

export const bookingsPath = '/bookings';
export const bookingPath = (locator: string) => `${bookingsPath}?locator=${encodeURIComponent(locator)}`;

/** Takes the booking off the list and goes back to /bookings. */
export function useLeaveBooking(): (locator: string) => void {
  const cache = useBookingCache();
  return useCallback(
    (locator: string) => {
      // Closing first: the open booking's query is dropped from the cache once nothing shows it.
      navigate(bookingsPath, { replace: true });
      cache.removed(locator);
    },
    [cache],
  );
}

/** An action's failure: its notices, and a booking the airline dropped leaves the list. */
export function useActionFailed(locator: string): (error: unknown) => void {
  const notifyError = useNotifyError();
  const leave = useLeaveBooking();
  return useCallback(
    (error: unknown) => {
      notifyError(error);
      if (error instanceof ApiError && error.status === 416) leave(locator);
    },
    [notifyError, leave, locator],
  );
}
