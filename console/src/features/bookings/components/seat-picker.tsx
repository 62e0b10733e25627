// Seats for the booking's flights, chosen on the seat map the fare's details show: for each flight,
// the agent picks whom to seat (when there are several), then a free seat on the map; the seat is
// priced as the map says (or free), and picking it again gives it back. Infants sit on a lap and get none.
import type { Booking, SeatMap } from '@contrail/sdk';
import { Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeatMapGrid } from '../../../components/seat-map-grid';
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
    <Stack gap="xl">
      {seatMaps.map((map) => (
        <FlightSeats
          key={map.flight_id}
          booking={booking}
          map={map}
          flight={flights.get(map.flight_id) ?? map.flight_id}
          cart={cart}
          onChange={onChange}
        />
      ))}
    </Stack>
  );
}

function FlightSeats({
  booking,
  map,
  flight,
  cart,
  onChange,
}: {
  booking: Booking;
  map: SeatMap;
  flight: string;
  cart: Cart;
  onChange: (cart: Cart) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const seated = booking.passengers.filter((p) => p.type !== 'INF');
  const [placing, setPlacing] = useState(seated[0]?.id ?? '');
  const seatOf = (passengerId: string) => {
    const item = cart.get(seatKey(map.flight_id, passengerId))?.item;
    return item && 'seat' in item ? `${item.seat.row}${item.seat.column}` : null;
  };
  const taken = new Map(
    seated.flatMap((p) => {
      const seat = seatOf(p.id);
      return seat ? [[seat, passengerName(p)] as const] : [];
    }),
  );
  const passenger = seated.find((p) => p.id === placing);
  const current = passenger ? seatOf(passenger.id) : null;
  return (
    <Stack gap="sm">
      <Title order={4} size="h6">
        {flight}
      </Title>
      {seated.length > 1 && (
        <Radio.Group label={t('bookings.ancillaries.placing', { flight })} value={placing} onChange={setPlacing}>
          <Group gap="md" mt={4}>
            {seated.map((p) => (
              <Radio key={p.id} value={p.id} label={passengerName(p)} />
            ))}
          </Group>
        </Radio.Group>
      )}
      {passenger && (
        <SeatMapGrid
          map={map}
          pick={{
            taken,
            current,
            onPick: (seat) => {
              const id = `${seat.row}${seat.column}`;
              const name = passengerName(passenger);
              onChange(
                withEntry(
                  cart,
                  seatKey(map.flight_id, passenger.id),
                  id === current
                    ? null
                    : {
                        item: {
                          seat: { segment_id: map.flight_id, row: seat.row, column: seat.column },
                          passenger_id: passenger.id,
                        },
                        label: `${t('bookings.ancillaries.seat', { seat: id })} · ${flight} · ${name}`,
                        price: seat.price ?? null,
                      },
                ),
              );
            },
          }}
        />
      )}
      <Stack gap={2} role="status" aria-label={t('bookings.ancillaries.seatsChosen', { flight })}>
        {seated.map((p) => {
          const seat = seatOf(p.id);
          const price = seat ? cart.get(seatKey(map.flight_id, p.id))?.price : null;
          return (
            <Text key={p.id} size="sm">
              {`${passengerName(p)}: ${
                seat
                  ? `${t('bookings.ancillaries.seat', { seat })} · ${price ? formatMoney(price, language) : t('bookings.ancillaries.freeSeat')}`
                  : t('bookings.ancillaries.noSeat')
              }`}
            </Text>
          );
        })}
      </Stack>
    </Stack>
  );
}
