// Which channel and booking an airline exchange belongs to, carried beside the call rather than
// through every message builder: the routing provider opens the context for each port call and the
// transports read it when they report an exchange to the airline message log.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ExchangeContext {
  readonly channelId: string;
  readonly bookingId: string | null;
}

export const exchangeContext = new AsyncLocalStorage<ExchangeContext>();
