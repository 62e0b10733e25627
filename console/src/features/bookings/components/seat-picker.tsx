// Seats for the booking's flights: for each flight, a choice per passenger among the seats the
// airline still has, each with its price (or free). Infants sit on a lap and get none.
import type { Booking, SeatMap } from '@contrail/sdk';
import { Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, useLanguage } from '../../../lib/i18n';
import { seatKey, withEntry, type Cart } from '../ancillary-cart';
import { passengerName } from '../booking-format';

export function SeatPicker({
  booking,
  seatMaps,
  cart,
  onChange,
}: {
  booking: Booking;
  seatMaps: SeatMap[];
  cart: Cart;
  onChange: (cart: Cart) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const seated = booking.passengers.filter((p) => p.type !== 'INF');
  const flights = new Map(
    booking.segments.map((s) => [s.flight_id, `${s.flight_number} ${s.origin}–${s.destination}`]),
  );
  if (seatMaps.length === 0)
    return (
      <Text size="sm" c="gray.7">
        {t('bookings.ancillaries.noSeats')}
      </Text>
    );
  return (
    <Stack gap="md">
      {seatMaps.map((map) => {
        const seats = map.rows.flatMap((row) =>
          row.seats
            .filter((seat) => seat.available)
            .map((seat) => ({
              value: `${row.number}${seat.column}`,
              row: row.number,
              column: seat.column,
              price: seat.price,
              label: `${row.number}${seat.column} · ${seat.price ? formatMoney(seat.price, language) : t('bookings.ancillaries.freeSeat')}`,
            })),
        );
        const flight = flights.get(map.flight_id) ?? map.flight_id;
        return (
          <Stack key={map.flight_id} gap="xs">
            <Title order={4} size="h6">
              {flight}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {seated.map((passenger) => {
                const key = seatKey(map.flight_id, passenger.id);
                const chosen = cart.get(key);
                const name = passengerName(passenger);
                // A seat another passenger took on this flight is not offered again.
                const takenByOthers = new Set(
                  seated
                    .filter((other) => other.id !== passenger.id)
                    .map((other) => cart.get(seatKey(map.flight_id, other.id))?.item)
                    .flatMap((item) => (item && 'seat' in item ? [`${item.seat.row}${item.seat.column}`] : [])),
                );
                return (
                  <Select
                    key={passenger.id}
                    label={t('bookings.ancillaries.seatFor', { passenger: name, flight })}
                    placeholder={t('bookings.ancillaries.noSeat')}
                    searchable
                    clearable
                    data={seats
                      .filter((seat) => !takenByOthers.has(seat.value))
                      .map(({ value, label }) => ({ value, label }))}
                    value={chosen && 'seat' in chosen.item ? `${chosen.item.seat.row}${chosen.item.seat.column}` : null}
                    onChange={(value) => {
                      const seat = seats.find((s) => s.value === value);
                      onChange(
                        withEntry(
                          cart,
                          key,
                          seat
                            ? {
                                item: {
                                  seat: { segment_id: map.flight_id, row: seat.row, column: seat.column },
                                  passenger_id: passenger.id,
                                },
                                label: `${t('bookings.ancillaries.seat', { seat: seat.value })} · ${flight} · ${name}`,
                                price: seat.price,
                              }
                            : null,
                        ),
                      );
                    }}
                  />
                );
              })}
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}
