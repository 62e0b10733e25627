// A fare's details re-priced with the airline now (a price change shows here, before booking),
// and the ancillaries the airline sells with it.
import type { Clock } from '../clock.js';
import { rateBookAt } from '../exchange-rates.js';
import type { Db } from '../../db/database.js';
import { listCompanyMarkups } from '../../db/markups.repository.js';
import type { AirlineProvider, SeatMap } from '../../providers/airline-provider.js';
import type { ChannelsService } from '../channels/channels.service.js';
import { notFound } from '../errors.js';
import type { Money } from '../../money.js';
import type { Principal } from '../principal.js';
import { parseFareId } from './fare-ids.js';
import { fareRulesOf, type FareRule } from './fare-rules.js';
import { markupFor } from './markups.js';
import { fareOf } from './offer-normalise.js';
import type { Fare, Offer } from './offer.js';
import { fromAirline } from './provider-errors.js';
import type { SearchService } from './search.service.js';

export interface OfferDetails {
  fare: Fare;
  offer: Offer;
  price_changed: boolean;
  previous_price: Money;
  fare_rules: FareRule[];
  warnings: string[];
}

export type AncillaryType = 'bags' | 'seats' | 'other';

export interface AncillaryList {
  fare_id: string;
  type: AncillaryType;
  services: {
    id: string;
    name: string;
    rfic: string;
    rfisc: string;
    weight_kg: number | null;
    origin_destination: number;
    flight_id: string | null;
    passenger_types: ('ADT' | 'CHD' | 'INF')[];
    price: Money;
  }[];
  seat_maps: {
    flight_id: string;
    cabin: string;
    columns: { id: string; position: string }[];
    rows: {
      number: number;
      seats: { column: string; available: boolean; characteristics: string[]; price: Money | null }[];
    }[];
  }[];
}

/** Seat maps as the API shows them (an offer's, and a booking's). */
export function seatMapsView(maps: readonly SeatMap[]): AncillaryList['seat_maps'] {
  return maps.map((m) => ({
    flight_id: m.segmentId,
    cabin: m.cabin,
    columns: m.columns.map((c) => ({ ...c })),
    rows: m.rows.map((r) => ({
      number: r.number,
      seats: r.seats.map((s) => ({ ...s, characteristics: [...s.characteristics] })),
    })),
  }));
}

export interface OfferDetailsService {
  details(principal: Principal, fareId: string, searchResultId: string): Promise<OfferDetails>;
  ancillaries(principal: Principal, fareId: string, type: AncillaryType): Promise<AncillaryList>;
}

export function createOfferDetailsService(deps: {
  db: Db;
  clock: Clock;
  provider: AirlineProvider;
  channels: ChannelsService;
  searches: SearchService;
}): OfferDetailsService {
  const channelOf = async (principal: Principal, fareId: string) => {
    const ids = parseFareId(fareId);
    if (!ids) throw notFound('fare');
    return { channel: await deps.channels.byId(principal, ids.channelId), airlineOfferId: ids.airlineOfferId };
  };

  return {
    async details(principal, fareId, searchResultId) {
      const { offer: searched, fare: previous } = await deps.searches.findFare(principal, searchResultId, fareId);
      const { channel, airlineOfferId } = await channelOf(principal, fareId);
      const [priced, markups, rates] = await Promise.all([
        fromAirline(deps.provider.price(channel, airlineOfferId)),
        principal.companyId ? listCompanyMarkups(deps.db, principal.companyId) : Promise.resolve([]),
        rateBookAt(deps.db, deps.clock.now()),
      ]);
      const fare = fareOf(
        channel.id,
        priced.offer,
        markupFor(markups, priced.offer.owner.code, priced.offer.cabin),
        rates,
      );
      return {
        fare,
        offer: { ...searched, fares: [fare] },
        price_changed: fare.price.amount !== previous.price.amount,
        previous_price: { amount: previous.price.amount, currency: previous.price.currency },
        fare_rules: fareRulesOf(fare),
        warnings: [...priced.warnings],
      };
    },

    async ancillaries(principal, fareId, type) {
      const { channel, airlineOfferId } = await channelOf(principal, fareId);
      if (type === 'seats') {
        const maps = await fromAirline(deps.provider.seats(channel, airlineOfferId));
        return {
          fare_id: fareId,
          type,
          services: [],
          seat_maps: seatMapsView(maps),
        };
      }
      const services = await fromAirline(deps.provider.services(channel, airlineOfferId));
      return {
        fare_id: fareId,
        type,
        services: services
          .filter((s) => s.kind === type)
          .map((s) => ({
            id: s.id,
            name: s.name,
            rfic: s.rfic,
            rfisc: s.rfisc,
            weight_kg: s.weightKg,
            origin_destination: Math.max(0, s.journeyIndex),
            flight_id: s.segmentId,
            passenger_types: [...s.passengerTypes],
            price: s.price,
          })),
        seat_maps: [],
      };
    },
  };
}
