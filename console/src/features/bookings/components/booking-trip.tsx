// The booking's people and flights: passengers, contacts, flights with booking classes, and the
// documents issued so far (tickets and EMDs) with whom each belongs to.
import type { Booking } from '@contrail/sdk';
import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '../../../components/table-scroll';
import { formatDate, formatFlightMoment, formatMoney, useLanguage } from '../../../lib/i18n';
import { passengerName } from '../booking-format';

export function PassengersTable({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <TableScroll minWidth={420} label={t('bookings.view.passengers')}>
      <Table fz="sm" verticalSpacing={4} aria-label={t('bookings.view.passengers')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bookings.view.name')}</Table.Th>
            <Table.Th>{t('bookings.view.type')}</Table.Th>
            <Table.Th>{t('bookings.view.birthdate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {booking.passengers.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td ff="monospace">{passengerName(p)}</Table.Td>
              <Table.Td>{t(`bookings.passengerType.${p.type}`)}</Table.Td>
              <Table.Td>{formatDate(p.birthdate, language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

export function FlightsTable({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <TableScroll minWidth={520} label={t('bookings.view.flights')}>
      <Table fz="sm" verticalSpacing={4} aria-label={t('bookings.view.flights')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bookings.view.flight')}</Table.Th>
            <Table.Th>{t('bookings.view.fromTo')}</Table.Th>
            <Table.Th>{t('bookings.view.departure')}</Table.Th>
            <Table.Th>{t('bookings.view.arrival')}</Table.Th>
            <Table.Th>{t('bookings.view.class')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {booking.segments.map((s) => (
            <Table.Tr key={`${s.flight_id}-${s.departure_at}`}>
              <Table.Td fw={600}>{s.flight_number}</Table.Td>
              <Table.Td>{`${s.origin} → ${s.destination}`}</Table.Td>
              <Table.Td>{formatFlightMoment(s.departure_at, language)}</Table.Td>
              <Table.Td>{formatFlightMoment(s.arrival_at, language)}</Table.Td>
              <Table.Td>{s.booking_class}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

const documentColors = { issued: 'green', voided: 'gray', refunded: 'orange', exchanged: 'teal' } as const;

export function DocumentsTable({ booking }: { booking: Booking }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const names = new Map(booking.passengers.map((p) => [p.id, passengerName(p)]));
  if (booking.documents.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('bookings.view.noDocuments')}
      </Text>
    );
  return (
    <TableScroll minWidth={560} label={t('bookings.view.documents')}>
      <Table fz="sm" verticalSpacing={4} aria-label={t('bookings.view.documents')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bookings.view.number')}</Table.Th>
            <Table.Th>{t('bookings.view.documentType')}</Table.Th>
            <Table.Th>{t('bookings.view.name')}</Table.Th>
            <Table.Th>{t('bookings.view.documentStatus')}</Table.Th>
            <Table.Th ta="right">{t('bookings.view.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {booking.documents.map((d) => (
            <Table.Tr key={d.number}>
              <Table.Td ff="monospace">{d.number}</Table.Td>
              <Table.Td>{t(`bookings.documentType.${d.type}`)}</Table.Td>
              <Table.Td ff="monospace">{names.get(d.passenger_id) ?? d.passenger_id}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="dot" color={documentColors[d.status]}>
                  {t(`bookings.documentStatus.${d.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{formatMoney(d.amount, language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
