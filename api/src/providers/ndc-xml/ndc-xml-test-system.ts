// What the XML adapter does outside the 21.3 messages it speaks today, through the airline
// system's JSON face (the sandbox airlines'): their test-system controls (disruptions, cheaper
// fares, channel clocks), the acknowledgement of an airline's schedule change and the order a
// notice carries (a JSON notice's, or a full XML notice's as read on arrival). The notification URL is registered with format `xml`: an XML channel's airline
// pushes NDC 21.3 OrderChangeNotif, which the API takes in and acknowledges in 21.3.
import { ProviderError, type AirlineOrders } from '../airline-provider.js';
import { createNdcAdapter } from '../ndc/ndc.adapter.js';

export type NdcXmlTestSystem = Pick<
  AirlineOrders,
  | 'registerNotifications'
  | 'acknowledgeChange'
  | 'orderOfNotice'
  | 'disruptOrder'
  | 'openCheaperFare'
  | 'setChannelClock'
>;

export function createNdcXmlTestSystem(systemUrl: string, timeoutMs: number): NdcXmlTestSystem {
  const json = createNdcAdapter({ baseUrl: systemUrl, timeoutMs, safeRetries: 1 });
  return {
    async registerNotifications(channel, url, call = {}) {
      let res: Response;
      const signal = call.signal ?? AbortSignal.timeout(timeoutMs);
      try {
        res = await fetch(`${systemUrl.replace(/\/$/, '')}/sandbox/notify_url`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.credential}` },
          body: JSON.stringify({ url, format: 'xml' }),
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw new ProviderError('timeout', 'The airline did not answer in time.', channel.carrier);
        throw new ProviderError('unavailable', 'The airline could not be reached.', channel.carrier, { cause: error });
      }
      await res.body?.cancel();
      if (!res.ok) throw new ProviderError('unavailable', `The airline answered ${res.status}.`, channel.carrier);
    },
    acknowledgeChange: (channel, order, changeId, answer, call) =>
      json.acknowledgeChange(channel, order, changeId, answer, call),
    orderOfNotice: (channel, order, notice) => json.orderOfNotice(channel, order, notice),
    disruptOrder: (channel, order, request, call) => json.disruptOrder(channel, order, request, call),
    openCheaperFare: (channel, order, conditions, call) => json.openCheaperFare(channel, order, conditions, call),
    setChannelClock: (channel, setting, call) => json.setChannelClock(channel, setting, call),
  };
}
