// What the XML adapter does outside the 21.3 messages it speaks today, through the airline
// system's JSON face (the sandbox airlines'): their test-system controls (notification URL,
// disruptions, cheaper fares, channel clocks) and, until OrderChangeNotif and its answer travel in
// XML, the acknowledgement of an airline's schedule change and the order a JSON notice carries.
import type { AirlineOrders } from '../airline-provider.js';
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
    registerNotifications: (channel, url, call) => json.registerNotifications(channel, url, call),
    acknowledgeChange: (channel, order, changeId, answer, call) =>
      json.acknowledgeChange(channel, order, changeId, answer, call),
    orderOfNotice: (channel, order, notice) => json.orderOfNotice(channel, order, notice),
    disruptOrder: (channel, order, request, call) => json.disruptOrder(channel, order, request, call),
    openCheaperFare: (channel, order, conditions, call) => json.openCheaperFare(channel, order, conditions, call),
    setChannelClock: (channel, setting, call) => json.setChannelClock(channel, setting, call),
  };
}
