// Offers, compact for a side panel: each offer's flights on a line or two, its fare families side
// by side with their price and the payment time limit, cheapest offer first (the search's order).
// The first screen of offers is drawn first; the rest follow in the frame after, so the agent sees
// offers without waiting for the ones below the fold. The cards are plain elements with classes
// (offers-view.module.css), not a Mantine component per line: they render after every entry, on the
// path the overhead bench measures.
import type { Fare, Offer, SearchResult } from '@contrail/sdk';
import { Stack, Text } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flightTime, formatDateTime, formatMoney } from '../../lib/i18n';
import type { Language } from '../../lib/i18n/languages';
import classes from './offers-view.module.css';

/** The cheapest offers a side panel has room for; the console shows them all. */
const shown = 8;
/** How many fit on a side panel's first screen (about 900 px tall). */
const firstScreen = 4;

export function OffersView(props: { result: SearchResult; language: Language; onChoose: (fare: Fare) => void }) {
  const { result, language, onChoose } = props;
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState({ of: result.id, count: firstScreen });
  const count = drawn.of === result.id ? drawn.count : firstScreen;
  useEffect(() => {
    if (count >= shown) return;
    // After the frame that draws the first screen: a timer queued from inside that frame's callback.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setDrawn({ of: result.id, count: shown }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [result.id, count]);
  if (result.offers.length === 0)
    return (
      <Text size="sm" data-testid="panel-no-offers">
        {t('offers.none')}
      </Text>
    );
  return (
    <Stack gap={6} data-testid="panel-offers">
      <Text size="xs" c="dimmed">
        {t('offers.count', { count: result.meta.total_offers })}
      </Text>
      {result.offers.slice(0, count).map((offer) => (
        <OfferCard key={offer.id} offer={offer} language={language} onChoose={onChoose} />
      ))}
    </Stack>
  );
}

const OfferCard = memo(function OfferCard({
  offer,
  language,
  onChoose,
}: {
  offer: Offer;
  language: Language;
  onChoose: (fare: Fare) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.offer} data-testid="panel-offer" data-carrier={offer.owner.code}>
      {offer.origin_destinations.map((od, index) => (
        <div key={index} className={classes.leg}>
          <span className={classes.flights}>{od.flights.map((f) => f.flight_number).join(' ')}</span>
          <span className={classes.times}>
            {od.origin} {flightTime(od.departure_at)} → {od.destination} {flightTime(od.arrival_at)}{' '}
            {od.departure_at.slice(5, 10)}
          </span>
          <span className={classes.dim}>
            {od.stops === 0 ? t('offers.direct') : t('offers.stops', { count: od.stops })}
          </span>
        </div>
      ))}
      <div
        className={classes.fares}
        style={{ gridTemplateColumns: `repeat(${Math.min(offer.fares.length, 3)}, minmax(0, 1fr))` }}
      >
        {offer.fares.map((fare) => (
          <div key={fare.fare_id} className={classes.fare} data-testid="panel-fare">
            <div className={classes.family}>{fare.fare_family.name}</div>
            <div className={classes.price}>{formatMoney(fare.price, language)}</div>
            <div className={classes.dim}>
              {fare.fare_segments.map((s) => s.booking_class).join('/')} ·{' '}
              {t('offers.seatsLeft', { count: Math.min(...fare.fare_segments.map((s) => s.seats_left)) })}
            </div>
            <div className={fare.instant_payment ? classes.instant : classes.dim} data-testid="panel-time-limit">
              {fare.instant_payment
                ? t('offers.instant')
                : fare.payment_time_limit
                  ? t('offers.timeLimit', { time: formatDateTime(fare.payment_time_limit, language) })
                  : ''}
            </div>
            <button type="button" className={classes.book} onClick={() => onChoose(fare)}>
              {t('offers.book', { family: fare.fare_family.name })}
            </button>
          </div>
        ))}
      </div>
    </div>
  );
});
