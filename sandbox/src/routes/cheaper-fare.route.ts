// POST /sandbox/orders/cheaper_fare: "a cheaper class appears". The airline opens a cheaper class
// on one of the channel's orders' flights, with conditions equal to the order's (a lower class of
// the same fare family) or worse (the family below); the next OrderReshop Reprice finds it, and
// OrderCreate books its reshop offer as a new order. Test systems only, like every /sandbox route.
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { openCheaperFare } from '../engine/order-reshop.js';
import { channelOfRequest } from '../http/channel-credential.js';
import { parseBody } from '../http/parse-body.js';
import type { NdcRouteDeps } from './ndc-route-deps.js';

const CheaperFareRQ = Type.Object(
  {
    OrderID: Type.String({ pattern: '^[A-Z0-9]{6}$' }),
    BookingRef: Type.Optional(Type.Object({ BookingID: Type.String({ minLength: 1, maxLength: 64 }) })),
    ConditionsCode: Type.Enum(['EQUAL', 'WORSE']),
  },
  { additionalProperties: false },
);

export default function cheaperFareRoute(app: FastifyInstance, { engine }: NdcRouteDeps): void {
  app.post('/sandbox/orders/cheaper_fare', async (request) => {
    const { credential } = channelOfRequest(request);
    const rq = parseBody(CheaperFareRQ, request.body);
    const order = engine.orders.find(credential, rq.OrderID, rq.BookingRef?.BookingID);
    openCheaperFare(engine.orders, order, rq.ConditionsCode);
    return { OrderID: order.id, ConditionsCode: rq.ConditionsCode };
  });
}
