// ServiceListRQ for a shopped offer or a booked order, and ServiceListRS read into service
// options. 21.3 says who may buy an item by PaxRefID (their PTC in DataLists/PaxList) and ties it
// to a journey (PaxJourneyRef) or to flights (PaxSegmentReferences, their journey from
// PaxJourneyList); a bag's weight is its BaggageAllowance. RFIC C is baggage (IATA reason for
// issuance codes); everything else is "other".
import type { PassengerType, ProviderChannel, ServiceOption } from '../airline-provider.js';
import { indexDataLists, moneyOf } from './offer-reader.js';
import { requestDocument } from './ndc-xml-request.js';
import { at, each, one, text, texts, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import { el, leaf, type XmlElement } from '@contrail/ndc-xml-tree/xml-write';

export type OfferOrOrder = { readonly offerId: string } | { readonly orderId: string };

/** OfferRequest/Offer or OrderRequest/Order, as ServiceList and SeatAvailability both ask. */
export function offerOrOrderRequest(ref: OfferOrOrder, owner: string): XmlElement {
  return 'offerId' in ref
    ? el('OfferRequest', el('Offer', leaf('OfferID', ref.offerId), leaf('OwnerCode', owner)))
    : el('OrderRequest', el('Order', leaf('OrderID', ref.orderId), leaf('OwnerCode', owner)));
}

export function serviceListRQ(channel: ProviderChannel, ref: OfferOrOrder): string {
  return requestDocument(
    'IATA_ServiceListRQ',
    channel.carrier,
    el('Request', el('ServiceListCoreRequest', offerOrOrderRequest(ref, channel.carrier))),
  );
}

export function serviceOptionsOf(response: XmlNode): ServiceOption[] {
  const lists = one(response, 'DataLists');
  const index = indexDataLists(lists);
  const definitions = new Map(
    each(lists, 'ServiceDefinitionList', 'ServiceDefinition').map((d) => [text(d, 'ServiceDefinitionID'), d]),
  );
  const items = each(response, 'ALaCarteOffer', 'OfferItem');
  const journeyOf = (item: XmlNode) => {
    const flights = at(item, 'Eligibility', 'OfferFlightAssociations');
    const segment = text(flights, 'PaxSegmentReferences', 'PaxSegmentRefID');
    return {
      journey:
        text(flights, 'PaxJourneyRef', 'PaxJourneyRefID') || (segment ? (index.journeyOfSegment(segment) ?? '') : ''),
      segment: segment || null,
    };
  };
  const journeys = [...new Set(items.map((i) => journeyOf(i).journey))];
  return items.flatMap((item): ServiceOption[] => {
    const definition = definitions.get(text(item, 'Service', 'ServiceDefinitionRefID'));
    if (!definition) return [];
    const weight = text(
      index.allowance(text(definition, 'ServiceDefinitionAssociation', 'BaggageAllowanceRef', 'BaggageAllowanceRefID')),
      'WeightAllowance',
      'MaximumWeightMeasure',
    );
    const { journey, segment } = journeyOf(item);
    const price = at(item, 'UnitPrice', 'TotalAmount');
    return [
      {
        id: text(item, 'OfferItemID'),
        kind: text(definition, 'RFIC') === 'C' ? 'bags' : 'other',
        code: text(definition, 'ServiceDefinitionID'),
        name: text(definition, 'Name'),
        rfic: text(definition, 'RFIC'),
        rfisc: text(definition, 'RFISC'),
        weightKg: weight ? Number(weight) : null,
        journeyIndex: journeys.indexOf(journey),
        segmentId: segment,
        passengerTypes: [
          ...new Set(texts(item, 'Eligibility', 'PaxRefID').map((id) => index.ptcOf(id))),
        ] as PassengerType[],
        price: moneyOf(price, ''),
      },
    ];
  });
}
