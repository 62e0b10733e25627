// A provider failure in the domain's words: the agent learns what the airline said, never how the
// transport failed.
import { ProviderError } from '../../providers/airline-provider.js';
import { DomainError, notFound } from '../errors.js';

export async function fromAirline<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    switch (error.kind) {
      case 'offer_not_found':
        throw notFound('fare');
      case 'offer_expired':
        throw new DomainError('offer_expired', error.airlineMessage);
      case 'timeout':
        throw new DomainError('airline_timeout', `${error.carrier} did not answer in time.`);
      default:
        throw new DomainError('airline_error', `${error.carrier}: ${error.airlineMessage}`);
    }
  }
}
