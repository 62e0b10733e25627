// One flight: number, airports and local times, aircraft; "operated by" when another airline flies it.
import type { Flight } from '@contrail/sdk';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { flightTime } from '../../../lib/i18n';
import { formatDuration } from '../flight-format';

export function FlightLine({ flight }: { flight: Flight }) {
  const { t } = useTranslation();
  const codeshare =
    flight.operating_carrier.code !== flight.marketing_carrier.code ||
    flight.operating_flight_number !== flight.flight_number;
  return (
    <Text size="sm" c="gray.8">
      <Text span fw={600}>
        {flight.flight_number}
      </Text>{' '}
      {flight.origin.code} {flightTime(flight.departure_at)} → {flight.destination.code} {flightTime(flight.arrival_at)}
      <Text span c="gray.7">
        {' · '}
        {formatDuration(flight.duration_minutes, { hours: t('search.units.h'), minutes: t('search.units.m') })}
        {' · '}
        {flight.aircraft}
      </Text>
      {codeshare && (
        <Text span c="gray.7" fs="italic">
          {' · '}
          {t('search.offer.operatedBy', {
            carrier: flight.operating_carrier.name,
            flight: flight.operating_flight_number,
          })}
        </Text>
      )}
    </Text>
  );
}
