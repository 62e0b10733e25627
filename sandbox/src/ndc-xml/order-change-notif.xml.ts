// The sandbox airline's OrderChangeNotif in NDC 21.3 XML, for sellers that registered their notify
// URL as XML: one ChangeOperation naming the order and the change (the seller's NotifID travels as
// PayloadAttributes/TrxID, the airline's words as a Warning), and in the full form the order as it
// now is (CurrentOrder: the OrderViewRS contents, with the order's AugmentationPoint extension at
// the root, as an OrderViewRS carries it). Built in schema order, valid against the XSDs.
// The seller's IATA_Acknowledgement is read leniently: only Notification/StatusCode counts.
import type { OrderChangeNotifRQ } from '../messages/order-change-notif.schema.js';
import type { OrderViewRS } from '../messages/order-view.schema.js';
import { orderViewRS } from './order.xml.js';
import { at, readXml, text, unwrapEnvelope, XmlReadError } from '@contrail/ndc-xml-tree/xml-tree';
import { el, leaf, ndcDocument, type XmlElement } from '@contrail/ndc-xml-tree/xml-write';

/** What OrderSnapshotType (CurrentOrder) holds of an OrderViewRS Response. */
const snapshotParts = new Set(['DataLists', 'Order', 'PaymentFunctions', 'TicketDocInfo', 'Warning']);

function currentOrder(view: OrderViewRS): { order: XmlElement; augmentation: XmlElement } {
  const [response, augmentation, ...payments] = orderViewRS(view);
  const inside = (response!.children ?? []).filter((c) => snapshotParts.has(c.name));
  return { order: el('CurrentOrder', inside, payments), augmentation: augmentation! };
}

export function orderChangeNotifXml(body: OrderChangeNotifRQ, view: OrderViewRS | null): string {
  const changed = el(
    'New',
    el(
      'Order',
      leaf('OrderID', body.OrderID),
      leaf('OwnerCode', body.OwnerCode),
      leaf('StatusCode', body.Order?.StatusCode),
    ),
    body.DescText ? el('Warning', leaf('DescText', body.DescText), leaf('LangCode', 'EN')) : null,
  );
  const current = view ? currentOrder(view) : null;
  return ndcDocument('IATA_OrderChangeNotifRQ', [
    current?.augmentation,
    el(
      'DistributionChain',
      el(
        'DistributionChainLink',
        leaf('Ordinal', 1),
        leaf('OrgRole', 'Carrier'),
        el('ParticipatingOrg', leaf('OrgID', body.OwnerCode)),
      ),
    ),
    el(
      'Notification',
      el(
        'ChangeGroup',
        el(
          'ChangeOperationGroup',
          el(
            'ChangeOperation',
            leaf('ChangeDateTime', body.OccurredDateTime),
            leaf('ChangeTypeCode', body.ChangeTypeCode),
            changed,
            leaf('ReasonCode', 'AIRLINE'),
          ),
          leaf('OrderVersionNumber', 1),
        ),
      ),
      current?.order,
    ),
    el(
      'PayloadAttributes',
      leaf('Timestamp', body.PayloadAttributes.Timestamp),
      leaf('TrxID', body.NotifID),
      leaf('VersionNumber', '21.3'),
    ),
  ]);
}

/** The seller's acknowledgement status (e.g. OK), or null when the answer is no IATA_Acknowledgement. */
export async function acknowledgementStatusOf(answer: string): Promise<string | null> {
  try {
    const root = unwrapEnvelope(await readXml(answer));
    if (root.name !== 'IATA_Acknowledgement') return null;
    return at(root, 'Notification', 'StatusCode') ? text(root, 'Notification', 'StatusCode') : null;
  } catch (error) {
    if (error instanceof XmlReadError) return null;
    throw error;
  }
}
