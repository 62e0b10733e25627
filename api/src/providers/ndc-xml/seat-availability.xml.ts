// SeatAvailabilityRQ (the schema's own spelling: SeatAvailibilityCoreRequest) for a shopped offer
// or a booked order, and SeatAvailabilityRS read into seat maps. A seat's price is the a-la-carte
// item it points to (Seat/OfferItemRefID → ALaCarteOffer/OfferItem/UnitPrice); a seat without one
// is free of charge. Column positions are the columns' seat characteristic codes.
import type { ProviderChannel, SeatMap } from '../airline-provider.js';
import { moneyOf } from './offer-reader.js';
import { requestDocument } from './ndc-xml-request.js';
import { offerOrOrderRequest, type OfferOrOrder } from './service-list.xml.js';
import { all, at, each, one, text, texts, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import { el } from '@contrail/ndc-xml-tree/xml-write';

export function seatAvailabilityRQ(channel: ProviderChannel, ref: OfferOrOrder): string {
  return requestDocument(
    'IATA_SeatAvailabilityRQ',
    channel.carrier,
    el('Request', el('SeatAvailibilityCoreRequest', offerOrOrderRequest(ref, channel.carrier))),
  );
}

/** Occupation status F is free (PADIS); anything else is taken. */
export function seatMapsOf(response: XmlNode): SeatMap[] {
  const prices = new Map(
    each(response, 'ALaCarteOffer', 'OfferItem').map((i) => [
      text(i, 'OfferItemID'),
      at(i, 'UnitPrice', 'TotalAmount'),
    ]),
  );
  return all(response, 'SeatMap').map((map) => {
    const cabin = one(map, 'CabinCompartment');
    return {
      segmentId: text(map, 'PaxSegmentRefID'),
      cabin: text(cabin, 'CabinType', 'CabinTypeCode'),
      columns: all(cabin, 'SeatColumn').map((c) => ({
        id: text(c, 'ColumnID'),
        position: text(c, 'SeatCharacteristicCode'),
      })),
      rows: all(cabin, 'SeatRow').map((row) => ({
        number: Number(text(row, 'RowNumber')),
        seats: all(row, 'Seat').map((seat) => {
          const price = prices.get(text(seat, 'OfferItemRefID'));
          return {
            column: text(seat, 'ColumnID'),
            available: text(seat, 'OccupationStatusCode') === 'F',
            characteristics: texts(seat, 'SeatCharacteristicCode'),
            price: price ? moneyOf(price, '') : null,
          };
        }),
      })),
    };
  });
}
