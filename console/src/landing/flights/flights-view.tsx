// The flights view (hash 'flights'): the title, the brand it is exclusive to, the four benefits
// (the last greyed and locked), then the flights as their prices arrive, a spinner until all have.
import { texts } from '../texts';
import { FlightCard } from './flight-card';
import { usePricedFlights } from './use-priced-flights';
import { useWideLayout } from './use-wide-layout';

export function FlightsView() {
  const { flights, loaded } = usePricedFlights();
  const layout = useWideLayout() ? 'wide' : 'compact';
  const t = texts.flights;
  const last = t.benefits.length - 1;

  return (
    <section className="section flights-view" aria-labelledby="flights-heading">
      <h1 id="flights-heading">{t.title}</h1>
      <p className="exclusive">
        {t.exclusively} <strong>{texts.brand}</strong>
      </p>
      <ul className="benefits" aria-label={t.benefitsLabel}>
        {t.benefits.map((benefit, i) => (
          <li key={benefit} className={i === last ? 'benefit benefit-locked' : 'benefit'}>
            <span className="benefit-icon" aria-hidden="true">
              {i === last ? <LockIcon /> : <CheckIcon />}
            </span>
            {benefit}
            {i === last && <span className="visually-hidden"> ({t.locked})</span>}
          </li>
        ))}
      </ul>
      <ul className="flights" aria-label={t.listLabel} data-layout={layout}>
        {flights.map(({ flight, price }) => (
          <FlightCard key={flight.id} flight={flight} price={price} layout={layout} />
        ))}
      </ul>
      {!loaded && (
        <div className="spinner" role="status">
          <span className="visually-hidden">{t.loading}</span>
        </div>
      )}
      {loaded && flights.length === 0 && <p>{t.none}</p>}
    </section>
  );
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" className="lock-icon" data-icon="lock">
      <path
        d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z"
        fill="currentColor"
      />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20">
      <path d="M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6L20.1 8.4 18.7 7z" fill="currentColor" />
    </svg>
  );
}
