// One origin-destination of an offer: departure and arrival at local time (with "+1" when it lands
// another day), the journey's length, its stops, and each flight — a codeshare says who operates it.
import type { OriginDestination } from '@contrail/sdk';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { flightTime, formatFlightDay, useLanguage } from '../../../lib/i18n';
import { dayShift, formatDuration } from '../flight-format';
import { FlightLine } from './flight-line';

export function JourneyLine({ journey, showFlights }: { journey: OriginDestination; showFlights: boolean }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const shift = dayShift(journey.departure_at, journey.arrival_at);
  const via = journey.flights.slice(0, -1).map((flight) => flight.destination.code);
  return (
    <Stack gap={4}>
      <Group gap="md" wrap="wrap" align="baseline">
        <Text fw={700} size="lg" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {flightTime(journey.departure_at)} – {flightTime(journey.arrival_at)}
          {shift !== 0 && (
            <Text span size="xs" c="orange.9" ml={4} fw={600} title={t('search.offer.arrivesLater', { count: shift })}>
              {shift > 0 ? `+${shift}` : shift}
            </Text>
          )}
        </Text>
        <Text size="sm">
          {journey.origin} → {journey.destination}
          <Text span c="gray.7" ml="xs">
            {formatFlightDay(journey.departure_at, language)}
          </Text>
        </Text>
        <Text size="sm" c="gray.7">
          {formatDuration(journey.duration_minutes, { hours: t('search.units.h'), minutes: t('search.units.m') })}
        </Text>
        <Badge variant="light" color={journey.stops === 0 ? 'teal' : 'gray'} tt="none">
          {journey.stops === 0
            ? t('search.offer.direct')
            : t('search.offer.stops', { count: journey.stops, via: via.join(', ') })}
        </Badge>
      </Group>
      {showFlights && (
        <Stack gap={2} pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}>
          {journey.flights.map((flight) => (
            <FlightLine key={flight.id} flight={flight} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
