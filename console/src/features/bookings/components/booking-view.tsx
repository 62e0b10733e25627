// One booking, as the airline has it now: status, price, the time limit with its countdown and the
// deadline for ending it free (cancel, or void once issued), the booking's error text shown as an
// error (product spec §8), EMDs still being issued, the actions its status allows, then
// passengers, contacts, flights, services and seats, documents and history with its comments.
import type { Booking } from '@contrail/sdk';
import { Alert, Anchor, Badge, Divider, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field';
import { useCurrentAccount } from '../../../hooks/use-current-account';
import { linkProps } from '../../../lib/router';
import { formatDateTime, formatMoney, useLanguage } from '../../../lib/i18n';
import { BookingActions } from './booking-actions';
import { BookingAncillaries } from './booking-ancillaries';
import { BookingHistory } from './booking-history';
import { DisruptPanel } from './disrupt-panel';
import { FareWatchBadge, FareWatchSection } from './fare-watch-panel';
// support cases: the booking's cases and a way to open one
import { BookingSupportSection } from './support-section';
import { ScheduleChangePanel } from './schedule-change-panel';
import { isOpen } from '../booking-format';
import { BookingSection as Section } from './booking-section';
import { CommentForm } from './comment-form';
import { DocumentsTable, FlightsTable, PassengersTable } from './booking-trip';
import { StatusBadge } from './status-badge';
import { Countdown } from './time-limit';

export function BookingView({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const userType = useCurrentAccount().data?.user_type;
  // Staff read the airline's side of a booking in the airline message log.
  const staff = userType === 'Admin' || userType === 'Support';
  // After "Disrupt this order" the airline's notice is on its way: the pending change is polled for.
  const [watching, setWatching] = useState(false);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <StatusBadge status={booking.status} size="lg" />
            {booking.fake_booking && (
              <Badge size="lg" variant="outline" color="gray">
                {t('bookings.view.testBooking')}
              </Badge>
            )}
            <FareWatchBadge booking={booking} />
          </Group>
          <Text size="sm" c="gray.8">
            {t('bookings.view.airlineRecord', { carrier: booking.carrier, locator: booking.airline_locator })}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="gray.7">
            {t('bookings.view.price')}
          </Text>
          <Text fw={700} size="xl" data-testid="booking-price">
            {formatMoney(booking.price, language)}
          </Text>
        </Stack>
      </Group>

      {booking.error && (
        <Alert color="red" variant="light" role="alert" title={t('bookings.view.errorTitle')}>
          {booking.error}
        </Alert>
      )}
      {booking.async_emd_issue && (
        <Alert color="blue" variant="light" role="status" icon={<Loader size="xs" />}>
          {t('bookings.view.emdProgress')}
        </Alert>
      )}

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {booking.time_limit && (
          <Field label={t('bookings.view.timeLimit')}>
            <Countdown deadline={booking.time_limit} />
          </Field>
        )}
        {/* While held the two deadlines are one: said once. */}
        {booking.cancel_before && booking.cancel_before !== booking.time_limit && (
          <Field label={t(booking.status === 'issued' ? 'bookings.view.voidBefore' : 'bookings.view.cancelBefore')}>
            <Countdown deadline={booking.cancel_before} />
          </Field>
        )}
        <Field label={t('bookings.view.bookedAt')}>{formatDateTime(booking.created_at, language)}</Field>
        {booking.issued_at && (
          <Field label={t('bookings.view.issuedAt')}>{formatDateTime(booking.issued_at, language)}</Field>
        )}
        {booking.form_of_payment && (
          <Field label={t('bookings.view.formOfPayment')}>
            {t(`bookings.formOfPayment.${booking.form_of_payment}`)}
          </Field>
        )}
        <Field label={t('bookings.view.airlineStatus')}>
          {t(`bookings.providerStatus.${booking.provider_status}`)}
        </Field>
        {booking.corporate_number && (
          <Field label={t('bookings.view.corporateNumber')}>{booking.corporate_number}</Field>
        )}
      </SimpleGrid>

      <ScheduleChangePanel booking={booking} watch={watching} />
      <BookingActions booking={booking} />
      {booking.fake_booking && isOpen(booking) && (
        <DisruptPanel booking={booking} onDisrupted={() => setWatching(true)} />
      )}
      <Divider />

      <Section title={t('bookings.view.passengers')}>
        <PassengersTable booking={booking} />
      </Section>
      <Section title={t('bookings.view.contacts')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('bookings.view.email')}>{booking.contacts.email}</Field>
          <Field label={t('bookings.view.phone')}>{booking.contacts.phone}</Field>
        </SimpleGrid>
      </Section>
      <Section title={t('bookings.view.flights')}>
        <FlightsTable booking={booking} />
      </Section>
      <Section title={t('bookings.view.ancillaries')}>
        <BookingAncillaries booking={booking} />
      </Section>
      <Section title={t('bookings.view.documents')}>
        <DocumentsTable booking={booking} />
      </Section>
      <FareWatchSection booking={booking} />
      <BookingSupportSection booking={booking} />
      <Section title={t('bookings.view.history')}>
        {staff && (
          <Anchor {...linkProps(`/admin/airline_messages?booking_id=${encodeURIComponent(booking.locator)}`)}>
            {t('bookings.view.airlineMessages')}
          </Anchor>
        )}
        <BookingHistory locator={booking.locator} />
        <CommentForm locator={booking.locator} />
      </Section>
    </Stack>
  );
}
