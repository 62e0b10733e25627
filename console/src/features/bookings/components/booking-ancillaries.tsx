// The services and seats on the booking, each with its passenger, price, status and EMD number.
import type { Booking } from '@contrail/sdk';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, useLanguage } from '../../../lib/i18n';
import { passengerName } from '../booking-format';
import { TableScroll } from '../../../components/table-scroll';

const statusColors = {
  priced: 'blue',
  pending: 'yellow',
  issued: 'green',
  failed: 'red',
  voided: 'gray',
  refunded: 'grape',
} as const;

export function BookingAncillaries({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const names = new Map(booking.passengers.map((p) => [p.id, passengerName(p)]));
  const flights = new Map(booking.segments.map((s) => [s.flight_id, s.flight_number]));
  if (booking.ancillaries.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('bookings.ancillaries.none')}
      </Text>
    );
  return (
    <TableScroll minWidth={560} label={t('bookings.view.ancillaries')}>
      <Table fz="sm" verticalSpacing={4} aria-label={t('bookings.view.ancillaries')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bookings.ancillaries.service')}</Table.Th>
            <Table.Th>{t('bookings.view.name')}</Table.Th>
            <Table.Th>{t('bookings.view.flight')}</Table.Th>
            <Table.Th>{t('bookings.view.documentStatus')}</Table.Th>
            <Table.Th>{t('bookings.ancillaries.emd')}</Table.Th>
            <Table.Th ta="right">{t('bookings.view.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {booking.ancillaries.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{a.name}</Table.Td>
              <Table.Td ff="monospace">{names.get(a.passenger_id) ?? a.passenger_id}</Table.Td>
              <Table.Td>{a.flight_id ? (flights.get(a.flight_id) ?? a.flight_id) : '—'}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="dot" color={statusColors[a.status]}>
                  {t(`bookings.ancillaries.status.${a.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td ff="monospace">{a.emd_number ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatMoney(a.price, language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
