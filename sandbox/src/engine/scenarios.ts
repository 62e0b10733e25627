// Scenario triggers: fixed routes and passenger names that steer the sandbox airlines into one
// branch of the booking lifecycle, as Duffel Airways' test routes do. A route works in both
// directions and for any carrier serving it. docs/guides/sandbox.md lists the same table; keep them
// in step. Order-half triggers are declared here already so the later OrderCreate/OrderChange
// code and the docs share one source.
export type RouteScenario =
  | 'no_offers'
  | 'search_timeout'
  | 'no_baggage'
  | 'instant_payment'
  | 'price_change'
  | 'sold_out_at_order'
  | 'schedule_change'
  | 'airline_cancellation'
  | 'cheaper_class_later';

export type NameScenario = 'ticketing_error' | 'slow_emd';

export const routeTriggers: Readonly<Record<RouteScenario, readonly [string, string]>> = {
  no_offers: ['VNO', 'TLL'],
  search_timeout: ['OTP', 'SOF'],
  no_baggage: ['BER', 'BCN'],
  instant_payment: ['ATH', 'HER'],
  price_change: ['VIE', 'ZAG'],
  sold_out_at_order: ['AMS', 'OSL'],
  schedule_change: ['BRU', 'OPO'],
  airline_cancellation: ['MAD', 'PMI'],
  cheaper_class_later: ['CPH', 'FRA'],
};

/** Not a trigger but a fact of the network: no carrier flies it nonstop, so only connections show. */
export const connectionsOnlyRoute = ['KRK', 'LIS'] as const;

/** Passenger surnames (any case) that trigger order-half branches, whatever the route. */
export const nameTriggers: Readonly<Record<NameScenario, string>> = {
  ticketing_error: 'TICKETFAIL',
  slow_emd: 'SLOWEMD',
};

/** How long the search-timeout route keeps a caller waiting unless the request says otherwise. */
export const defaultSearchTimeoutMs = 35_000;
/** How much the price-change route adds at OfferPrice (airline re-quoted a higher class). */
export const priceChangeFactor = 1.085;

export function routeScenarioFor(origin: string, destination: string): RouteScenario | undefined {
  const pair = [origin.toUpperCase(), destination.toUpperCase()].sort().join('-');
  for (const [scenario, route] of Object.entries(routeTriggers) as Array<[RouteScenario, readonly string[]]>) {
    if ([...route].sort().join('-') === pair) return scenario;
  }
  return undefined;
}

export function nameScenarioFor(surname: string): NameScenario | undefined {
  const upper = surname.toUpperCase();
  return (Object.keys(nameTriggers) as NameScenario[]).find((s) => nameTriggers[s] === upper);
}
