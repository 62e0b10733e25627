// POST /ndc/ServiceList: bags, meals, wifi, lounge and priority boarding for a shopped offer.
import { money } from '../engine/money.js';
import { parseBody } from '../http/parse-body.js';
import { ServiceListRQ, type ServiceListRS } from '../messages/service-list.schema.js';
import { journeyIdOf, segmentIdOf } from '../messages/offer.mapper.js';
import type { NdcMessage, NdcRouteDeps } from './ndc-route-deps.js';
import { offerOrOrderFor } from './offer-price.route.js';

export default function serviceListMessage({ engine, latency }: NdcRouteDeps): NdcMessage<ServiceListRS> {
  return async ({ body, channel }): Promise<ServiceListRS> => {
    const rq = parseBody(ServiceListRQ, body);
    const offer = offerOrOrderFor(engine, channel.credential, rq);
    await latency([offer.owner.code]);
    const services = engine.services(offer);
    const definitions = new Map<string, ServiceListRS['ServiceDefinitionList'][number]>();
    for (const s of services) {
      definitions.set(s.code, {
        ServiceDefinitionID: s.code,
        Name: s.name,
        RFIC: s.rfic,
        RFISC: s.rfisc,
        ...(s.weightKg ? { BaggageWeightKg: s.weightKg } : {}),
      });
    }
    return {
      PayloadAttributes: { Version: '21.3', Timestamp: engine.clock.now().toISOString() },
      OfferID: offer.id,
      ServiceDefinitionList: [...definitions.values()],
      ALaCarteOffer: {
        OfferItem: services.map((s) => {
          const journey = offer.journeys[s.journeyIndex]!;
          const segment = journey.segments.find((seg) => seg.flight.key === s.flightKey);
          const price = money(s.priceMinor, s.currency);
          return {
            OfferItemID: s.id,
            ServiceDefinitionRefID: s.code,
            PaxJourneyRefID: journeyIdOf(journey),
            ...(segment ? { PaxSegmentRefID: segmentIdOf(segment) } : {}),
            // Infants travel without their own seat, bag or meal entitlement.
            EligiblePTC: ['ADT', 'CHD'] as Array<'ADT' | 'CHD'>,
            UnitPrice: { Amount: price.amount, CurCode: price.currency },
          };
        }),
      },
    };
  };
}
