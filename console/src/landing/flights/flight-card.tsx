// One flight (product spec §3, Flight display card and Price answer): always 'Direct Flight', the
// duration as hours and minutes, the dates as day.month, our price, and the airline's price greyed
// when there is one (a blank placeholder of the same size when there is not).
import type { NeoAirlinePrice, NeoFlight } from '@contrail/sdk';
import { formatDayMonth, formatDuration, formatMoney } from '../format';
import { texts } from '../texts';
import neoMark from '../assets/airline-NE.svg';

/** The airline's image file for a carrier; only the neo-airline is sold here. */
const airlineImages: Record<string, string> = { NE: neoMark };

export function FlightCard(props: { flight: NeoFlight; price: NeoAirlinePrice; layout: 'wide' | 'compact' }) {
  const { flight: f, price, layout } = props;
  const t = texts.flights;
  const image = airlineImages[f.carrier.code];
  return (
    <li className={`flight flight-${layout}`} data-layout={layout} data-flight-id={f.id}>
      <div className="flight-carrier">
        {image && <img src={image} alt="" width="40" height="40" />}
        <span>
          {f.carrier.name}{' '}
          <span className="flight-number">
            <span className="visually-hidden">{t.flight} </span>
            {f.carrier.code} {f.flight_number}
          </span>
        </span>
      </div>
      <div className="flight-end">
        <span className="visually-hidden">{t.departs} </span>
        <strong className="flight-time">{f.departure_time}</strong>
        <span className="flight-airport">{f.departure_airport}</span>
        <span className="flight-date">{formatDayMonth(f.departure_date)}</span>
      </div>
      <div className="flight-middle">
        <span className="flight-duration">{formatDuration(f.journey_time)}</span>
        <span className="flight-line" aria-hidden="true" />
        <span className="flight-direct">{t.direct}</span>
      </div>
      <div className="flight-end">
        <span className="visually-hidden">{t.arrives} </span>
        <strong className="flight-time">{f.arrival_time}</strong>
        <span className="flight-airport">{f.arrival_airport}</span>
        <span className="flight-date">{formatDayMonth(f.arrival_date)}</span>
      </div>
      <div className="flight-prices">
        {price.airline_price ? (
          <s className="price-airline">
            <span className="visually-hidden">{t.airlinePrice} </span>
            {formatMoney(price.airline_price, texts.locale)}
          </s>
        ) : (
          <span className="price-airline price-placeholder" aria-hidden="true" />
        )}
        <strong className="price-ours">
          <span className="visually-hidden">{t.ourPrice} </span>
          {formatMoney(price.provider_price, texts.locale)}
        </strong>
      </div>
    </li>
  );
}
