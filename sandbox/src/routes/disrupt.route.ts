// POST /sandbox/orders/disrupt: "disrupt this order". The airline changes one of the channel's
// orders on its own (delay, retime, new flight number, cancellation with protection, a shorter
// hold) and pushes its OrderChangeNotif, full or light, to the channel's URL; the seller answers
// with OrderChange AcknowledgeChange before the deadline. Test systems only, like every /sandbox route.
import type { FastifyInstance } from 'fastify';
import { disruptOrder } from '../engine/order-disruption.js';
import { channelOfRequest } from '../http/channel-credential.js';
import { NdcFailure } from '../http/ndc-errors.js';
import { parseBody } from '../http/parse-body.js';
import { DisruptOrderRQ } from '../messages/order-change-notif.schema.js';
import type { NdcRouteDeps } from './ndc-route-deps.js';

export default function disruptRoute(app: FastifyInstance, { engine }: NdcRouteDeps): void {
  app.post('/sandbox/orders/disrupt', async (request) => {
    const { credential } = channelOfRequest(request);
    const rq = parseBody(DisruptOrderRQ, request.body);
    const deadline = new Date(rq.ActionDeadlineDateTime);
    if (Number.isNaN(deadline.getTime()) || deadline <= engine.clock.now())
      throw new NdcFailure(
        'INVALID_REQUEST',
        'The action deadline must be a moment in the future.',
        '/ActionDeadlineDateTime',
      );
    const order = engine.orders.find(credential, rq.OrderID, rq.BookingRef?.BookingID);
    const disruption = disruptOrder(engine.orders, order, {
      kind: rq.KindCode,
      ...(rq.Minutes === undefined ? {} : { minutes: rq.Minutes }),
      notice: rq.NoticeTypeCode,
      deadline,
      consequence: rq.ConsequenceCode,
      ...(rq.Repeat === undefined ? {} : { repeat: rq.Repeat }),
    });
    return {
      NotifID: disruption.id,
      OrderID: order.id,
      KindCode: disruption.kind,
      ActionDeadlineDateTime: disruption.deadline.toISOString(),
    };
  });
}
