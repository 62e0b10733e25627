// Every NDC XML exchange reported to the airline message log, whatever carries it (the sandbox's
// REST door or a channel's configured endpoint): the document as sent, the answer as received (or
// the failure's kind), timing, and the channel and booking the call belongs to. Reporting never
// blocks or fails the call; the sink buffers and redacts.
import type { AirlineExchangeSink } from '../../airline-exchange-log.js';
import { ProviderError } from '../../airline-provider.js';
import { exchangeContext } from '../../exchange-context.js';
import type { NdcXmlTransport } from '../ndc-xml-transport.js';

export interface ExchangeLogging {
  readonly sink?: AirlineExchangeSink;
  readonly channelId: string;
  readonly carrier: string;
  /** Where the exchange went, as the log shows it. */
  readonly url: string;
  readonly now?: () => number;
}

export function loggedTransport<T extends NdcXmlTransport>(transport: T, logging: ExchangeLogging): T {
  const { sink } = logging;
  if (!sink) return transport;
  return {
    ...transport,
    async exchange(call) {
      const started = performance.now();
      const at = new Date(logging.now?.() ?? Date.now());
      const log = (status: number | null, response: string | null, error: string | null) =>
        sink.record({
          channelId: exchangeContext.getStore()?.channelId ?? logging.channelId,
          carrier: logging.carrier,
          message: call.message,
          direction: 'outbound',
          bookingId: exchangeContext.getStore()?.bookingId ?? call.bookingLocator ?? null,
          format: 'xml',
          url: logging.url,
          status,
          durationMs: Math.round(performance.now() - started),
          request: call.xml,
          response,
          error,
          at,
        });
      try {
        const answer = await transport.exchange(call);
        log(answer.status, answer.xml, null);
        return answer;
      } catch (error) {
        log(null, null, error instanceof ProviderError ? error.kind : 'failed');
        throw error;
      }
    },
  };
}
