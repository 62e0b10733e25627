// OrderChangeNotifRQ: what the sandbox airlines push to a channel's notification URL when an order
// changes on the airline's side. It names the change; the receiver reads the detail with
// OrderRetrieve. NotifID is stable across retries, so a receiver can drop duplicates.
import Type, { type Static } from 'typebox';
import { DateTime, PayloadAttributes } from './common.schema.js';
import { OrderStatusCode } from './order-view.schema.js';

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
});
export type OrderChangeNotifRQ = Static<typeof OrderChangeNotifRQ>;

export const NotifySubscriptionRQ = Type.Object(
  { url: Type.Union([Type.String({ pattern: '^https?://', maxLength: 500 }), Type.Null()]) },
  { additionalProperties: false },
);
export type NotifySubscriptionRQ = Static<typeof NotifySubscriptionRQ>;
