// A fare's details in a drawer: re-priced with the airline now (GET /offers/{fare_id}/details), so
// a changed price is said first and plainly; then flights, baggage, penalties and fare rules, and
// the ancillaries the airline sells with it (bags, seats with a seat map, other services), each
// fetched when its tab is opened. Once priced, the fare can be booked from here (the booking form
// takes the drawer's place; "Back" returns to the details).
import type { Fare, OfferSearchRequest } from '@contrail/sdk';
import { useGetOfferDetails } from '@contrail/sdk/react';
import { Button, Center, Drawer, Group, Loader, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AncillaryServices } from './ancillary-services';
import { BookingForm } from './booking-form';
import { FareDetails } from './fare-details';
import { SeatMaps } from './seat-maps';

type Tab = 'details' | 'bags' | 'seats' | 'other';
const tabs: Tab[] = ['details', 'bags', 'seats', 'other'];

export function OfferDetailsDrawer({
  fare,
  searchResultId,
  request,
  onClose,
}: {
  fare: Fare | null;
  searchResultId: string;
  /** The search, for its passengers: one booking form each. */
  request: OfferSearchRequest;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)');
  const [booking, setBooking] = useState<string | null>(null);
  const bookingThis = fare !== null && booking === fare.fare_id;
  return (
    <Drawer
      opened={fare !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={
        fare ? (bookingThis ? t('search.book.title', { family: fare.fare_family.name }) : fare.fare_family.name) : ''
      }
      closeButtonProps={{ 'aria-label': t('search.details.close') }}
    >
      {fare && (
        <DrawerBody
          key={fare.fare_id}
          fareId={fare.fare_id}
          searchResultId={searchResultId}
          request={request}
          booking={bookingThis}
          onBooking={(on) => setBooking(on ? fare.fare_id : null)}
        />
      )}
    </Drawer>
  );
}

function DrawerBody({
  fareId,
  searchResultId,
  request,
  booking,
  onBooking,
}: {
  fareId: string;
  searchResultId: string;
  request: OfferSearchRequest;
  booking: boolean;
  onBooking: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('details');
  const details = useGetOfferDetails(fareId, { search_result_id: searchResultId });
  if (booking && details.data)
    return (
      <BookingForm
        fare={details.data.fare}
        searchResultId={searchResultId}
        request={request}
        onBack={() => onBooking(false)}
      />
    );
  // Ancillaries name flights by id; the priced offer knows their numbers.
  const flightNumbers = new Map(
    (details.data?.offer.origin_destinations ?? []).flatMap((journey) =>
      journey.flights.map(
        (flight) => [flight.id, `${flight.flight_number} ${flight.origin.code}–${flight.destination.code}`] as const,
      ),
    ),
  );
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => onBooking(true)} disabled={!details.data}>
          {t('search.book.open')}
        </Button>
      </Group>
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
    </>
  );
}
