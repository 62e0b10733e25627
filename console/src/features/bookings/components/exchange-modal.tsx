// Exchange (a flight change of an issued booking): choose a new date for each journey to move →
// the airline's alternatives with price difference, penalty and total due → the chosen one priced
// again now → confirm, which pays the total due and reissues the tickets. The airline's refusal to
// reissue is shown as its own words (product spec §8: the response shown as an error notice).
import type { Booking, FlightsChangeRequest, ReshopOfferPriced } from '@contrail/sdk';
import {
  useConfirmFlightsChangeRequest,
  useCreateFlightsChangeRequest,
  usePriceReshopOffer,
} from '@contrail/sdk/react';
import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, useLanguage } from '../../../lib/i18n';
import { useNotify } from '../../../notifications';
import { useBookingCache } from '../use-booking-cache';
import { useActionFailed } from '../use-booking-outcomes';
import { AmountLine, ConfirmModal } from '../../../components/confirm-modal';
import { AlternativeChoice, JourneyDateFields, type JourneyDates } from './exchange-steps';
import { Countdown } from './time-limit';

const today = () => new Date().toISOString().slice(0, 10);

export function ExchangeModal({
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
  const cache = useBookingCache();
  const failed = useActionFailed(booking.locator);
  const [dates, setDates] = useState<JourneyDates>({});
  const [request, setRequest] = useState<FlightsChangeRequest | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [priced, setPriced] = useState<ReshopOfferPriced | null>(null);
  const close = () => {
    setDates({});
    setRequest(null);
    setChosen(null);
    setPriced(null);
    onClose();
  };
  const silent = { meta: { silentErrors: true }, onError: failed };
  const ask = useCreateFlightsChangeRequest({ mutation: { ...silent, onSuccess: setRequest } });
  const price = usePriceReshopOffer({ mutation: { ...silent, onSuccess: setPriced } });
  const confirm = useConfirmFlightsChangeRequest({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: (changed) => {
        cache.changed(changed);
        notify({ type: 'success', text: t('bookings.exchange.done', { locator: changed.locator }) });
        close();
      },
      onError: (error) => {
        failed(error);
        close();
      },
    },
  });
  const money = (m: { amount: string; currency: string }) => formatMoney(m, language);
  const title = t('bookings.exchange.title', { locator: booking.locator });
  const journeys = Object.entries(dates).map(([index, date]) => ({ origin_destination: Number(index), date }));
  const ready = journeys.length > 0 && journeys.every((j) => j.date !== '');
  const none = request !== null && request.alternatives.length === 0;

  if (priced && request)
    return (
      <ConfirmModal
        opened={opened}
        title={title}
        confirmLabel={t('bookings.exchange.confirm', { amount: money(priced.alternative.total_due) })}
        loading={confirm.isPending}
        onConfirm={() =>
          confirm.mutate({
            locator: booking.locator,
            data: { flights_change_request_id: request.id, offer_id: priced.alternative.offer_id },
          })
        }
        onClose={close}
      >
        <Text size="sm">{t('bookings.exchange.confirmText')}</Text>
        {priced.price_changed && (
          <Alert variant="light" color="orange" role="alert">
            {t('bookings.exchange.priceChanged')}
          </Alert>
        )}
        <Stack gap={4}>
          <AmountLine label={t('bookings.exchange.difference')} value={money(priced.alternative.price_difference)} />
          <AmountLine label={t('bookings.exchange.penalty')} value={money(priced.alternative.penalty)} />
          <AmountLine label={t('bookings.exchange.fee')} value={money(priced.alternative.fee)} />
          <AmountLine label={t('bookings.exchange.totalDue')} value={money(priced.alternative.total_due)} strong />
          {Number(priced.alternative.residual.amount) > 0 && (
            <AmountLine label={t('bookings.exchange.residual')} value={money(priced.alternative.residual)} />
          )}
          <AmountLine label={t('bookings.exchange.paidBy')} value={t(`bookings.formOfPayment.${priced.paid_by}`)} />
        </Stack>
        <Text size="sm">
          {t('bookings.exchange.validUntil')} <Countdown deadline={priced.alternative.expires_at} />
        </Text>
      </ConfirmModal>
    );
  if (request)
    return (
      <ConfirmModal
        opened={opened}
        title={title}
        confirmLabel={none ? t('bookings.exchange.otherDates') : t('bookings.exchange.price')}
        disabled={!none && chosen === null}
        loading={price.isPending}
        onConfirm={() =>
          none ? setRequest(null) : chosen && price.mutate({ locator: booking.locator, data: { offer_id: chosen } })
        }
        onClose={close}
      >
        {none ? (
          <Alert variant="light" color="gray" role="status">
            {t('bookings.exchange.none')}
          </Alert>
        ) : (
          <AlternativeChoice alternatives={request.alternatives} value={chosen} onChange={setChosen} />
        )}
      </ConfirmModal>
    );
  return (
    <ConfirmModal
      opened={opened}
      title={title}
      confirmLabel={t('bookings.exchange.find')}
      disabled={!ready}
      loading={ask.isPending}
      onConfirm={() => ask.mutate({ locator: booking.locator, data: { journeys } })}
      onClose={close}
    >
      <Text size="sm">{t('bookings.exchange.text')}</Text>
      <JourneyDateFields booking={booking} dates={dates} minDate={today()} onChange={setDates} />
    </ConfirmModal>
  );
}
