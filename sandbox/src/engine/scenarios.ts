// Scenario triggers: fixed routes and passenger names that steer the sandbox airlines into one
// branch of the booking lifecycle, as Duffel Airways' test routes do. A route works in both
// directions and for any carrier serving it. scenario-catalogue.ts describes each one (served at
// GET /sandbox/scenarios), and docs/guides/sandbox.md's table is held against them by a test.
// Order-half triggers are declared here already so the later OrderCreate/OrderChange
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

export type NameScenario = 'ticketing_error' | 'slow_emd' | 'reissue_error' | 'time_limit_change';

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
  reissue_error: 'REISSUEFAIL',
  time_limit_change: 'SHORTTL',
};

/** How long the search-timeout route keeps a caller waiting unless the request says otherwise. */
export const defaultSearchTimeoutMs = 35_000;
/** How much the price-change route adds at OfferPrice (airline re-quoted a higher class). */
export const priceChangeFactor = 1.085;

/** Order-half timings, measured on the sandbox clock from OrderCreate. */
export const orderScenarioTimings = {
  /** schedule_change: the airline retimes the order's first flight this long after booking… */
  scheduleChangeAfterSeconds: 3600,
  /** …by this many minutes later. */
  retimeMinutes: 95,
  /** airline_cancellation: the airline cancels the order this long after booking. */
  airlineCancellationAfterSeconds: 2 * 3600,
  /** cheaper_class_later: from this long after booking, OrderReshop re-prices into a cheaper class. */
  cheaperClassAfterSeconds: 86_400,
  /** time_limit_change (surname SHORTTL): this long after booking the airline shortens the hold… */
  timeLimitChangeAfterSeconds: 1800,
  /** …to this long from that moment. */
  shortenedTimeLimitSeconds: 2 * 3600,
  /** How long an expired or airline-cancelled order stays retrievable before the airline drops it. */
  purgeAfterSeconds: 86_400,
} as const;

/** Default EMD delay for the slow-EMD surname, in sandbox-clock seconds (SANDBOX_SLOW_EMD_SECONDS). */
export const defaultSlowEmdSeconds = 600;

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
