// Issue: pays and tickets the booking by the channel's form of payment. "Check the price first"
// re-prices with the airline (reshop): a lower price is taken, a higher one refused and nothing is
// issued. Paid from a company balance, the amount it takes is shown in the balance's own currency
// (converted at the newest exchange rate when the fare is in another one) before anything is issued.
import type { Booking } from '@contrail/sdk';
import { useIssueBooking } from '@contrail/sdk/react';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, useLanguage } from '../../../lib/i18n';
import { useNotify } from '../../../notifications';
import { useActionFailed } from '../use-booking-outcomes';
import { useBookingCache } from '../use-booking-cache';
import { AmountLine, ConfirmModal } from '../../../components/confirm-modal';

export function IssueModal({ booking, opened, onClose }: { booking: Booking; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notify = useNotify();
  const cache = useBookingCache();
  const failed = useActionFailed(booking.locator);
  const [reshop, setReshop] = useState(false);
  const issue = useIssueBooking({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: (issued) => {
        cache.changed(issued);
        notify({
          type: 'success',
          text: t('bookings.issue.done', {
            locator: issued.locator,
            count: issued.documents.filter((d) => d.type === 'ticket').length,
          }),
        });
        onClose();
      },
      onError: (error) => {
        failed(error);
        onClose();
      },
    },
  });
  return (
    <ConfirmModal
      opened={opened}
      title={t('bookings.issue.title', { locator: booking.locator })}
      confirmLabel={t('bookings.issue.confirm', { price: formatMoney(booking.price, language) })}
      loading={issue.isPending}
      onConfirm={() => issue.mutate({ data: { locator: booking.locator, reshop } })}
      onClose={onClose}
    >
      <Text size="sm">{t('bookings.issue.text', { count: booking.passengers.length })}</Text>
      <Stack gap={4}>
        <AmountLine label={t('bookings.issue.amount')} value={formatMoney(booking.price, language)} strong />
        <BalanceDebit booking={booking} />
      </Stack>
      <Checkbox
        checked={reshop}
        onChange={(e) => setReshop(e.currentTarget.checked)}
        label={t('bookings.issue.reshop')}
        description={t('bookings.issue.reshopHint')}
      />
    </ConfirmModal>
  );
}

function BalanceDebit({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const payment = booking.balance_payment;
  if (!payment || booking.status !== 'new') return null;
  if (!payment.amount)
    return (
      <Text size="sm" c="red" role="alert">
        {t('bookings.issue.rateMissing', { from: payment.fare_amount.currency, to: payment.balance_currency })}
      </Text>
    );
  return (
    <>
      <AmountLine label={t('bookings.issue.balanceDebit')} value={formatMoney(payment.amount, language)} strong />
      {payment.exchange_rate && (
        <AmountLine
          label={t('bookings.issue.rate')}
          value={`1 ${payment.fare_amount.currency} = ${Number(payment.exchange_rate)} ${payment.balance_currency}`}
        />
      )}
    </>
  );
}
