// Fare Watch on the booking page: a badge beside the status while a cheaper fare waits for a
// decision (it opens the Fare Watch page for this booking), and a section with the opt-out switch,
// when the booking was and will next be checked, and the check log (when, what was found, why a
// fare was refused; the reason is the API's own words).
import type { Booking, BookingFareWatch } from '@contrail/sdk';
import {
  getGetBookingFareWatchQueryKey,
  useGetBookingFareWatch,
  useListFareWatchOpportunities,
  useUpdateBookingFareWatch,
} from '@contrail/sdk/react';
import { Badge, SimpleGrid, Switch, Table, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Field } from '../../../components/field';
import { TableScroll } from '../../../components/table-scroll';
import { useFareWatchTexts } from '../../../hooks/use-fare-watch-texts';
import { formatDateTime, formatMoney, useLanguage } from '../../../lib/i18n';
import { linkProps } from '../../../lib/router';
import { useNotify } from '../../../notifications';
import { BookingSection } from './booking-section';

/** "Cheaper fare" beside the status while an opportunity of the booking is open. */
export function FareWatchBadge({ booking }: { booking: Booking }) {
  const { t } = useFareWatchTexts();
  const open = useListFareWatchOpportunities(
    { locator: booking.locator, status: 'open', per_page: 1 },
    { query: { enabled: booking.status === 'new' } },
  );
  if (!open.data?.meta.total) return null;
  return (
    <Badge
      size="lg"
      color="green"
      variant="light"
      component="a"
      {...linkProps(`/fare_watch?locator=${booking.locator}`)}
      aria-label={t('fareWatch.badgeLink', { locator: booking.locator })}
      style={{ cursor: 'pointer' }}
      data-testid="fare-watch-badge"
    >
      {t('fareWatch.badge')}
    </Badge>
  );
}

function CheckLog({ watch }: { watch: BookingFareWatch }) {
  const { t } = useFareWatchTexts();
  const [language] = useLanguage();
  if (watch.checks.length === 0)
    return (
      <Text size="sm" c="gray.8">
        {t('fareWatch.booking.noChecks')}
      </Text>
    );
  return (
    <TableScroll minWidth={560} label={t('fareWatch.booking.log', { locator: watch.locator })}>
      <Table fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('fareWatch.booking.when')}</Table.Th>
            <Table.Th scope="col">{t('fareWatch.booking.outcome')}</Table.Th>
            <Table.Th scope="col">{t('fareWatch.booking.found')}</Table.Th>
            <Table.Th scope="col">{t('fareWatch.booking.savingColumn')}</Table.Th>
            <Table.Th scope="col">{t('fareWatch.booking.why')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {watch.checks.map((c, i) => (
            <Table.Tr key={`${c.checked_at}-${i}`}>
              <Table.Td>{formatDateTime(c.checked_at, language)}</Table.Td>
              <Table.Td>{t(`fareWatch.booking.outcomes.${c.outcome}`)}</Table.Td>
              <Table.Td>{c.candidate_price ? formatMoney(c.candidate_price, language) : '—'}</Table.Td>
              <Table.Td>{c.saving ? formatMoney(c.saving, language) : '—'}</Table.Td>
              <Table.Td>{c.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

export function FareWatchSection({ booking }: { booking: Booking }) {
  const { t } = useFareWatchTexts();
  const [language] = useLanguage();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const watch = useGetBookingFareWatch(booking.locator);
  const update = useUpdateBookingFareWatch({
    mutation: {
      onSuccess: (saved) => {
        queryClient.setQueryData(getGetBookingFareWatchQueryKey(booking.locator), saved);
        notify({
          type: 'success',
          text: t(saved.opted_out ? 'fareWatch.booking.optedOut' : 'fareWatch.booking.optedIn'),
        });
      },
    },
  });
  const data = watch.data;
  // Only held bookings are watched; an ended one shows its log if it has one.
  if (!data || (booking.status !== 'new' && data.checks.length === 0)) return null;
  const when = (iso: string | null, none: string) => (iso ? formatDateTime(iso, language) : t(none));
  return (
    <BookingSection title={t('fareWatch.booking.title')}>
      {booking.status === 'new' && (
        <Switch
          label={t('fareWatch.booking.optOut')}
          checked={!data.opted_out}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ locator: booking.locator, data: { opted_out: !e.currentTarget.checked } })}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Field label={t('fareWatch.booking.lastChecked')}>
          {when(data.last_checked_at, 'fareWatch.booking.never')}
        </Field>
        <Field label={t('fareWatch.booking.nextCheck')}>
          {when(data.next_check_at, 'fareWatch.booking.notWatched')}
        </Field>
      </SimpleGrid>
      <CheckLog watch={data} />
    </BookingSection>
  );
}
