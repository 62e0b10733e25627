// One page of bookings: locator, passengers, route, travel days, status, price and time limit with
// its countdown. The locator opens the booking; a booking that failed to open says so.
import type { Booking } from '@contrail/sdk';
import { Badge, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatFlightDay, formatMoney, type Language } from '../../../lib/i18n';
import { passengerName, routeOf, travelDays } from '../booking-format';
import { StatusBadge } from './status-badge';
import { useRemaining } from './time-limit';
import { TableScroll } from '../../../components/table-scroll';

export function BookingsTable({
  bookings,
  language,
  openErrors,
  onOpen,
}: {
  bookings: Booking[];
  language: Language;
  /** Locators that failed to open (product spec §8: "marks the booking as an open error"). */
  openErrors: ReadonlySet<string>;
  onOpen: (locator: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={900} hasControls>
      <Table verticalSpacing="xs" fz="sm" striped="even" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bookings.columns.locator')}</Table.Th>
            <Table.Th>{t('bookings.columns.passengers')}</Table.Th>
            <Table.Th>{t('bookings.columns.route')}</Table.Th>
            <Table.Th>{t('bookings.columns.dates')}</Table.Th>
            <Table.Th>{t('bookings.columns.status')}</Table.Th>
            <Table.Th ta="right">{t('bookings.columns.price')}</Table.Th>
            <Table.Th>{t('bookings.columns.timeLimit')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bookings.map((booking) => (
            <Table.Tr key={booking.locator}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <UnstyledButton
                    onClick={() => onOpen(booking.locator)}
                    ff="monospace"
                    fz="sm"
                    fw={700}
                    c="indigo.8"
                    aria-label={t('bookings.list.open', { locator: booking.locator })}
                  >
                    {booking.locator}
                  </UnstyledButton>
                  {openErrors.has(booking.locator) && (
                    <Badge size="xs" color="red" variant="dot">
                      {t('bookings.list.openError')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {booking.passengers[0] ? passengerName(booking.passengers[0]) : '—'}
                  {booking.passengers.length > 1 && (
                    <Text span size="xs" c="gray.7">
                      {' '}
                      {t('bookings.list.morePassengers', { count: booking.passengers.length - 1 })}
                    </Text>
                  )}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text span fw={600} fz="sm">
                  {booking.carrier}
                </Text>{' '}
                {routeOf(booking.segments)}
              </Table.Td>
              <Table.Td>
                {travelDays(booking.segments)
                  .map((day) => formatFlightDay(day, language))
                  .join(' – ')}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={booking.status} />
              </Table.Td>
              <Table.Td ta="right">{formatMoney(booking.price, language)}</Table.Td>
              <Table.Td>
                <TimeLimitCell deadline={booking.time_limit} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function TimeLimitCell({ deadline }: { deadline: string | null }) {
  const { t } = useTranslation();
  const left = useRemaining(deadline);
  if (!deadline)
    return (
      <Text size="sm" c="gray.7">
        —
      </Text>
    );
  return (
    <Text size="sm" c={left === null ? 'red.8' : undefined}>
      {left === null ? t('bookings.countdown.passed') : t('bookings.countdown.left', { time: left })}
    </Text>
  );
}
