// The flights view's data (product spec §4, §7): the flights list, then one price call per flight,
// ONE AFTER ANOTHER (the next starts when the previous answered). A flight appears as soon as its
// price arrives; the view counts as loaded once every flight has had its answer. A flight whose
// price call fails is left out (it cannot be sold) and the failure only logged: the landing page
// shows no errors (§8).
import { listNeoFlights, priceNeoFlight, type NeoAirlinePrice, type NeoFlight } from '@contrail/sdk';
import { useEffect, useState } from 'react';

export interface PricedFlight {
  flight: NeoFlight;
  price: NeoAirlinePrice;
}

export function usePricedFlights(): { flights: PricedFlight[]; loaded: boolean } {
  const [flights, setFlights] = useState<PricedFlight[]>([]);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    const signal = abort.signal;
    setFlights([]);
    setLoaded(false);

    async function load() {
      const { flights: list } = await listNeoFlights({ signal });
      for (const flight of list) {
        try {
          const price = await priceNeoFlight(
            {
              flight_number: flight.flight_number,
              departure_airport: flight.departure_airport,
              arrival_airport: flight.arrival_airport,
              departure_date: flight.departure_date,
              arrival_date: flight.arrival_date,
              airline: flight.carrier.code,
            },
            { signal },
          );
          if (signal.aborted) return;
          setFlights((shown) => [...shown, { flight, price }]);
        } catch (error) {
          if (signal.aborted) return;
          console.error(`No price for flight ${flight.carrier.code}${flight.flight_number}`, error);
        }
      }
    }

    load()
      .catch((error: unknown) => {
        if (!signal.aborted) console.error('The neo-flights did not load', error);
      })
      .finally(() => {
        if (!signal.aborted) setLoaded(true);
      });
    return () => abort.abort();
  }, []);

  return { flights, loaded };
}
