// Every NDC message the sandbox airlines answer, by name, built once over the same engine: the
// JSON routes (ndc.routes.ts) and the 21.3 XML face (ndc-xml/ndc-xml.routes.ts) both call these,
// so an XML message costs one pass through the engine and the sandbox's HTTP hooks, not two.
import type { AirShoppingRS } from '../messages/air-shopping.schema.js';
import type { OfferPriceRS } from '../messages/offer-price.schema.js';
import type { OrderReshopRS } from '../messages/order-reshop.schema.js';
import type { OrderViewRS } from '../messages/order-view.schema.js';
import type { SeatAvailabilityRS } from '../messages/seat-availability.schema.js';
import type { ServiceListRS } from '../messages/service-list.schema.js';
import airShoppingMessage from './air-shopping.route.js';
import type { NdcMessageName } from './ndc-message-call.js';
import type { NdcMessage, NdcRouteDeps } from './ndc-route-deps.js';
import offerPriceMessage from './offer-price.route.js';
import orderChangeMessage from './order-change.route.js';
import orderCreateMessage from './order-create.route.js';
import orderReshopMessage from './order-reshop.route.js';
import orderRetrieveMessage from './order-retrieve.route.js';
import seatAvailabilityMessage from './seat-availability.route.js';
import serviceListMessage from './service-list.route.js';

export interface NdcMessages extends Record<NdcMessageName, NdcMessage<unknown>> {
  readonly AirShopping: NdcMessage<AirShoppingRS>;
  readonly OfferPrice: NdcMessage<OfferPriceRS>;
  readonly ServiceList: NdcMessage<ServiceListRS>;
  readonly SeatAvailability: NdcMessage<SeatAvailabilityRS>;
  readonly OrderCreate: NdcMessage<OrderViewRS>;
  readonly OrderRetrieve: NdcMessage<OrderViewRS>;
  readonly OrderChange: NdcMessage<OrderViewRS>;
  readonly OrderReshop: NdcMessage<OrderReshopRS>;
}

export function createNdcMessages(deps: NdcRouteDeps): NdcMessages {
  return {
    AirShopping: airShoppingMessage(deps),
    OfferPrice: offerPriceMessage(deps),
    ServiceList: serviceListMessage(deps),
    SeatAvailability: seatAvailabilityMessage(deps),
    OrderCreate: orderCreateMessage(deps),
    OrderRetrieve: orderRetrieveMessage(deps),
    OrderChange: orderChangeMessage(deps),
    OrderReshop: orderReshopMessage(deps),
  };
}
