// The bookings list's filter and the list request it makes. Kept apart from the screen (and out of
// its lazy chunk's weight) so the app can ask for the first page while the account and the
// screen's code are still on their way: /bookings then shows its list without waiting for the
// account first (routes.tsx). Both use listParams, so the early answer is the screen's own query.
import type { BookingStatus, ListBookingsParams } from '@contrail/sdk';
import { getListBookingsQueryOptions } from '@contrail/sdk/react';
import type { QueryClient } from '@tanstack/react-query';

export type StatusChoice = BookingStatus | 'active' | 'all';

export interface BookingsFilter {
  status: StatusChoice;
  q: string;
  dateFrom: string;
  dateTo: string;
}

/** The list starts with every active booking (held, being issued or issued). */
export const initialFilter: BookingsFilter = { status: 'active', q: '', dateFrom: '', dateTo: '' };

export const bookingsPerPage = 20;

/** The list request for a filter (its search text already trimmed and debounced) and a page. */
export function listParams(filter: BookingsFilter, q: string, page: number): ListBookingsParams {
  return {
    page,
    per_page: bookingsPerPage,
    ...(filter.status !== 'all' ? { status: filter.status } : {}),
    ...(q ? { q } : {}),
    ...(filter.dateFrom ? { date_from: filter.dateFrom } : {}),
    ...(filter.dateTo ? { date_to: filter.dateTo } : {}),
  };
}

/**
 * Asks for the list's first page as the screen will. Quietly: a signed-out visitor's 401 shows no
 * notice (the page rules send them to sign-in), and the screen's own query reports any other failure.
 */
export function prefetchFirstBookingsPage(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchQuery({
    ...getListBookingsQueryOptions(listParams(initialFilter, '', 1)),
    meta: { silentErrors: true },
  });
}
