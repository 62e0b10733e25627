// A fare's details in a drawer: re-priced with the airline now (GET /offers/{fare_id}/details), so
// a changed price is said first and plainly; then flights, baggage, penalties and fare rules, and
// the ancillaries the airline sells with it (bags, seats with a seat map, other services), each
// fetched when its tab is opened.
import type { Fare } from '@contrail/sdk';
import { useGetOfferDetails } from '@contrail/sdk/react';
import { Center, Drawer, Loader, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AncillaryServices } from './ancillary-services';
import { FareDetails } from './fare-details';
import { SeatMaps } from './seat-maps';

type Tab = 'details' | 'bags' | 'seats' | 'other';
const tabs: Tab[] = ['details', 'bags', 'seats', 'other'];

export function OfferDetailsDrawer({
  fare,
  searchResultId,
  onClose,
}: {
  fare: Fare | null;
  searchResultId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={fare !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={fare ? `${fare.fare_family.name}` : ''}
      closeButtonProps={{ 'aria-label': t('search.details.close') }}
    >
      {fare && <DrawerBody key={fare.fare_id} fareId={fare.fare_id} searchResultId={searchResultId} />}
    </Drawer>
  );
}

function DrawerBody({ fareId, searchResultId }: { fareId: string; searchResultId: string }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('details');
  const details = useGetOfferDetails(fareId, { search_result_id: searchResultId });
  // Ancillaries name flights by id; the priced offer knows their numbers.
  const flightNumbers = new Map(
    (details.data?.offer.origin_destinations ?? []).flatMap((journey) =>
      journey.flights.map(
        (flight) => [flight.id, `${flight.flight_number} ${flight.origin.code}–${flight.destination.code}`] as const,
      ),
    ),
  );
  return (
    <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'details')} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((name) => (
          <Tabs.Tab key={name} value={name}>
            {t(`search.details.tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="details">
        {details.data ? (
          <FareDetails details={details.data} />
        ) : details.isError ? (
          <Text c="gray.7">{t('search.details.unavailable')}</Text>
        ) : (
          <Center py="xl">
            <Loader aria-label={t('search.details.pricing')} />
          </Center>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="bags">
        <AncillaryServices fareId={fareId} type="bags" flightNumbers={flightNumbers} />
      </Tabs.Panel>
      <Tabs.Panel value="seats">
        <SeatMaps fareId={fareId} flightNumbers={flightNumbers} />
      </Tabs.Panel>
      <Tabs.Panel value="other">
        <AncillaryServices fareId={fareId} type="other" flightNumbers={flightNumbers} />
      </Tabs.Panel>
    </Tabs>
  );
}
