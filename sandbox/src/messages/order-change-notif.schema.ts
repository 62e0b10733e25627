// OrderChangeNotifRQ: what the sandbox airlines push to a channel's notification URL when an order
// changes on the airline's side. A light notice only names the change; the receiver reads the
// detail with OrderRetrieve. A full notice (a disruption sent `FULL`) carries the whole order as
// OrderRetrieve would answer it, in `OrderViewRS`. NotifID is stable across retries, so a receiver
// can drop duplicates.
import Type, { type Static } from 'typebox';
import { DateTime, PayloadAttributes } from './common.schema.js';
import { OrderStatusCode, OrderViewRS } from './order-view.schema.js';

export const OrderChangeTypeCode = Type.Enum([
  'SCHEDULE_CHANGE',
  'AIRLINE_CANCELLATION',
  'TIME_LIMIT_CHANGE',
  'HOLD_EXPIRED',
  'EMD_ISSUED',
]);

export const OrderChangeNotifRQ = Type.Object({
  PayloadAttributes,
  NotifID: Type.String(),
  OrderID: Type.String(),
  OwnerCode: Type.String(),
  ChangeTypeCode: OrderChangeTypeCode,
  DescText: Type.String(),
  OccurredDateTime: DateTime,
  Order: Type.Object({
    StatusCode: OrderStatusCode,
    PaymentTimeLimitDateTime: Type.Union([DateTime, Type.Null()]),
  }),
  NoticeTypeCode: Type.Optional(Type.Enum(['FULL', 'LIGHT'])),
  OrderViewRS: Type.Optional(OrderViewRS),
});
export type OrderChangeNotifRQ = Static<typeof OrderChangeNotifRQ>;

export const NotifySubscriptionRQ = Type.Object(
  {
    url: Type.Union([Type.String({ pattern: '^https?://', maxLength: 500 }), Type.Null()]),
    /** How notices reach the URL: NDC-shaped JSON (the default) or NDC 21.3 XML. */
    format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('xml')])),
  },
  { additionalProperties: false },
);
export type NotifySubscriptionRQ = Static<typeof NotifySubscriptionRQ>;

export const DisruptOrderRQ = Type.Object(
  {
    OrderID: Type.String({ pattern: '^[A-Z0-9]{6}$' }),
    BookingRef: Type.Optional(Type.Object({ BookingID: Type.String({ minLength: 1, maxLength: 64 }) })),
    KindCode: Type.Enum(['DELAY', 'RETIME', 'FLIGHT_NUMBER_CHANGE', 'CANCELLATION', 'TIME_LIMIT_CHANGE']),
    Minutes: Type.Optional(Type.Integer({ minimum: -1440, maximum: 1440 })),
    NoticeTypeCode: Type.Enum(['FULL', 'LIGHT']),
    ActionDeadlineDateTime: DateTime,
    ConsequenceCode: Type.Enum(['AUTO_ACCEPT', 'AUTO_CANCEL']),
    Repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  },
  { additionalProperties: false },
);
export type DisruptOrderRQ = Static<typeof DisruptOrderRQ>;
