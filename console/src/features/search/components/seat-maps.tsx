// The seats tab: one seat map per flight (GET /offers/{fare_id}/ancillaries?type=seats), a flight
// picked at a time.
import { useListOfferAncillaries } from '@contrail/sdk/react';
import { Center, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeatMapGrid } from './seat-map-grid';

export function SeatMaps({ fareId }: { fareId: string }) {
  const { t } = useTranslation();
  const list = useListOfferAncillaries(fareId, { type: 'seats' });
  const [flight, setFlight] = useState(0);
  if (list.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  }
  const maps = list.data?.seat_maps ?? [];
  const map = maps[Math.min(flight, maps.length - 1)];
  if (!map) return <Text c="gray.7">{t('search.ancillaries.none.seats')}</Text>;
  return (
    <Stack gap="md">
      {maps.length > 1 && (
        <SegmentedControl
          aria-label={t('search.seats.flight')}
          value={String(flight)}
          onChange={(value) => setFlight(Number(value))}
          data={maps.map((_, index) => ({
            value: String(index),
            label: t('search.seats.flightNumber', { number: index + 1 }),
          }))}
        />
      )}
      <SeatMapGrid map={map} />
    </Stack>
  );
}
