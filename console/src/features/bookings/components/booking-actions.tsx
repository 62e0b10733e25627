// What can be done with the booking in its status, each action confirming first in its own modal:
// a held booking is issued, its price checked (and a new one taken), services and seats added, or
// it is cancelled; an issued one has its price checked, services added (as EMDs), its flights
// changed or its tickets refunded, and voided inside the void window. Either has its contacts (and,
// while held, its passengers' titles and dates of birth) corrected.
import type { Booking } from '@contrail/sdk';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../hooks/use-now';
import { isOpen } from '../booking-format';
import { AncillariesModal } from './ancillaries-modal';
import { EndBookingModal } from './end-booking-modal';
import { ExchangeModal } from './exchange-modal';
import { IssueModal } from './issue-modal';
import { ModifyModal } from './modify-modal';
import { RefundModal } from './refund-modal';
import { RepriceModal } from './reprice-modal';

type Action = 'issue' | 'end' | 'reprice' | 'ancillaries' | 'refund' | 'exchange' | 'modify';

export function BookingActions({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const now = useNow(10_000, booking.cancel_before === null ? null : Date.parse(booking.cancel_before));
  const [open, setOpen] = useState<Action | null>(null);
  const close = () => setOpen(null);
  const voidable =
    booking.status === 'issued' &&
    booking.tickets_present &&
    booking.cancel_before !== null &&
    new Date(booking.cancel_before).getTime() > now;

  if (booking.status === 'issuing')
    return (
      <Text size="sm" c="gray.8">
        {t('bookings.actions.issuing')}
      </Text>
    );
  if (!isOpen(booking))
    return (
      <Text size="sm" c="gray.8">
        {t('bookings.actions.ended')}
      </Text>
    );
  return (
    <>
      <Group gap="sm" role="group" aria-label={t('bookings.actions.label')}>
        {booking.status === 'new' && <Button onClick={() => setOpen('issue')}>{t('bookings.actions.issue')}</Button>}
        <Button variant="default" onClick={() => setOpen('reprice')}>
          {t('bookings.actions.reprice')}
        </Button>
        <Button variant="default" onClick={() => setOpen('ancillaries')}>
          {t('bookings.actions.ancillaries')}
        </Button>
        <Button variant="default" onClick={() => setOpen('modify')}>
          {t('bookings.actions.modify')}
        </Button>
        {booking.status === 'issued' && (
          <Button variant="default" onClick={() => setOpen('exchange')}>
            {t('bookings.actions.exchange')}
          </Button>
        )}
        {booking.status === 'issued' && (
          <Button variant="light" color="red" onClick={() => setOpen('refund')}>
            {t('bookings.actions.refund')}
          </Button>
        )}
        {booking.status === 'new' && (
          <Button variant="light" color="red" onClick={() => setOpen('end')}>
            {t('bookings.actions.cancel')}
          </Button>
        )}
        {voidable && (
          <Button variant="light" color="red" onClick={() => setOpen('end')}>
            {t('bookings.actions.void')}
          </Button>
        )}
      </Group>
      <IssueModal booking={booking} opened={open === 'issue'} onClose={close} />
      <RepriceModal booking={booking} opened={open === 'reprice'} onClose={close} />
      <AncillariesModal booking={booking} opened={open === 'ancillaries'} onClose={close} />
      <ExchangeModal booking={booking} opened={open === 'exchange'} onClose={close} />
      <RefundModal booking={booking} opened={open === 'refund'} onClose={close} />
      <EndBookingModal booking={booking} opened={open === 'end'} onClose={close} />
      {open === 'modify' && <ModifyModal booking={booking} opened onClose={close} />}
    </>
  );
}
