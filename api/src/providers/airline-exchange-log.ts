// What an adapter reports of every exchange with an airline, for the airline message log. A sink
// must not block or fail the call: it takes the exchange and returns at once (the recorder buffers
// and writes in batches). Bodies arrive as sent; the sink redacts card numbers, tokens and secrets
// before anything is stored. Headers are never reported (they carry the credentials).
export interface AirlineExchange {
  readonly channelId: string;
  readonly carrier: string;
  /** The NDC message name (AirShopping, OrderChange…) or the path of a non-message call. */
  readonly message: string;
  readonly direction: 'outbound' | 'inbound';
  /** The booking the exchange belongs to (our booking id, the seller reference the airline keeps). */
  readonly bookingId: string | null;
  readonly format: 'xml' | 'json';
  readonly url: string;
  /** null when no HTTP answer came (unreachable, timed out). */
  readonly status: number | null;
  readonly durationMs: number;
  readonly request: string;
  readonly response: string | null;
  /** The failure in our words, when the exchange failed. */
  readonly error: string | null;
  readonly at: Date;
}

export interface AirlineExchangeSink {
  record(exchange: AirlineExchange): void;
}

export const noExchangeSink: AirlineExchangeSink = { record() {} };
