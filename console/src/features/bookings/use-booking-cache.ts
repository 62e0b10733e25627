// What the console remembers of bookings after a change: an action's answer is shown at once and
// what it may have moved (the list, the history) is fetched again; a booking that ended or that the
// airline no longer has leaves the list at once (product spec §4, §8), before the refetch confirms.
import type { Booking, BookingList } from '@contrail/sdk';
import { getGetBookingQueryKey, getListBookingHistoryQueryKey, getListBookingsQueryKey } from '@contrail/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

export function useBookingCache() {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const lists = { queryKey: getListBookingsQueryKey() };
    return {
      changed(booking: Booking) {
        queryClient.setQueryData(getGetBookingQueryKey(booking.locator), booking);
        void queryClient.invalidateQueries(lists);
        void queryClient.invalidateQueries({ queryKey: getListBookingHistoryQueryKey(booking.locator) });
      },
      removed(locator: string) {
        queryClient.setQueriesData<BookingList>(lists, (list) =>
          list?.data.some((b) => b.locator === locator)
            ? {
                ...list,
                data: list.data.filter((b) => b.locator !== locator),
                meta: { ...list.meta, total: Math.max(0, list.meta.total - 1) },
              }
            : list,
        );
        queryClient.removeQueries({ queryKey: getGetBookingQueryKey(locator) });
        void queryClient.invalidateQueries(lists);
      },
    };
  }, [queryClient]);
}
