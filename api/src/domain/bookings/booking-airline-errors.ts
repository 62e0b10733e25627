// The airline's refusals of order calls in the domain's words: each refusal an agent can act on
// gets its own code, with the airline's message as the detail.
import { ProviderError } from '../../providers/airline-provider.js';
import { DomainError, notFound } from '../errors.js';

export function orderRefusal(error: ProviderError): DomainError {
  const said = `${error.carrier}: ${error.airlineMessage}`;
  switch (error.kind) {
    case 'offer_not_found':
      return notFound('fare');
    case 'offer_expired':
      return new DomainError('offer_expired', error.airlineMessage);
    case 'order_not_found':
      return new DomainError('booking_gone', said);
    case 'order_mismatch':
      return new DomainError('airline_order_mismatch', said);
    case 'order_expired':
      return new DomainError('booking_time_limit_passed', said);
    case 'order_closed':
      return new DomainError('booking_closed', said);
    case 'already_issued':
      return new DomainError('booking_already_issued', said);
    case 'void_window_closed':
      return new DomainError('void_window_closed', said);
    case 'sold_out':
      return new DomainError('sold_out', said);
    case 'price_changed':
      return new DomainError('price_changed', said);
    case 'passenger_mismatch':
      return new DomainError('passenger_mismatch', said);
    case 'passenger_data_required':
      return new DomainError('passenger_data_required', said);
    case 'ticketing_failed':
      return new DomainError('ticketing_failed', said);
    case 'not_issued':
      return new DomainError('booking_not_issued', said);
    case 'refund_quote_expired':
      return new DomainError('refund_quote_expired', said);
    case 'reshop_offer_expired':
      return new DomainError('reshop_offer_expired', said);
    case 'refund_quote_not_found':
      return new DomainError('request_failed', `${said} A newer quote replaced it.`);
    case 'reshop_offer_not_found':
      return new DomainError('reshop_offer_gone', said);
    case 'change_not_allowed':
      return new DomainError('change_not_allowed', said);
    case 'reissue_failed':
      return new DomainError('reissue_failed', said);
    case 'timeout':
      return new DomainError('airline_timeout', `${error.carrier} did not answer in time.`);
    default:
      return new DomainError('airline_error', said);
  }
}

/** Runs an order call and turns its refusal into a domain error. */
export async function fromAirlineOrder<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw error instanceof ProviderError ? orderRefusal(error) : error;
  }
}

/** Whether a failed call may still have happened at the airline (the answer was lost). */
export function outcomeUnknown(error: unknown): boolean {
  return error instanceof ProviderError && (error.kind === 'timeout' || error.kind === 'unavailable');
}

/** Any failure of an order call as the domain error to answer; other failures stay as they are. */
export function asDomainError(error: unknown): unknown {
  return error instanceof ProviderError ? orderRefusal(error) : error;
}

/** What a failed airline call said, for the booking's error and history. */
export const refusalText = (error: unknown): string =>
  error instanceof DomainError ? (error.detail ?? error.code) : 'The airline could not be reached.';

/** How long an issue, refund or flight change may run before a reader may settle it (its process may have died). */
export const staleClaimMs = 2 * 60_000;
