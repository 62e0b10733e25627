// Orders to their NDC-named JSON (OrderViewRS), reusing the offer mapper's ids so a segment or
// journey reads the same in AirShopping, OrderRetrieve and OrderReshop.
import { voidDeadline } from '../engine/order-cancel.js';
import { money } from '../engine/money.js';
import { orderTotalMinor, type Order, type RefundQuote, type ReshopOffer } from '../engine/order-model.js';
import { amountDueFor } from '../engine/order-reissue.js';
import type { Offer } from '../engine/offer-build.js';
import type { Journey } from '../engine/schedule-connections.js';
import type { Money, Warning } from './common.schema.js';
import { conditionsToNdc, dataListsOf, journeyIdOf, priceClassIdOf, segmentIdOf } from './offer.mapper.js';
import type { OrderViewRS } from './order-view.schema.js';
import type { ReshopOfferSchema } from './order-reshop.schema.js';
import type { Static } from 'typebox';

const ndcMoney = (minor: number, currency: string): Money => {
  const m = money(minor, currency);
  return { Amount: m.amount, CurCode: m.currency };
};

const contactId = 'CI1';

export function journeyOverview(offer: Offer, journeys: readonly Journey[]) {
  return journeys.map((journey, j) => ({
    PaxJourneyRefID: journeyIdOf(journey),
    RBD: journey.segments.map((s, k) => ({ PaxSegmentRefID: segmentIdOf(s), RBDCode: offer.rbds[j]![k]! })),
  }));
}

export function orderToView(
  order: Order,
  now: Date,
  extra: { warnings?: Static<typeof Warning>[]; refundQuote?: RefundQuote } = {},
): OrderViewRS {
  const { offer } = order;
  const cur = offer.currency;
  const segments = order.journeys.flatMap((j) => j.segments);
  const deadline = voidDeadline(order);
  return {
    PayloadAttributes: { Version: '21.3', Timestamp: now.toISOString() },
    Order: {
      OrderID: order.id,
      OwnerCode: order.owner.code,
      ...(order.sellerRef === undefined ? {} : { BookingRef: { BookingID: order.sellerRef } }),
      StatusCode: order.status,
      CreationDateTime: order.createdAt.toISOString(),
      PaymentTimeLimitDateTime: order.paymentTimeLimit?.toISOString() ?? null,
      InstantPaymentRequired: order.instantPayment,
      VoidDeadlineDateTime: order.status === 'ISSUED' && deadline ? deadline.toISOString() : null,
      FareTypeCode: offer.fareType,
      CabinTypeCode: offer.cabin,
      PriceClassRefID: priceClassIdOf(offer),
      ...conditionsToNdc(offer),
      TotalPrice: { TotalAmount: ndcMoney(orderTotalMinor(order), cur) },
      AmountDue: ndcMoney(order.status === 'HELD' ? orderTotalMinor(order) : 0, cur),
      JourneyOverview: journeyOverview(offer, order.journeys),
      ...(order.disruptions?.length
        ? {
            AirlineChange: order.disruptions.map((d) => ({
              NotifID: d.id,
              KindCode: d.kind,
              ReasonText: d.reason,
              ActionDeadlineDateTime: d.deadline.toISOString(),
              ConsequenceCode: d.consequence,
              StatusCode: d.state,
              OccurredDateTime: d.occurredAt.toISOString(),
            })),
          }
        : {}),
      OrderItem: [
        ...offer.items.map((item) => ({
          OrderItemID: `${order.id}-${item.ptc}`,
          TypeCode: 'FLIGHT' as const,
          PTC: item.ptc,
          PaxRefID: order.pax.filter((p) => p.ptc === item.ptc).map((p) => p.id),
          Price: {
            BaseAmount: ndcMoney(item.baseMinor, cur),
            TaxSummary: {
              Tax: item.taxes.map((t) => ({ TaxCode: t.code, Amount: ndcMoney(t.minor, cur) })),
              TotalTaxAmount: ndcMoney(item.totalMinor - item.baseMinor, cur),
            },
            TotalTaxAmount: ndcMoney(item.totalMinor - item.baseMinor, cur),
            TotalAmount: ndcMoney(item.totalMinor, cur),
          },
          FareDetail: {
            FareComponent: order.journeys.map((journey, j) => ({
              PaxJourneyRefID: journeyIdOf(journey),
              FareBasisCode: item.fareBasis[j]!,
            })),
            FareCalculation: item.fareCalculation,
          },
        })),
        ...order.services.map((line) => {
          const segment = segments.find((s) => s.flight.key === line.flightKey);
          return {
            OrderItemID: line.id,
            TypeCode: line.kind,
            ServiceDefinitionRefID: line.code,
            Name: line.name,
            PaxRefID: [line.paxId],
            PaxJourneyRefID: journeyIdOf(order.journeys[line.journeyIndex]!),
            ...(segment ? { PaxSegmentRefID: segmentIdOf(segment) } : {}),
            ...(line.seat ? { Seat: { RowNumber: line.seat.row, ColumnID: line.seat.column } } : {}),
            Price: { TotalAmount: ndcMoney(line.priceMinor, cur) },
            StatusCode: line.status,
            ...(line.status === 'PENDING' && line.emdDueAt ? { EmdDueDateTime: line.emdDueAt.toISOString() } : {}),
          };
        }),
      ],
      Remark: [...order.remarks],
      ...(order.corporateId === undefined ? {} : { CorporateID: order.corporateId }),
      ...(order.sellerRemarks?.length ? { SellerRemark: [...order.sellerRemarks] } : {}),
    },
    TicketDocInfo: order.documents.map((d) => ({
      TicketNumber: d.number,
      TicketDocTypeCode: d.type,
      PaxRefID: d.paxId,
      StatusCode: d.status,
      IssueDateTime: d.issuedAt.toISOString(),
      TotalAmount: ndcMoney(d.amountMinor, cur),
      ...(d.serviceLineId ? { OrderItemRefID: d.serviceLineId } : {}),
      ...(d.exchangedFrom ? { ExchangedFromTicketNumber: d.exchangedFrom } : {}),
    })),
    PaymentInfo: order.payments.map((p) => ({
      PaymentID: p.id,
      TypeCode: p.method,
      Amount: ndcMoney(p.amountMinor, cur),
      PaymentDateTime: p.at.toISOString(),
      PurposeCode: p.purpose,
      ...(p.cardMasked ? { MaskedCardID: p.cardMasked } : {}),
    })),
    ...(extra.refundQuote
      ? {
          RefundQuote: {
            RefundQuoteID: extra.refundQuote.id,
            RefundAmount: ndcMoney(extra.refundQuote.refundMinor, cur),
            PenaltyAmount: ndcMoney(extra.refundQuote.penaltyMinor, cur),
            ExpirationDateTime: extra.refundQuote.expiresAt.toISOString(),
          },
        }
      : {}),
    Warning: extra.warnings ?? [],
    DataLists: {
      ...dataListsOf([{ ...offer, journeys: order.journeys }]),
      PaxList: order.pax.map((p) => ({
        PaxID: p.id,
        PTC: p.ptc,
        Birthdate: p.birthdate,
        ...(p.gender ? { GenderCode: p.gender } : {}),
        Individual: { GivenName: p.givenName, Surname: p.surname, ...(p.title ? { TitleName: p.title } : {}) },
        ...(p.document
          ? {
              IdentityDoc: [
                {
                  IdentityDocTypeCode: p.document.type,
                  IdentityDocID: p.document.id,
                  IssuingCountryCode: p.document.issuingCountry,
                  CitizenshipCountryCode: p.document.citizenship,
                  ExpiryDate: p.document.expiry,
                },
              ],
            }
          : {}),
        ContactInfoRefID: contactId,
      })),
      ContactInfoList: [
        {
          ContactInfoID: contactId,
          EmailAddress: { EmailAddressText: order.contact.email },
          Phone: { PhoneNumber: order.contact.phone },
        },
      ],
    },
  };
}

export function reshopOfferToNdc(reshop: ReshopOffer, order: Order): Static<typeof ReshopOfferSchema> {
  const cur = order.offer.currency;
  return {
    ReshopOfferID: reshop.id,
    TypeCode: reshop.kind,
    OfferExpirationDateTime: reshop.expiresAt.toISOString(),
    JourneyOverview: journeyOverview(reshop.offer, reshop.offer.journeys),
    NewTotalAmount: ndcMoney(reshop.offer.totalMinor, cur),
    PriceDifferenceAmount: ndcMoney(reshop.differenceMinor, cur),
    PenaltyAmount: ndcMoney(reshop.penaltyMinor, cur),
    TotalDueAmount: ndcMoney(amountDueFor(reshop, order), cur),
    PriceClassRefID: priceClassIdOf(reshop.offer),
    FareBasisCode: [...(reshop.offer.items[0]?.fareBasis ?? [])],
    ...conditionsToNdc(reshop.offer),
  };
}
