// The seats tab: one seat map per flight (GET /offers/{fare_id}/ancillaries?type=seats), a flight
// picked at a time.
import { useListOfferAncillaries } from '@contrail/sdk/react';
import { Center, Loader, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeatMapGrid } from '../../../components/seat-map-grid';

export function SeatMaps({ fareId, flightNumbers }: { fareId: string; flightNumbers: ReadonlyMap<string, string> }) {
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
        // A select, not a segmented control: four flight labels do not fit a phone's width.
        <Select
          label={t('search.seats.flight')}
          allowDeselect={false}
          value={String(flight)}
          onChange={(value) => setFlight(Number(value ?? 0))}
          data={maps.map((seatMap, index) => ({
            value: String(index),
            label: flightNumbers.get(seatMap.flight_id) ?? t('search.seats.flightNumber', { number: index + 1 }),
          }))}
        />
      )}
      <SeatMapGrid map={map} />
    </Stack>
  );
}
