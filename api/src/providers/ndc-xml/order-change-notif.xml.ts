// An airline's NDC 21.3 OrderChangeNotif read into the provider-neutral notice, and our
// IATA_Acknowledgement answer. Read leniently like every airline document (any prefix, any order,
// unknown elements, a single element where a list was expected, a SOAP envelope or none); a
// document that is not XML, or names no order or change, is a NoticeReadError. The notice is full
// when it carries the order as it now is (CurrentOrder/Order), light when it only names the change.
// A full notice's order is read here, as an OrderViewRS is (CurrentOrder holds its parts, the
// root its AugmentationPoint), so the refresh uses it without asking the airline again; an order
// that cannot be read leaves the notice light in effect (the airline is asked).
// 21.3 has no notification id: the airline's TrxID (else CorrelationID) is kept as it, else one is
// made from the order, its version and the change, so a resend is still the same notice.
import type { ProviderOrder } from '../airline-provider.js';
import {
  all,
  at,
  each,
  one,
  readXml,
  text,
  unwrapEnvelope,
  XmlReadError,
  type XmlNode,
} from '@contrail/ndc-xml-tree/xml-tree';
import { el, leaf, ndcDocument } from '@contrail/ndc-xml-tree/xml-write';
import { orderOfView } from './order-view.xml.js';

export interface NdcNotice {
  NotifID: string;
  OrderID: string;
  OwnerCode?: string;
  ChangeTypeCode: string;
  DescText?: string;
  OccurredDateTime?: string;
  NoticeTypeCode: 'FULL' | 'LIGHT';
  /** A full notice's order, read as the port's order (kept with the notice as JSON). */
  CurrentOrder?: ProviderOrder;
}

export class NoticeReadError extends Error {}

const optional = <K extends string>(key: K, value: string): Partial<Record<K, string>> =>
  (value ? { [key]: value } : {}) as Partial<Record<K, string>>;

export async function readOrderChangeNotif(xml: string): Promise<NdcNotice> {
  let root;
  try {
    root = unwrapEnvelope(await readXml(xml));
  } catch (error) {
    if (error instanceof XmlReadError) throw new NoticeReadError(`The body is not XML: ${error.message}`);
    throw error;
  }
  if (root.name !== 'IATA_OrderChangeNotifRQ')
    throw new NoticeReadError(`Expected IATA_OrderChangeNotifRQ, got ${root.name}.`);
  const notification = one(root, 'Notification');
  const group = each(notification, 'ChangeGroup', 'ChangeOperationGroup')[0];
  const operation = one(group, 'ChangeOperation');
  const current = each(notification, 'CurrentOrder', 'Order')[0];
  const orderId =
    text(operation, 'New', 'Order', 'OrderID') ||
    text(operation, 'Old', 'Order', 'OrderID') ||
    text(current, 'OrderID');
  const change = text(operation, 'ChangeTypeCode');
  if (!orderId) throw new NoticeReadError('The notification names no OrderID.');
  if (!change) throw new NoticeReadError('The notification names no ChangeTypeCode.');
  const occurred = text(operation, 'ChangeDateTime');
  const notifId =
    text(root, 'PayloadAttributes', 'TrxID') ||
    text(root, 'PayloadAttributes', 'CorrelationID') ||
    [orderId, text(group, 'OrderVersionNumber'), change, occurred].filter(Boolean).join('-');
  const warning = each(operation, 'New', 'Warning').find((w) => text(w, 'DescText'));
  const carried = at(current, 'OrderID') ? carriedOrder(root, one(notification, 'CurrentOrder')!) : null;
  return {
    NotifID: notifId.slice(0, 100),
    OrderID: orderId,
    ...optional('OwnerCode', text(operation, 'New', 'Order', 'OwnerCode') || text(current, 'OwnerCode')),
    ChangeTypeCode: change.slice(0, 40),
    ...optional('DescText', text(warning, 'DescText').slice(0, 2000)),
    ...optional('OccurredDateTime', occurred.slice(0, 40)),
    NoticeTypeCode: at(current, 'OrderID') ? 'FULL' : 'LIGHT',
    ...(carried ? { CurrentOrder: carried } : {}),
  };
}

/** CurrentOrder read as an OrderViewRS would be: its parts as the Response, payments and extension as the root. */
function carriedOrder(root: XmlNode, current: XmlNode): ProviderOrder | null {
  const asRoot: XmlNode = {
    ...root,
    children: [...all(root, 'AugmentationPoint'), ...all(current, 'PaymentFunctions')],
  };
  try {
    return orderOfView(asRoot, current);
  } catch {
    return null;
  }
}

/** Our answer to a notification: received (OK) or refused, with why. */
export function acknowledgementXml(status: 'OK' | 'Error', message?: string): string {
  return ndcDocument('IATA_Acknowledgement', [
    el('Notification', leaf('StatusCode', status), leaf('StatusMessageText', message)),
    el('PayloadAttributes', leaf('Timestamp', new Date().toISOString()), leaf('VersionNumber', '21.3')),
  ]);
}
