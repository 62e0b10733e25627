export type RouteScenario = 'no_offers' | 'search_timeout' | 'no_baggage' | 'instant_payment' | 'price_change' | 'sold_out_at_order' | 'schedule_change' | 'airline_cancellation' | 'cheaper_class_later';
export type NameScenario = 'ticketing_error' | 'slow_emd';
export declare const routeTriggers: Readonly<Record<RouteScenario, readonly [string, string]>>;
/** Not a trigger but a fact of the network: no carrier flies it nonstop, so only connections show. */
export declare const connectionsOnlyRoute: readonly ["KRK", "LIS"];
/** Passenger surnames (any case) that trigger order-half branches, whatever the route. */
export declare const nameTriggers: Readonly<Record<NameScenario, string>>;
/** How long the search-timeout route keeps a caller waiting unless the request says otherwise. */
export declare const defaultSearchTimeoutMs = 35000;
/** How much the price-change route adds at OfferPrice (airline re-quoted a higher class). */
export declare const priceChangeFactor = 1.085;
export declare function routeScenarioFor(origin: string, destination: string): RouteScenario | undefined;
export declare function nameScenarioFor(surname: string): NameScenario | undefined;
