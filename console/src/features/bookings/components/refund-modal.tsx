// Refund: the airline quotes what refunding the tickets gives back (refund, its penalty, the
// agency's fee for a company balance, where the money goes, until when the quote holds); the agent
// confirms that quote. A confirmed refund ends the booking: it leaves the list and the console
// returns to /bookings (product spec §4). A quote that expired is asked for again.
import type { Booking, RefundRequest } from '@contrail/sdk';
import { useConfirmRefundRequest, useCreateRefundRequest } from '@contrail/sdk/react';
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, useLanguage } from '../../../lib/i18n';
import { useNotify } from '../../../notifications';
import { useActionFailed, useLeaveBooking } from '../use-booking-outcomes';
import { AmountLine, ConfirmModal } from '../../../components/confirm-modal';
import { Countdown, useRemaining } from './time-limit';

export function RefundModal({ booking, opened, onClose }: { booking: Booking; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notify = useNotify();
  const leave = useLeaveBooking();
  const failed = useActionFailed(booking.locator);
  const [quote, setQuote] = useState<RefundRequest | null>(null);
  const expired = useRemaining(quote?.expires_at ?? null) === null && quote !== null;
  const close = () => {
    setQuote(null);
    onClose();
  };
  const ask = useCreateRefundRequest({
    mutation: { meta: { silentErrors: true }, onSuccess: setQuote, onError: failed },
  });
  const confirm = useConfirmRefundRequest({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: (refunded) => {
        notify({
          type: 'success',
          text: t('bookings.refund.done', {
            locator: refunded.locator,
            amount: quote ? formatMoney(quote.refund, language) : '',
          }),
        });
        close();
        leave(refunded.locator);
      },
      onError: (error) => {
        failed(error);
        close();
      },
    },
  });
  const money = (value: { amount: string; currency: string }) => formatMoney(value, language);
  const askForQuote = () => ask.mutate({ locator: booking.locator, data: {} });

  if (!quote)
    return (
      <ConfirmModal
        opened={opened}
        title={t('bookings.refund.title', { locator: booking.locator })}
        confirmLabel={t('bookings.refund.ask')}
        loading={ask.isPending}
        onConfirm={askForQuote}
        onClose={close}
      >
        <Text size="sm">{t('bookings.refund.text')}</Text>
        <AmountLine label={t('bookings.refund.paid')} value={money(booking.price)} />
      </ConfirmModal>
    );
  return (
    <ConfirmModal
      opened={opened}
      title={t('bookings.refund.title', { locator: booking.locator })}
      confirmLabel={
        expired ? t('bookings.refund.askAgain') : t('bookings.refund.confirm', { amount: money(quote.refund) })
      }
      color={expired ? undefined : 'red'}
      loading={ask.isPending || confirm.isPending}
      onConfirm={() =>
        expired ? askForQuote() : confirm.mutate({ locator: booking.locator, data: { refund_request_id: quote.id } })
      }
      onClose={close}
    >
      <Text size="sm">{t('bookings.refund.quoted')}</Text>
      <Stack gap={4}>
        <AmountLine label={t('bookings.refund.refund')} value={money(quote.refund)} strong />
        <AmountLine label={t('bookings.refund.penalty')} value={money(quote.penalty)} />
        {Number(quote.fee.amount) !== 0 && <AmountLine label={t('bookings.refund.fee')} value={money(quote.fee)} />}
        <AmountLine label={t('bookings.refund.refundTo')} value={t(`bookings.formOfPayment.${quote.refund_to}`)} />
      </Stack>
      <Text size="sm">
        {t('bookings.refund.validUntil')} <Countdown deadline={quote.expires_at} />
      </Text>
      {expired && (
        <Alert variant="light" color="orange" role="alert">
          {t('bookings.refund.expired')}
        </Alert>
      )}
    </ConfirmModal>
  );
}
