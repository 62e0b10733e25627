// The airline's pending schedule change of the booking (GET /schedule_changes?locator=): what the
// airline says and why, the flights as booked beside the flights as changed, until when it waits
// and what happens if nobody decides, and the decisions still open: accept, cancel (a ticketed
// booking is refunded without the airline's penalty) or change to other flights.
import type { Booking, BookingSegment, ScheduleChange } from '@contrail/sdk';
import {
  getGetBookingQueryKey,
  getListBookingHistoryQueryKey,
  getListScheduleChangesQueryKey,
  useAcceptScheduleChange,
  useCancelScheduleChange,
  useChangeScheduleChange,
  useListScheduleChanges,
} from '@contrail/sdk/react';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatFlightSpan, useLanguage } from '../../../lib/i18n';
import { useNotify } from '../../../notifications';
import { useActionFailed, useLeaveBooking } from '../use-booking-outcomes';
import { Countdown } from './time-limit';

function Flights({ title, segments }: { title: string; segments: readonly BookingSegment[] }) {
  const [language] = useLanguage();
  return (
    <Stack gap={2} aria-label={title} role="group">
      <Text size="xs" fw={600} c="gray.8" tt="uppercase">
        {title}
      </Text>
      {segments.map((s) => (
        <Text key={`${s.flight_id}-${s.departure_at}`} size="sm">
          <Text span fw={600}>
            {s.flight_number}
          </Text>{' '}
          {`${s.origin} → ${s.destination}, ${formatFlightSpan(s.departure_at, s.arrival_at, language)}`}
        </Text>
      ))}
    </Stack>
  );
}

function PendingChange({ booking, change }: { booking: Booking; change: ScheduleChange }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const failed = useActionFailed(booking.locator);
  const leave = useLeaveBooking();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: getListScheduleChangesQueryKey() });
    void queryClient.invalidateQueries({ queryKey: getGetBookingQueryKey(booking.locator) });
    void queryClient.invalidateQueries({ queryKey: getListBookingHistoryQueryKey(booking.locator) });
  };
  const options = (done: (decided: ScheduleChange) => void) => ({
    mutation: {
      meta: { silentErrors: true },
      onSuccess: done,
      onError: (error: unknown) => {
        failed(error);
        refresh();
      },
    },
  });
  const accept = useAcceptScheduleChange(
    options(() => {
      notify({ type: 'success', text: t('scheduleChanges.accepted', { locator: booking.locator }) });
      refresh();
    }),
  );
  const cancel = useCancelScheduleChange(
    options(() => {
      notify({ type: 'success', text: t('scheduleChanges.cancelled', { locator: booking.locator }) });
      leave(booking.locator);
    }),
  );
  const change_ = useChangeScheduleChange(
    options(() => {
      notify({ type: 'success', text: t('scheduleChanges.changeOpened', { locator: booking.locator }) });
      refresh();
    }),
  );
  const busy = accept.isPending || cancel.isPending || change_.isPending;
  const can = (action: 'accept' | 'cancel' | 'change') => change.available_actions.includes(action);
  const vars = { id: change.id, data: {} };
  return (
    <Alert
      color="orange"
      variant="light"
      role="none"
      title={t('scheduleChanges.heading', { type: t(`scheduleChanges.type.${change.type}`) })}
    >
      <Stack gap="sm">
        <Text size="sm">{change.reason}</Text>
        {change.type === 'time_limit_change' ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Text size="sm">
              {t('scheduleChanges.previousTimeLimit')}:{' '}
              {change.previous_time_limit ? formatDateTime(change.previous_time_limit, language) : '—'}
            </Text>
            <Text size="sm" fw={600}>
              {t('scheduleChanges.newTimeLimit')}:{' '}
              {change.new_time_limit ? formatDateTime(change.new_time_limit, language) : '—'}
            </Text>
          </SimpleGrid>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Flights title={t('scheduleChanges.asBooked')} segments={change.removed_segments} />
            <Flights title={t('scheduleChanges.now')} segments={change.added_segments} />
          </SimpleGrid>
        )}
        <Text size="sm">
          {t('scheduleChanges.decideBy')} <Countdown deadline={change.action_deadline} />
        </Text>
        <Text size="sm" fw={600}>
          {t(`scheduleChanges.consequence.${change.consequence_of_inaction}`)}
        </Text>
        {change.available_actions.length > 0 && (
          <Group gap="sm" role="group" aria-label={t('scheduleChanges.decisions')}>
            {can('accept') && (
              <Button loading={accept.isPending} disabled={busy} onClick={() => accept.mutate(vars)}>
                {t('scheduleChanges.accept')}
              </Button>
            )}
            {can('cancel') && (
              <Button
                color="red"
                variant="light"
                loading={cancel.isPending}
                disabled={busy}
                onClick={() => cancel.mutate(vars)}
              >
                {t(booking.status === 'issued' ? 'scheduleChanges.cancelRefund' : 'scheduleChanges.cancelHold')}
              </Button>
            )}
            {can('change') && (
              <Button
                variant="default"
                loading={change_.isPending}
                disabled={busy}
                onClick={() => change_.mutate(vars)}
              >
                {t('scheduleChanges.change')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

/** The booking's pending schedule changes; `watch` polls while a disruption's notice is on its way. */
export function ScheduleChangePanel({ booking, watch = false }: { booking: Booking; watch?: boolean }) {
  const { t } = useTranslation();
  const changes = useListScheduleChanges(
    { locator: booking.locator, status: 'pending' },
    { query: { refetchInterval: watch ? 1500 : false } },
  );
  const pending = changes.data?.data ?? [];
  if (pending.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t('scheduleChanges.title')}>
      {pending.map((change) => (
        <PendingChange key={change.id} booking={booking} change={change} />
      ))}
    </Stack>
  );
}
