// Order-half test builders: shop a route, book an offer for named passengers, pay what is due.
import type { OfferSchema } from '../messages/air-shopping.schema.js';
import type { PaymentFunctions } from '../messages/order-common.schema.js';
import type { OrderViewRS } from '../messages/order-view.schema.js';
import { leg, offersOf, shoppingRQ, type Sandbox } from './sandbox.fixture.js';

export interface BookOptions {
  readonly route?: readonly [string, string];
  readonly date?: string;
  readonly carrier?: string;
  /** 0 Light, 1 Classic, 2 Flex (the PriceClassRefID's last digit). */
  readonly family?: 0 | 1 | 2;
  readonly surnames?: readonly string[];
  readonly credential?: string;
}

export function paxList(surnames: readonly string[]) {
  return surnames.map((surname, i) => ({
    PaxID: `PAX${i + 1}`,
    PTC: 'ADT' as const,
    Birthdate: '1985-03-14',
    Individual: { GivenName: 'Anna', Surname: surname },
  }));
}

export const contacts = [
  {
    ContactInfoID: 'CI1',
    EmailAddress: { EmailAddressText: 'agent@example.com' },
    Phone: { PhoneNumber: '+48 600 100 200' },
  },
];

export function orderCreateRQ(offerId: string, surnames: readonly string[] = ['Kowalska']) {
  return { OfferID: offerId, PaxList: paxList(surnames), ContactInfoList: contacts };
}

export async function shopOffer(sandbox: Sandbox, options: BookOptions = {}): Promise<OfferSchema> {
  const [from, to] = options.route ?? ['WAW', 'FRA'];
  const rq = shoppingRQ({
    OriginDestCriteria: [leg(from, to, options.date)],
    PaxList: [{ PTC: 'ADT', Quantity: options.surnames?.length ?? 1 }],
    ...(options.carrier ? { CarrierCriteria: [options.carrier] } : {}),
  });
  const offers = offersOf((await sandbox.ndc('AirShopping', rq, options.credential)).json());
  const offer = offers.find((o) => options.family === undefined || o.PriceClassRefID.endsWith(String(options.family)));
  if (!offer) throw new Error(`no offer on ${from}-${to}`);
  return offer;
}

/** Shops and books; answers the OrderViewRS of a held order. */
export async function bookOrder(sandbox: Sandbox, options: BookOptions = {}): Promise<OrderViewRS> {
  const offer = await shopOffer(sandbox, options);
  const res = await sandbox.ndc('OrderCreate', orderCreateRQ(offer.OfferID, options.surnames), options.credential);
  if (res.statusCode !== 200) throw new Error(`OrderCreate ${res.statusCode}: ${res.body}`);
  return res.json();
}

export const payment = (
  amount: { Amount: string; CurCode: string },
  typeCode: 'CA' | 'CC' | 'AGT' = 'CA',
): PaymentFunctions => ({
  PaymentMethod: {
    TypeCode: typeCode,
    ...(typeCode === 'CC'
      ? { PaymentCard: { CardBrandCode: 'VI', CardNumber: '4111111111111111', ExpirationDate: '1229' } }
      : {}),
  },
  Amount: amount,
});

export const change = (sandbox: Sandbox, orderId: string, changeOrder: object, credential?: string) =>
  sandbox.ndc('OrderChange', { OrderID: orderId, ChangeOrder: changeOrder }, credential);

/** Books and issues (cash); answers the issued OrderViewRS. */
export async function issuedOrder(sandbox: Sandbox, options: BookOptions = {}): Promise<OrderViewRS> {
  const held = await bookOrder(sandbox, options);
  const res = await change(
    sandbox,
    held.Order.OrderID,
    { PaymentFunctions: payment(held.Order.AmountDue) },
    options.credential,
  );
  if (res.statusCode !== 200) throw new Error(`issue ${res.statusCode}: ${res.body}`);
  return res.json();
}
