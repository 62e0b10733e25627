// Bags or other services the airline sells for the booking now: one row per service, one checkbox
// per passenger it may be bought for (infants take none), price per passenger.
import type { Booking, BookingServiceOption } from '@contrail/sdk';
import { Checkbox, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, useLanguage } from '../../../lib/i18n';
import { serviceKey, withEntry, type Cart } from '../ancillary-cart';
import { journeysOf, passengerName } from '../booking-format';
import { TableScroll } from '../../../components/table-scroll';

export function ServicePicker({
  booking,
  services,
  cart,
  onChange,
}: {
  booking: Booking;
  services: BookingServiceOption[];
  cart: Cart;
  onChange: (cart: Cart) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const names = new Map(booking.passengers.map((p) => [p.id, passengerName(p)]));
  const journeys = journeysOf(booking.segments).map((airports) => airports.join('–'));
  const flights = new Map(
    booking.segments.map((s) => [s.flight_id, `${s.flight_number} ${s.origin}–${s.destination}`]),
  );
  if (services.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('bookings.ancillaries.noServices')}
      </Text>
    );
  return (
    <TableScroll minWidth={520} hasControls>
      <Table fz="sm" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('bookings.ancillaries.service')}</Table.Th>
            <Table.Th>{t('bookings.ancillaries.appliesTo')}</Table.Th>
            <Table.Th ta="right">{t('bookings.ancillaries.pricePerPassenger')}</Table.Th>
            <Table.Th>{t('bookings.ancillaries.forPassengers')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {services.map((service) => (
            <Table.Tr key={service.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {service.name}
                </Text>
                {service.weight_kg !== null && (
                  <Text size="xs" c="gray.7">
                    {t('bookings.ancillaries.weight', { kg: service.weight_kg })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {service.flight_id
                  ? (flights.get(service.flight_id) ?? service.flight_id)
                  : (journeys[service.origin_destination] ?? '')}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(service.price, language)}</Table.Td>
              <Table.Td>
                <Group gap="sm">
                  {service.passenger_ids.map((passengerId) => {
                    const key = serviceKey(service.id, passengerId);
                    const name = names.get(passengerId) ?? passengerId;
                    return (
                      <Checkbox
                        key={passengerId}
                        size="xs"
                        label={name}
                        aria-label={t('bookings.ancillaries.choose', { service: service.name, passenger: name })}
                        checked={cart.has(key)}
                        onChange={(e) =>
                          onChange(
                            withEntry(
                              cart,
                              key,
                              e.currentTarget.checked
                                ? {
                                    item: { service_id: service.id, passenger_id: passengerId },
                                    label: `${service.name} · ${name}`,
                                    price: service.price,
                                  }
                                : null,
                            ),
                          )
                        }
                      />
                    );
                  })}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
