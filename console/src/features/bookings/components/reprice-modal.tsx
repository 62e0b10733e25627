// Reprice: asks the airline what the booking's flights and classes cost now, beside what the
// booking costs; nothing changes until the agent takes the new price of a held booking (reshop,
// with the offer the check answered, before it expires). A dearer price is taken only when the
// agent confirms it here.
import type { Booking, BookingPriceCheck } from '@contrail/sdk';
import { useRepriceBooking, useReshopBooking } from '@contrail/sdk/react';
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, useLanguage } from '../../../lib/i18n';
import { useNotify } from '../../../notifications';
import { useBookingCache } from '../use-booking-cache';
import { useActionFailed } from '../use-booking-outcomes';
import { AmountLine, ConfirmModal } from '../../../components/confirm-modal';

export function RepriceModal({ booking, opened, onClose }: { booking: Booking; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notify = useNotify();
  const cache = useBookingCache();
  const failed = useActionFailed(booking.locator);
  const [check, setCheck] = useState<BookingPriceCheck | null>(null);
  const close = () => {
    setCheck(null);
    onClose();
  };
  const reprice = useRepriceBooking({
    mutation: { meta: { silentErrors: true }, onSuccess: setCheck, onError: failed },
  });
  const reshop = useReshopBooking({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: (rebooked) => {
        cache.changed(rebooked);
        notify({
          type: 'success',
          text: t('bookings.reprice.taken', {
            locator: rebooked.locator,
            price: formatMoney(rebooked.price, language),
          }),
        });
        close();
      },
      onError: (error) => {
        failed(error);
        close();
      },
    },
  });
  const money = (value: { amount: string; currency: string }) => formatMoney(value, language);
  const dearer = check !== null && Number(check.difference.amount) > 0;
  const takable = check !== null && check.price_changed && booking.status === 'new';

  if (!check)
    return (
      <ConfirmModal
        opened={opened}
        title={t('bookings.reprice.title', { locator: booking.locator })}
        confirmLabel={t('bookings.reprice.check')}
        loading={reprice.isPending}
        onConfirm={() => reprice.mutate({ data: { locator: booking.locator } })}
        onClose={close}
      >
        <Text size="sm">{t('bookings.reprice.text')}</Text>
        <AmountLine label={t('bookings.reprice.current')} value={money(booking.price)} strong />
      </ConfirmModal>
    );
  return (
    <ConfirmModal
      opened={opened}
      title={t('bookings.reprice.title', { locator: booking.locator })}
      confirmLabel={
        takable ? t('bookings.reprice.take', { price: money(check.new_price) }) : t('bookings.reprice.done')
      }
      color={dearer ? 'orange' : undefined}
      loading={reshop.isPending}
      onConfirm={() =>
        takable
          ? reshop.mutate({
              data: { locator: booking.locator, offer_id: check.offer_id, accept_price_increase: dearer },
            })
          : close()
      }
      onClose={close}
    >
      <Stack gap={4}>
        <AmountLine label={t('bookings.reprice.current')} value={money(check.price)} />
        <AmountLine label={t('bookings.reprice.now')} value={money(check.new_price)} strong />
        <AmountLine label={t('bookings.reprice.difference')} value={`${dearer ? '+' : ''}${money(check.difference)}`} />
        {check.price_changed && (
          <AmountLine label={t('bookings.reprice.expires')} value={formatDateTime(check.expires_at, language)} />
        )}
      </Stack>
      {!check.price_changed ? (
        <Alert variant="light" color="green" role="status">
          {t('bookings.reprice.same')}
        </Alert>
      ) : takable ? (
        <Alert variant="light" color={dearer ? 'orange' : 'green'} role="status">
          {dearer ? t('bookings.reprice.dearer') : t('bookings.reprice.cheaper')}
        </Alert>
      ) : (
        <Alert variant="light" color="gray" role="status">
          {t('bookings.reprice.issuedNote')}
        </Alert>
      )}
    </ConfirmModal>
  );
}
