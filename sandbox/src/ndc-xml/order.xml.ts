// The order messages in NDC 21.3 XML: OrderCreateRQ, OrderRetrieveRQ and OrderChangeRQ (pay and
// issue, cancel an unpaid order) read into the sandbox's JSON messages, and its OrderViewRS written
// as IATA_OrderViewRS. One Pax per person with their documents; flight items carry one Service per
// passenger and segment (PaxSegmentRef), with the seller's booking reference as the Service's
// BookingRef; fare components sit on segments; tickets are TicketDocInfo, payments the root
// PaymentFunctions with the IATA card brand and the masked card. What 21.3 has no element for
// (the order's own status set, void deadline, amount due, service and document states, remarks)
// goes into the sandbox's AugmentationPoint extension.
import type { OrderCreateRQ } from '../messages/order-create.schema.js';
import type { OrderViewRS } from '../messages/order-view.schema.js';
import type { PaymentFunctions } from '../messages/order-common.schema.js';
import { dataListsXml, penaltyXml, sandboxNs } from './offer.xml.js';
import { readAcceptedCancelOffer, readAcceptedReshopOffer } from './order-reshop.xml.js';
import { at, each, one, text, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import { amount, el, leaf, type XmlElement } from '@contrail/ndc-xml-tree/xml-write';

type Money = { Amount: string; CurCode: string };
const xmlMoney = (name: string, m: Money) => amount(name, { amount: m.Amount, currency: m.CurCode });
const sbx = (
  name: string,
  attrs: Record<string, string | null | undefined>,
  children: XmlElement[] = [],
): XmlElement => ({
  name,
  prefix: 'sbx:',
  attrs: Object.fromEntries(Object.entries(attrs).filter((e): e is [string, string] => typeof e[1] === 'string')),
  children,
});

/** PaymentProcessingDetails: a card (IATA brand code), or a settlement plan code (CA cash, AGT). */
export function readPayment(details: XmlNode | undefined): PaymentFunctions | undefined {
  if (!details) return undefined;
  const card = at(details, 'PaymentMethod', 'PaymentCard');
  const total = one(details, 'Amount');
  const Amount = { Amount: total?.text.trim() ?? '', CurCode: total?.attrs.CurCode ?? '' };
  if (card) {
    return {
      PaymentMethod: {
        TypeCode: 'CC',
        PaymentCard: {
          CardBrandCode: text(card, 'CardBrandCode'),
          CardNumber: text(card, 'CardNumber'),
          ExpirationDate: text(card, 'ExpirationDate'),
        },
      },
      Amount,
    };
  }
  const code =
    text(details, 'PaymentMethod', 'SettlementPlan', 'PaymentTypeCode') ||
    text(details, 'PaymentMethod', 'OfflinePayment', 'PaymentTypeCode');
  return { PaymentMethod: { TypeCode: code === 'AGT' ? 'AGT' : 'CA' }, Amount };
}

export function readOrderCreateRQ(request: XmlNode): OrderCreateRQ {
  const offer = at(request, 'CreateOrder', 'AcceptSelectedQuotedOfferList', 'SelectedPricedOffer');
  const bookingId = text(request, 'BookingRef', 'BookingID');
  const payment = readPayment(at(request, 'PaymentFunctions', 'PaymentProcessingDetails'));
  return {
    OfferID: text(offer, 'OfferRefID'),
    PaxList: each(request, 'DataLists', 'PaxList', 'Pax').map((p) => {
      const doc = one(p, 'IdentityDoc');
      const gender = text(p, 'Individual', 'GenderCode');
      const title = text(p, 'Individual', 'TitleName');
      const ptc = text(p, 'PTC');
      return {
        PaxID: text(p, 'PaxID'),
        PTC: ptc === 'CHD' || ptc === 'INF' ? ptc : 'ADT',
        Birthdate: text(p, 'Birthdate') || text(p, 'Individual', 'Birthdate'),
        ...(gender === 'F' || gender === 'M' ? { GenderCode: gender } : {}),
        Individual: {
          GivenName: text(p, 'Individual', 'GivenName'),
          Surname: text(p, 'Individual', 'Surname'),
          ...(title ? { TitleName: title } : {}),
        },
        ...(doc
          ? {
              IdentityDoc: [
                {
                  IdentityDocTypeCode: text(doc, 'IdentityDocTypeCode') === 'NI' ? ('NI' as const) : ('PT' as const),
                  IdentityDocID: text(doc, 'IdentityDocID'),
                  IssuingCountryCode: text(doc, 'IssuingCountryCode'),
                  CitizenshipCountryCode: text(doc, 'CitizenshipCountryCode'),
                  ExpiryDate: text(doc, 'ExpiryDate'),
                },
              ],
            }
          : {}),
        ...(text(p, 'ContactInfoRefID') ? { ContactInfoRefID: text(p, 'ContactInfoRefID') } : {}),
      };
    }),
    ContactInfoList: each(request, 'DataLists', 'ContactInfoList', 'ContactInfo').map((c) => ({
      ContactInfoID: text(c, 'ContactInfoID'),
      EmailAddress: { EmailAddressText: text(c, 'EmailAddress', 'EmailAddressText') },
      Phone: { PhoneNumber: text(c, 'Phone', 'PhoneNumber') },
    })),
    ...(payment ? { PaymentFunctions: payment } : {}),
    ...(bookingId ? { BookingRef: { BookingID: bookingId } } : {}),
  };
}

/** OrderRetrieveRQ: the order by locator; the seller's booking as BookingRefFilterCriteria. */
export function readOrderRetrieveRQ(request: XmlNode): { OrderID: string; BookingRef?: { BookingID: string } } {
  const criteria = one(request, 'OrderValidationFilterCriteria');
  const bookingId = text(criteria, 'BookingRefFilterCriteria', 'BookingID');
  return {
    OrderID: text(criteria, 'OrderFilterCriteria', 'OrderID'),
    ...(bookingId ? { BookingRef: { BookingID: bookingId } } : {}),
  };
}

/** OrderChangeRQ: CancelUnpaidOrder, or a payment alone (pay and issue a held order). */
export function readOrderChangeRQ(request: XmlNode): unknown {
  const bookingId = text(request, 'BookingRef', 'BookingID');
  const base = {
    OrderID: text(request, 'Order', 'OrderID'),
    ...(bookingId ? { BookingRef: { BookingID: bookingId } } : {}),
  };
  const choice = one(request, 'ChangeOrderChoice');
  if (one(choice, 'CancelUnpaidOrder')) return { ...base, ChangeOrder: { CancelOrder: true } };
  const payment = readPayment(at(request, 'PaymentFunctions', 'PaymentProcessingDetails'));
  const paid = payment ? { PaymentFunctions: payment } : {};
  const cancelled = readAcceptedCancelOffer(choice);
  if (cancelled) return { ...base, ChangeOrder: cancelled };
  const reshopOffer = readAcceptedReshopOffer(choice);
  if (reshopOffer) return { ...base, ChangeOrder: { AcceptReshopOffer: { ReshopOfferID: reshopOffer }, ...paid } };
  const selected = each(choice, 'AcceptSelectedQuotedOfferList', 'SelectedPricedOffer', 'SelectedOfferItem');
  if (selected.length > 0) {
    const items = selected.map((item) => {
      const seat = one(item, 'SelectedSeat');
      const pax = text(item, 'PaxRefID');
      if (!seat) return { ServiceID: text(item, 'OfferItemRefID'), PaxRefID: pax };
      return {
        SeatAssignment: {
          PaxSegmentRefID: text(
            item,
            'SelectedALaCarteOfferItem',
            'OfferFlightAssociations',
            'PaxSegmentReferences',
            'PaxSegmentRefID',
          ),
          RowNumber: Number(text(seat, 'SeatRowNumber')),
          ColumnID: text(seat, 'ColumnID'),
        },
        PaxRefID: pax,
      };
    });
    return { ...base, ChangeOrder: { AddServiceItem: items, ...paid } };
  }
  if (one(choice, 'UpdatePax')) {
    const contact = each(request, 'DataLists', 'ContactInfoList', 'ContactInfo')[0];
    if (contact) {
      const email = text(contact, 'EmailAddress', 'EmailAddressText');
      const phone = text(contact, 'Phone', 'PhoneNumber');
      return {
        ...base,
        ChangeOrder: {
          UpdateContactInfo: {
            ...(email ? { EmailAddress: { EmailAddressText: email } } : {}),
            ...(phone ? { Phone: { PhoneNumber: phone } } : {}),
          },
        },
      };
    }
    const corrections = each(request, 'DataLists', 'PaxList', 'Pax').map((p) => {
      const title = at(p, 'Individual', 'TitleName');
      const birthdate = text(p, 'Birthdate');
      return {
        PaxID: text(p, 'PaxID'),
        ...(title ? { TitleName: title.text.trim() } : {}),
        ...(birthdate ? { Birthdate: birthdate } : {}),
      };
    });
    return { ...base, ChangeOrder: { UpdatePax: corrections } };
  }
  return { ...base, ChangeOrder: paid };
}

/** The fees the order's fare charges for a change or a refund, as penalties its flight items name. */
function orderPenalties(o: OrderViewRS['Order']): { id: string; element: XmlElement }[] {
  const penalties: { id: string; element: XmlElement }[] = [];
  for (const [id, typeCode, terms] of [
    ['PEN-CHANGE', 'Change', o.Penalties?.Change],
    ['PEN-CANCEL', 'Cancellation', o.Penalties?.Refund],
  ] as const) {
    if (terms?.Allowed && terms.Fee) penalties.push({ id, element: penaltyXml(id, typeCode, terms.Fee) });
  }
  return penalties;
}

export function orderViewRS(rs: OrderViewRS): XmlElement[] {
  const o = rs.Order;
  const bookingRef = o.BookingRef && el('BookingRef', leaf('BookingID', o.BookingRef.BookingID));
  const segmentsOf = (journeyId: string) =>
    rs.DataLists.PaxJourneyList.find((j) => j.PaxJourneyID === journeyId)?.PaxSegmentRefID ?? [];
  const rbd = new Map(o.JourneyOverview.flatMap((j) => j.RBD.map((r) => [r.PaxSegmentRefID, r.RBDCode] as const)));
  const items = o.OrderItem.map((item) => {
    if (item.TypeCode === 'FLIGHT') {
      const count = item.PaxRefID.length;
      const times = (m: Money) => {
        const [whole, cents = '0'] = m.Amount.split('.');
        const minor = (Number(whole) * 100 + Number(cents.padEnd(2, '0'))) * count;
        return { Amount: `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`, CurCode: m.CurCode };
      };
      return el(
        'OrderItem',
        el(
          'FareDetail',
          el(
            'FareCalculationInfo',
            leaf('AddlInfoText', 'NDC'),
            leaf('PricingCodeText', item.FareDetail.FareCalculation),
          ),
          item.FareDetail.FareComponent.flatMap((f) =>
            segmentsOf(f.PaxJourneyRefID).map((segment) =>
              el(
                'FareComponent',
                el('CabinType', leaf('CabinTypeCode', o.CabinTypeCode)),
                leaf('FareBasisCode', f.FareBasisCode),
                leaf('FareTypeCode', o.FareTypeCode),
                leaf('PaxSegmentRefID', segment),
                leaf('PriceClassRefID', o.PriceClassRefID),
                rbd.get(segment) ? el('RBD', leaf('RBD_Code', rbd.get(segment))) : null,
              ),
            ),
          ),
          item.PaxRefID.map((id) => leaf('PaxRefID', id)!),
          el(
            'Price',
            xmlMoney('BaseAmount', item.Price.BaseAmount),
            el(
              'TaxSummary',
              item.Price.TaxSummary.Tax.map((t) => el('Tax', xmlMoney('Amount', t.Amount), leaf('TaxCode', t.TaxCode))),
              xmlMoney('TotalTaxAmount', item.Price.TotalTaxAmount),
            ),
            xmlMoney('TotalAmount', item.Price.TotalAmount),
          ),
        ),
        leaf('OrderItemID', item.OrderItemID),
        leaf('OwnerCode', o.OwnerCode),
        leaf('PaymentTimeLimitDateTime', o.PaymentTimeLimitDateTime),
        orderPenalties(o).map((p) => leaf('PenaltyRefID', p.id)!),
        el('Price', xmlMoney('TotalAmount', times(item.Price.TotalAmount))),
        item.PaxRefID.flatMap((pax) =>
          o.JourneyOverview.flatMap((j) => segmentsOf(j.PaxJourneyRefID)).map((segment) =>
            el(
              'Service',
              bookingRef,
              el('OrderServiceAssociation', el('PaxSegmentRef', leaf('PaxSegmentRefID', segment))),
              leaf('PaxRefID', pax),
              leaf('ServiceID', `${item.OrderItemID}-${pax}-${segment}`),
              leaf('StatusCode', o.StatusCode),
            ),
          ),
        ),
      );
    }
    return el(
      'OrderItem',
      leaf('OrderItemID', item.OrderItemID),
      leaf('OwnerCode', o.OwnerCode),
      el('Price', xmlMoney('TotalAmount', item.Price.TotalAmount)),
      item.PaxRefID.map((pax) =>
        el(
          'Service',
          bookingRef,
          el(
            'OrderServiceAssociation',
            el(
              'ServiceDefinitionRef',
              item.PaxSegmentRefID
                ? el('OrderFlightAssociations', el('PaxSegmentRef', leaf('PaxSegmentRefID', item.PaxSegmentRefID)))
                : null,
              leaf('ServiceDefinitionRefID', item.ServiceDefinitionRefID),
            ),
          ),
          leaf('PaxRefID', pax),
          leaf('ServiceID', `${item.OrderItemID}-${pax}`),
          leaf('StatusCode', item.StatusCode),
        ),
      ),
      leaf('StatusCode', item.StatusCode),
    );
  });
  const paxList = rs.DataLists.PaxList.map((p) =>
    el(
      'Pax',
      leaf('Birthdate', p.Birthdate),
      leaf('ContactInfoRefID', p.ContactInfoRefID),
      (p.IdentityDoc ?? []).map((d) =>
        el(
          'IdentityDoc',
          leaf('CitizenshipCountryCode', d.CitizenshipCountryCode),
          leaf('ExpiryDate', d.ExpiryDate),
          leaf('IdentityDocID', d.IdentityDocID),
          leaf('IdentityDocTypeCode', d.IdentityDocTypeCode),
          leaf('IssuingCountryCode', d.IssuingCountryCode),
          leaf('Surname', p.Individual.Surname),
        ),
      ),
      el(
        'Individual',
        leaf('GenderCode', p.GenderCode),
        leaf('GivenName', p.Individual.GivenName),
        leaf('Surname', p.Individual.Surname),
        leaf('TitleName', p.Individual.TitleName),
      ),
      leaf('PaxID', p.PaxID),
      leaf('PTC', p.PTC),
    ),
  );
  const contacts = rs.DataLists.ContactInfoList.map((c) =>
    el(
      'ContactInfo',
      leaf('ContactInfoID', c.ContactInfoID),
      el('EmailAddress', leaf('EmailAddressText', c.EmailAddress.EmailAddressText)),
      el('Phone', leaf('PhoneNumber', c.Phone.PhoneNumber)),
    ),
  );
  const penalties = orderPenalties(o);
  const flights = dataListsXml(
    rs.DataLists,
    { ADT: [], CHD: [], INF: [] },
    [],
    penalties.map((p) => p.element),
  );
  const lists = el(
    'DataLists',
    contacts.length > 0 && el('ContactInfoList', contacts),
    flights.children ?? [],
    paxList.length > 0 && el('PaxList', paxList),
  );
  const response = el(
    'Response',
    lists,
    el(
      'Order',
      leaf('CreationDateTime', o.CreationDateTime),
      leaf('OrderID', o.OrderID),
      items,
      leaf('OwnerCode', o.OwnerCode),
      leaf('StatusCode', o.StatusCode),
      el('TotalPrice', xmlMoney('TotalAmount', o.TotalPrice.TotalAmount)),
    ),
    rs.TicketDocInfo.map((d) =>
      el(
        'TicketDocInfo',
        el(
          'IssueInfo',
          leaf('IssueDate', d.IssueDateTime.slice(0, 10)),
          el('IssuingCarrier', leaf('AirlineDesigCode', o.OwnerCode)),
        ),
        leaf('PaxRefID', d.PaxRefID),
        el(
          'Ticket',
          el(
            'Coupon',
            leaf('CouponNumber', 1),
            leaf(
              'CouponStatusCode',
              d.StatusCode === 'ISSUED'
                ? 'I'
                : d.StatusCode === 'VOIDED'
                  ? 'V'
                  : d.StatusCode === 'REFUNDED'
                    ? 'RF'
                    : 'E',
            ),
          ),
          leaf('ReportingTypeCode', 'BSP'),
          leaf('TicketDocTypeCode', d.TicketDocTypeCode),
          leaf('TicketNumber', d.TicketNumber),
        ),
      ),
    ),
    rs.Warning.map((w) => el('Warning', leaf('Code', w.Code), leaf('DescText', w.DescText), leaf('LangCode', 'EN'))),
  );
  const augmentation: XmlElement = {
    name: 'AugmentationPoint',
    children: [
      {
        ...sbx('Order', {
          'xmlns:sbx': sandboxNs,
          StatusCode: o.StatusCode,
          InstantPaymentRequired: String(o.InstantPaymentRequired),
          VoidDeadlineDateTime: o.VoidDeadlineDateTime,
          AmountDue: o.AmountDue.Amount,
          AmountDueCurCode: o.AmountDue.CurCode,
          // The fare's conditions: whether it may change or be refunded at all, and its checked
          // bags (an order item has no 21.3 restrictions; the fees are its PenaltyList penalties).
          ...(o.Penalties && o.BaggageAllowance
            ? {
                CheckedBags: String(o.BaggageAllowance.CheckedBags.Pieces),
                ChangeAllowed: String(o.Penalties.Change.Allowed),
                RefundAllowed: String(o.Penalties.Refund.Allowed),
              }
            : {}),
        }),
        children: [
          ...o.Remark.map((r) => ({ ...sbx('Remark', {}), text: r })),
          ...o.OrderItem.map((i) =>
            i.TypeCode === 'FLIGHT'
              ? sbx('Item', { OrderItemID: i.OrderItemID, TypeCode: i.TypeCode })
              : sbx('Item', {
                  OrderItemID: i.OrderItemID,
                  TypeCode: i.TypeCode,
                  Name: i.Name,
                  StatusCode: i.StatusCode,
                  PaxJourneyRefID: i.PaxJourneyRefID,
                  EmdDueDateTime: i.EmdDueDateTime,
                  RowNumber: i.Seat ? String(i.Seat.RowNumber) : undefined,
                  ColumnID: i.Seat?.ColumnID,
                }),
          ),
          ...rs.TicketDocInfo.map((d) =>
            sbx('Document', {
              TicketNumber: d.TicketNumber,
              StatusCode: d.StatusCode,
              IssueDateTime: d.IssueDateTime,
              Amount: d.TotalAmount.Amount,
              CurCode: d.TotalAmount.CurCode,
              OrderItemRefID: d.OrderItemRefID,
              ExchangedFromTicketNumber: d.ExchangedFromTicketNumber,
            }),
          ),
          ...rs.PaymentInfo.map((p) => sbx('Payment', { PaymentID: p.PaymentID, PurposeCode: p.PurposeCode })),
          // The airline's own changes asking for the seller's answer (no 21.3 element on an order).
          ...(o.AirlineChange ?? []).map((c) =>
            sbx('AirlineChange', {
              NotifID: c.NotifID,
              KindCode: c.KindCode,
              ReasonText: c.ReasonText,
              ActionDeadlineDateTime: c.ActionDeadlineDateTime,
              ConsequenceCode: c.ConsequenceCode,
              StatusCode: c.StatusCode,
              OccurredDateTime: c.OccurredDateTime,
            }),
          ),
        ],
      },
    ],
  };
  const payments = rs.PaymentInfo.map((p) => ({
    ...el(
      'x',
      el('OrderAssociation', leaf('OrderRefID', o.OrderID)),
      el(
        'PaymentProcessingSummary',
        xmlMoney('Amount', p.Amount),
        leaf('PaymentCommitmentDateTime', p.PaymentDateTime),
        leaf('PaymentID', p.PaymentID),
        el(
          'PaymentProcessingSummaryPaymentMethod',
          p.TypeCode === 'CC'
            ? // 21.3's MaskedCardID is [0-9a-zA-Z]{1,19}: the masking stars are sent as X.
              el('PaymentCard', leaf('MaskedCardID', p.MaskedCardID?.replace(/[^0-9a-zA-Z]/g, 'X')))
            : el('SettlementPlan', leaf('PaymentTypeCode', p.TypeCode)),
        ),
      ),
    ),
    name: 'PaymentFunctions',
  }));
  return [response, augmentation, ...payments];
}
