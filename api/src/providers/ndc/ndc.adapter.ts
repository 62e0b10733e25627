// The AirlineProvider over NDC 21.3-shaped JSON messages: the shopping half here (AirShopping,
// OfferPrice, ServiceList, SeatAvailability), the order half composed in from ndc-order.adapter.ts.
// The sandbox airlines speak exactly this; so does any airline whose NDC API follows the same
// flattened JSON.
import {
  ProviderError,
  type AirlineProvider,
  type CallOptions,
  type ProviderChannel,
  type ScenarioEntry,
  type SeatMap,
  type ServiceOption,
} from '../airline-provider.js';
import { createNdcClient, type NdcClientOptions } from './ndc-client.js';
import type { AirShoppingRQ, AirShoppingRS, OfferPriceRS, SeatAvailabilityRS, ServiceListRS } from './ndc-messages.js';
import { fromNdcMoney, indexDataLists, offerOf } from './ndc-offer.mapper.js';
import { createNdcOrders } from './ndc-order.adapter.js';

type Ref = { OfferID: string } | { OrderID: string };

/** GET /sandbox/scenarios, one entry as the sandbox airlines send it. */
interface CatalogueWire {
  id: string;
  stage: ScenarioEntry['stage'];
  route: [string, string];
  days_ahead: number;
  surname: string | null;
  after_seconds: number | null;
  texts: ScenarioEntry['texts'];
}

/**
 * The sandbox airlines' credentials start so (`sbx_<carrier>_<holder>`, sandbox/README): a channel
 * holding one reaches the test system, whichever agency or token uses it.
 */
const sandboxPrefix = 'sbx_';

export function createNdcAdapter(options: NdcClientOptions): AirlineProvider {
  const send = createNdcClient(options);

  // ServiceList and SeatAvailability answer for a shopped offer or, after booking, for an order.
  async function servicesOf(channel: ProviderChannel, ref: Ref, call: CallOptions = {}): Promise<ServiceOption[]> {
    const answer = await send<ServiceListRS>('ServiceList', channel.credential, channel.carrier, ref, {
      ...call,
      safe: true,
    });
    const definitions = new Map(answer.ServiceDefinitionList.map((d) => [d.ServiceDefinitionID, d]));
    const journeys = [...new Set(answer.ALaCarteOffer.OfferItem.map((i) => i.PaxJourneyRefID))];
    return answer.ALaCarteOffer.OfferItem.flatMap((item): ServiceOption[] => {
      const definition = definitions.get(item.ServiceDefinitionRefID);
      if (!definition) return [];
      return [
        {
          id: item.OfferItemID,
          // RFIC C is baggage (IATA reason for issuance codes); everything else is "other".
          kind: definition.RFIC === 'C' ? 'bags' : 'other',
          code: definition.ServiceDefinitionID,
          name: definition.Name,
          rfic: definition.RFIC,
          rfisc: definition.RFISC,
          weightKg: definition.BaggageWeightKg ?? null,
          journeyIndex: journeys.indexOf(item.PaxJourneyRefID),
          segmentId: item.PaxSegmentRefID ?? null,
          passengerTypes: item.EligiblePTC,
          price: fromNdcMoney(item.UnitPrice),
        },
      ];
    });
  }

  async function seatsOf(channel: ProviderChannel, ref: Ref, call: CallOptions = {}): Promise<SeatMap[]> {
    const answer = await send<SeatAvailabilityRS>('SeatAvailability', channel.credential, channel.carrier, ref, {
      ...call,
      safe: true,
    });
    return answer.SeatMap.map((map) => ({
      segmentId: map.PaxSegmentRefID,
      cabin: map.CabinCompartment.CabinTypeCode,
      columns: map.CabinCompartment.ColumnID.map((c) => ({ id: c.ID, position: c.Position })),
      rows: map.CabinCompartment.SeatRow.map((row) => ({
        number: row.RowNumber,
        seats: row.Seat.map((seat) => ({
          column: seat.ColumnID,
          available: seat.OccupationStatusCode === 'F',
          characteristics: seat.SeatCharacteristicCode,
          price: seat.Price ? fromNdcMoney(seat.Price) : null,
        })),
      })),
    }));
  }

  return {
    isSandboxCredential: (credential) => credential.startsWith(sandboxPrefix),
    sandboxCredential: (carrier, holder) => `${sandboxPrefix}${carrier}_${holder}`,

    async ping(call = {}) {
      // The airline system's health endpoint, outside the NDC messages: no credential, no retry.
      const signal = call.signal ?? AbortSignal.timeout(options.timeoutMs);
      let res: Response;
      try {
        res = await fetch(`${options.baseUrl.replace(/\/$/, '')}/health`, { signal });
      } catch (error) {
        if (signal.aborted) throw new ProviderError('timeout', 'The airline did not answer in time.', 'NDC');
        throw new ProviderError('unavailable', 'The airline could not be reached.', 'NDC', { cause: error });
      }
      await res.body?.cancel();
      if (!res.ok) throw new ProviderError('unavailable', `The airline answered ${res.status}.`, 'NDC');
    },

    async scenarioCatalogue(call = {}) {
      // The test system's own catalogue, outside the NDC messages: no credential.
      const signal = call.signal ?? AbortSignal.timeout(options.timeoutMs);
      let res: Response;
      try {
        res = await fetch(`${options.baseUrl.replace(/\/$/, '')}/sandbox/scenarios`, { signal });
      } catch (error) {
        if (signal.aborted) throw new ProviderError('timeout', 'The airline did not answer in time.', 'NDC');
        throw new ProviderError('unavailable', 'The airline could not be reached.', 'NDC', { cause: error });
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new ProviderError('unavailable', `The airline answered ${res.status}.`, 'NDC');
      }
      const body = (await res.json()) as { scenarios: CatalogueWire[] };
      return body.scenarios.map((s) => ({
        id: s.id,
        stage: s.stage,
        route: s.route,
        daysAhead: s.days_ahead,
        surname: s.surname,
        afterSeconds: s.after_seconds,
        texts: s.texts,
      }));
    },

    async shop(channel, request, call = {}) {
      const message: AirShoppingRQ = {
        OriginDestCriteria: request.legs.map((l) => ({
          OriginCode: l.origin,
          DestCode: l.destination,
          DepDate: l.date,
        })),
        PaxList: request.passengers.filter((p) => p.count > 0).map((p) => ({ PTC: p.type, Quantity: p.count })),
        CabinTypeCode: request.cabin,
        CarrierCriteria: [channel.carrier],
        ...(channel.negoCode ? { NegoCode: channel.negoCode } : {}),
        ...(channel.residentCode ? { ResidentCode: channel.residentCode } : {}),
      };
      const answer = await send<AirShoppingRS>('AirShopping', channel.credential, channel.carrier, message, {
        ...call,
        safe: true,
      });
      const index = indexDataLists(answer.DataLists);
      return answer.OffersGroup.CarrierOffers.flatMap((group) =>
        group.Offer.map((offer) => offerOf(offer, group.CarrierName, index)),
      );
    },

    async price(channel, offerId, call = {}) {
      const answer = await send<OfferPriceRS>(
        'OfferPrice',
        channel.credential,
        channel.carrier,
        { OfferID: offerId },
        {
          ...call,
          safe: true,
        },
      );
      const index = indexDataLists(answer.DataLists);
      const ownerName =
        answer.DataLists.PaxSegmentList.find(
          (s) => s.MarketingCarrierInfo.CarrierDesigCode === answer.PricedOffer.OwnerCode,
        )?.MarketingCarrierInfo.CarrierName ?? answer.PricedOffer.OwnerCode;
      return {
        offer: offerOf(answer.PricedOffer, ownerName, index),
        priceChanged: answer.PriceChangeInd,
        previousTotal: fromNdcMoney(answer.PreviousTotalAmount),
        // A price change is already said by priceChanged and previousTotal; the rest are the airline's notes.
        warnings: answer.Warning.filter((w) => w.Code !== 'PRICE_CHANGED').map((w) => w.DescText),
      };
    },

    services: (channel, offerId, call) => servicesOf(channel, { OfferID: offerId }, call),
    seats: (channel, offerId, call) => seatsOf(channel, { OfferID: offerId }, call),
    ...createNdcOrders(send, { services: servicesOf, seats: seatsOf }),
  };
}
