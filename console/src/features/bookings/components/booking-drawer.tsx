// The open booking (/bookings?locator=…), read from the airline each time it opens. A failure to
// open follows the product spec (§8, see open-outcome.ts): gone → off the list and back to
// /bookings; invalid → back to /bookings; anything else → the booking is marked as an open error,
// with a way to try again. While an issue or EMDs are under way, the booking is read again every
// few seconds so their progress shows.
import { useGetBooking } from '@contrail/sdk/react';
import { Alert, Button, Center, Drawer, Loader, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../../../lib/router';
import { useNotifyError } from '../../../notifications';
import { openOutcome } from '../open-outcome';
import { bookingsPath, useLeaveBooking } from '../use-booking-outcomes';
import { BookingView } from './booking-view';

const pollMs = 3000;

export function BookingDrawer({
  locator,
  openFailed,
  onOpenFailed,
}: {
  locator: string;
  /** Whether this booking is marked as an open error. */
  openFailed: boolean;
  onOpenFailed: (locator: string, failed: boolean) => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  const notifyError = useNotifyError();
  const leave = useLeaveBooking();
  const booking = useGetBooking(locator, {
    query: {
      enabled: locator !== '',
      meta: { silentErrors: true },
      refetchInterval: (query) =>
        query.state.data?.async_emd_issue || query.state.data?.status === 'issuing' ? pollMs : false,
    },
  });

  const { error, errorUpdatedAt, dataUpdatedAt } = booking;
  useEffect(() => {
    if (!error || !locator) return;
    notifyError(error);
    const outcome = openOutcome(error);
    if (outcome === 'gone') leave(locator);
    else if (outcome === 'invalid') navigate(bookingsPath, { replace: true });
    else onOpenFailed(locator, true);
  }, [error, locator, notifyError, leave, onOpenFailed]);
  useEffect(() => {
    if (dataUpdatedAt > errorUpdatedAt && openFailed) onOpenFailed(locator, false);
  }, [dataUpdatedAt, errorUpdatedAt, openFailed, locator, onOpenFailed]);

  return (
    <Drawer
      opened={locator !== ''}
      onClose={() => navigate(bookingsPath)}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={t('bookings.view.title', { locator })}
      closeButtonProps={{ 'aria-label': t('bookings.view.close') }}
    >
      <Stack gap="md">
        {openFailed && (
          <Alert color="red" variant="light" role="alert" title={t('bookings.view.openErrorTitle')}>
            <Stack gap="xs" align="flex-start">
              {t('bookings.view.openErrorText')}
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={booking.isFetching}
                onClick={() => void booking.refetch()}
              >
                {t('bookings.view.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        {locator === '' ? null : booking.data ? (
          <BookingView booking={booking.data} />
        ) : (
          !openFailed && (
            <Center py="xl">
              <Loader aria-label={t('bookings.view.opening')} />
            </Center>
          )
        )}
      </Stack>
    </Drawer>
  );
}
