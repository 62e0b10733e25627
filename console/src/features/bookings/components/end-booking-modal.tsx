// Ending a booking with DELETE: before issue it cancels the hold (nothing was paid); after issue
// it voids the tickets inside the carrier's void window and gives the payment back (less the
// agency's void fee). Either way the booking leaves the list and the console returns to /bookings
// (product spec §4).
import type { Booking } from '@contrail/sdk';
import { useCancelBooking } from '@contrail/sdk/react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, useLanguage } from '../../../lib/i18n';
import { useNotify } from '../../../notifications';
import { useActionFailed, useLeaveBooking } from '../use-booking-outcomes';
import { AmountLine, ConfirmModal } from '../../../components/confirm-modal';

export function EndBookingModal({
  booking,
  opened,
  onClose,
}: {
  booking: Booking;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notify = useNotify();
  const leave = useLeaveBooking();
  const failed = useActionFailed(booking.locator);
  const kind = booking.status === 'issued' ? 'void' : 'cancel';
  const end = useCancelBooking({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: (ended) => {
        notify({ type: 'success', text: t(`bookings.${kind}.done`, { locator: ended.locator }) });
        onClose();
        leave(ended.locator);
      },
      onError: (error) => {
        failed(error);
        onClose();
      },
    },
  });
  const tickets = booking.documents.filter((d) => d.type === 'ticket' && d.status === 'issued');
  // An EMD (a bag, a seat) hangs on its ticket: voiding the tickets voids them too, so the agent is told.
  const emds = booking.documents.filter((d) => d.type === 'emd' && d.status === 'issued');
  return (
    <ConfirmModal
      opened={opened}
      title={t(`bookings.${kind}.title`, { locator: booking.locator })}
      confirmLabel={t(`bookings.${kind}.confirm`)}
      color="red"
      loading={end.isPending}
      onConfirm={() => end.mutate({ locator: booking.locator })}
      onClose={onClose}
    >
      <Text size="sm">{t(`bookings.${kind}.text`)}</Text>
      {kind === 'void' && emds.length > 0 && <Text size="sm">{t('bookings.void.emdsText')}</Text>}
      <Stack gap={4}>
        {kind === 'void' ? (
          <>
            <AmountLine label={t('bookings.void.tickets')} value={tickets.map((d) => d.number).join(', ') || '—'} />
            {emds.length > 0 && (
              <AmountLine label={t('bookings.void.emds')} value={emds.map((d) => d.number).join(', ')} />
            )}
            <AmountLine label={t('bookings.void.amount')} value={formatMoney(booking.price, language)} strong />
          </>
        ) : (
          <AmountLine label={t('bookings.cancel.amount')} value={formatMoney(booking.price, language)} strong />
        )}
        {booking.cancel_before && (
          <AmountLine label={t(`bookings.${kind}.deadline`)} value={formatDateTime(booking.cancel_before, language)} />
        )}
      </Stack>
    </ConfirmModal>
  );
}
