// OfferPriceRQ for one shopped offer and OfferPriceRS read into a priced offer. 21.3 names the
// offer's items and travellers (SelectedOfferItem/PaxRefID), which the port does not carry: they
// come from the adapter's memory of what it shopped (lost on restart or on another process: then
// the offer alone is named). 21.3 has no price-change indicator: the new total is compared with the
// shopped one, and an airline's PRICE_CHANGED warning (its TagText the old total) stands in when
// the shopped total is not known here.
import { toMinor, type Money } from '../../money.js';
import type { PricedOffer, ProviderChannel } from '../airline-provider.js';
import type { ShoppedOffer } from './air-shopping.xml.js';
import { extrasOf, indexDataLists, offerOf } from './offer-reader.js';
import { requestDocument } from './ndc-xml-request.js';
import { all, one, text, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import { el, leaf } from '@contrail/ndc-xml-tree/xml-write';

export function offerPriceRQ(channel: ProviderChannel, offerId: string, shopped: ShoppedOffer | undefined): string {
  const items = shopped?.items.length ? shopped.items : [{ id: offerId, paxIds: ['PAX1'] }];
  return requestDocument(
    'IATA_OfferPriceRQ',
    channel.carrier,
    el(
      'Request',
      el(
        'PricedOffer',
        el(
          'SelectedOfferList',
          el(
            'SelectedOffer',
            leaf('OfferRefID', offerId),
            leaf('OwnerCode', shopped?.owner ?? channel.carrier),
            items.map((item) =>
              el(
                'SelectedOfferItem',
                leaf('OfferItemRefID', item.id),
                item.paxIds.map((id) => leaf('PaxRefID', id)!),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

function warnedPreviousTotal(response: XmlNode): Money | null {
  const warning = all(response, 'Warning').find((w) => text(w, 'Code') === 'PRICE_CHANGED');
  const match = /^(-?\d+(?:\.\d+)?)\s+([A-Z]{3})$/.exec(text(warning, 'TagText'));
  return match ? { amount: match[1]!, currency: match[2]! } : null;
}

export function pricedOfferOf(root: XmlNode, response: XmlNode, shopped: ShoppedOffer | undefined): PricedOffer {
  const offer = offerOf(one(response, 'PricedOffer')!, indexDataLists(one(response, 'DataLists')), extrasOf(root));
  const warned = warnedPreviousTotal(response);
  const previousTotal = shopped?.total ?? warned ?? offer.total;
  return {
    offer,
    priceChanged:
      toMinor(previousTotal.amount) !== toMinor(offer.total.amount) || previousTotal.currency !== offer.total.currency,
    previousTotal,
    warnings: all(response, 'Warning')
      .filter((w) => text(w, 'Code') !== 'PRICE_CHANGED')
      .map((w) => text(w, 'DescText')),
  };
}
