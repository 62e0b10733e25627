// What the conformance suite is given and how it checks a refusal: the fixture an adapter's test
// builds (which routes and credentials exercise each branch on that airline's side), and the typed
// error every failure must be. Its own file, so the suite's parts (shopping, orders, changes) and
// their helpers import it without importing each other back.
import { expect } from 'vitest';
import { ProviderError, type AirlineProvider, type ProviderChannel, type ShopRequest } from './airline-provider.js';

export interface ConformanceFixture {
  readonly provider: AirlineProvider;
  /** The same airline behind an address where nothing answers. */
  readonly unreachable: AirlineProvider;
  readonly channel: ProviderChannel;
  readonly refusedChannel: ProviderChannel;
  /** A route the channel's airline flies, on a date it sells. */
  readonly served: ShopRequest;
  /** A route with no offers at all. */
  readonly empty: ShopRequest;
  /** A route where the airline answers later than any caller waits. */
  readonly slow: ShopRequest;
  /** Another credential of the same airline: it must not see the channel's orders. */
  readonly otherChannel: ProviderChannel;
  /** Moves the airline's clock on (a test airline's clock; void windows and quote expiry). */
  readonly passTime: (seconds: number) => Promise<void>;
  /** A channel and route whose airline re-quotes a higher price at order (once; then it books). */
  readonly priceChange: { readonly channel: ProviderChannel; readonly request: ShopRequest };
  /** A credential of the airline's live system: not a test-system one. */
  readonly liveCredential: string;
  /** Passenger surnames on which the airline refuses to ticket / to reissue. */
  readonly surnames: { readonly ticketingFails: string; readonly reissueFails: string };
}

export async function expectProviderError(promise: Promise<unknown>, kind: ProviderError['kind']) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).kind).toBe(kind);
  return error as ProviderError;
}
