import Value from 'typebox/value';
import { afterAll, describe, expect, it } from 'vitest';
import { routeTriggers } from '../engine/scenarios.js';
import { OrderViewRS } from '../messages/order-view.schema.js';
import { bookOrder, change, contacts, orderCreateRQ, payment, shopOffer } from '../testing/order.fixture.js';
import { buildSandbox } from '../testing/sandbox.fixture.js';

const sandbox = buildSandbox();
afterAll(async () => (await sandbox).app.close());

describe('POST /ndc/OrderCreate and /ndc/OrderRetrieve', () => {
  it('holds an offer for named passengers: locator, HELD, time limit, total, passengers, segments', async () => {
    const s = await sandbox;
    const offer = await shopOffer(s, { carrier: 'LH', surnames: ['Kowalska', 'Nowak'] });
    const rbd = offer.JourneyOverview[0]!.RBD[0]!;
    const res = await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID, ['Kowalska', 'Nowak']));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(OrderViewRS, body)).toBe(true);
    expect(body.Order).toMatchObject({
      OwnerCode: 'LH',
      StatusCode: 'HELD',
      InstantPaymentRequired: false,
      PaymentTimeLimitDateTime: offer.PaymentTimeLimitDateTime,
      TotalPrice: offer.TotalPrice,
      AmountDue: offer.TotalPrice.TotalAmount,
      VoidDeadlineDateTime: null,
    });
    expect(body.Order.OrderID).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(body.DataLists.PaxList.map((p: { Individual: { Surname: string } }) => p.Individual.Surname)).toEqual([
      'Kowalska',
      'Nowak',
    ]);
    expect(body.DataLists.ContactInfoList[0].Phone.PhoneNumber).toBe('+48 600 100 200');
    expect(body.DataLists.PaxSegmentList[0].PaxSegmentID).toBe(rbd.PaxSegmentRefID);
    expect(body.TicketDocInfo).toEqual([]);
    // The seats are held: the class shows two fewer.
    const again = await shopOffer(s, { carrier: 'LH', surnames: ['A', 'B'] });
    const after = again.OfferID === offer.OfferID ? again.JourneyOverview[0]!.RBD[0]!.SeatsLeft : 0;
    expect(after).toBeLessThanOrEqual(Math.max(0, rbd.SeatsLeft - 2));
    const retrieved = await s.ndc('OrderRetrieve', { OrderID: body.Order.OrderID.toLowerCase() });
    expect(retrieved.statusCode).toBe(200);
    expect(retrieved.json().Order).toEqual(body.Order);
  });

  it("keeps the priced offer's taxes by code on each flight item; they add up to its tax total", async () => {
    const s = await sandbox;
    const offer = await shopOffer(s, { carrier: 'LH', surnames: ['Kowalska'] });
    const res = await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID, ['Kowalska']));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(OrderViewRS, body)).toBe(true);
    type Money = { Amount: string; CurCode: string };
    type Taxed = { TaxSummary: { Tax: { TaxCode: string; Amount: Money }[]; TotalTaxAmount: Money } };
    const item = body.Order.OrderItem.find((i: { TypeCode: string }) => i.TypeCode === 'FLIGHT');
    const offered = offer.OfferItem.find((i) => i.PTC === item.PTC)!;
    const price = item.Price as Taxed & { TotalTaxAmount: Money };
    expect(price.TaxSummary).toEqual((offered.Price as unknown as Taxed).TaxSummary);
    expect(price.TaxSummary.Tax.map((t) => t.TaxCode)).toContain('YQ');
    const cents = (m: Money) => Math.round(Number(m.Amount) * 100);
    const sum = price.TaxSummary.Tax.reduce((acc, t) => acc + cents(t.Amount), 0);
    expect(sum).toBe(cents(price.TaxSummary.TotalTaxAmount));
    expect(sum).toBe(cents(price.TotalTaxAmount));
  });

  it('sells a class out: orders keep taking seats until the class is gone', async () => {
    const s = await sandbox;
    const offer = await shopOffer(s, { route: ['WAW', 'MUC'], carrier: 'LH', family: 0 });
    const results: number[] = [];
    for (let i = 0; i < 10; i += 1) results.push((await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID))).statusCode);
    expect(results).toContain(200);
    expect(results.at(-1)).toBe(409);
    const last = await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID));
    expect(last.json().Errors.Error[0].Code).toBe('SOLD_OUT');
  });

  it('sold out at order: AMS-OSL answers SOLD_OUT naming the class', async () => {
    const s = await sandbox;
    const offer = await shopOffer(s, { route: routeTriggers.sold_out_at_order });
    const res = await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID));
    expect(res.statusCode).toBe(409);
    expect(res.json().Errors.Error[0]).toMatchObject({ Code: 'SOLD_OUT', TagText: '/OfferID' });
    expect(res.json().Errors.Error[0].DescText).toContain(offer.JourneyOverview[0]!.RBD[0]!.RBDCode);
  });

  it('price change: VIE-ZAG refuses the stale total once, like OfferPrice, then books at the new price', async () => {
    const s = await sandbox;
    const offer = await shopOffer(s, { route: routeTriggers.price_change });
    const first = await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID));
    expect(first.statusCode).toBe(409);
    expect(first.json().Errors.Error[0].Code).toBe('PRICE_CHANGED');
    const priced = (await s.ndc('OfferPrice', { OfferID: offer.OfferID })).json();
    expect(priced.PriceChangeInd).toBe(false);
    const second = await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID));
    expect(second.statusCode).toBe(200);
    expect(second.json().Order.TotalPrice).toEqual(priced.PricedOffer.TotalPrice);
    expect(Number(second.json().Order.TotalPrice.TotalAmount.Amount)).toBeGreaterThan(
      Number(offer.TotalPrice.TotalAmount.Amount),
    );
  });

  it('price change after OfferPrice: the priced offer books at the priced total', async () => {
    const s = await sandbox;
    const offer = await shopOffer(s, { route: routeTriggers.price_change, family: 2 });
    const priced = (await s.ndc('OfferPrice', { OfferID: offer.OfferID })).json();
    expect(priced.PriceChangeInd).toBe(true);
    const res = await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID));
    expect(res.json().Order.TotalPrice).toEqual(priced.PricedOffer.TotalPrice);
  });

  it('instant payment: ATH-HER orders must be paid within 20 minutes; PaymentFunctions issues at once', async () => {
    const s = await sandbox;
    const held = await bookOrder(s, { route: routeTriggers.instant_payment });
    expect(held.Order.InstantPaymentRequired).toBe(true);
    expect(Date.parse(held.Order.PaymentTimeLimitDateTime!) - Date.parse(held.Order.CreationDateTime)).toBe(
      20 * 60_000,
    );
    const offer = await shopOffer(s, { route: routeTriggers.instant_payment });
    const res = await s.ndc('OrderCreate', {
      ...orderCreateRQ(offer.OfferID),
      PaymentFunctions: payment(offer.TotalPrice.TotalAmount),
    });
    expect(res.json().Order.StatusCode).toBe('ISSUED');
    expect(res.json().TicketDocInfo).toHaveLength(1);
  });

  it('refuses expired offers, passenger counts that differ from the offer and contacts without a phone', async () => {
    const s = await sandbox;
    const offer = await shopOffer(s);
    const twoPax = await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID, ['A', 'B']));
    expect(twoPax.statusCode).toBe(400);
    expect(twoPax.json().Errors.Error[0]).toMatchObject({ Code: 'PAX_MISMATCH', TagText: '/PaxList' });
    const noPhone = await s.ndc('OrderCreate', {
      ...orderCreateRQ(offer.OfferID),
      ContactInfoList: [{ ContactInfoID: 'CI1', EmailAddress: contacts[0]!.EmailAddress }],
    });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().Errors.Error[0].Code).toBe('INVALID_REQUEST');
    s.clock.advance(31 * 60);
    const expired = await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().Errors.Error[0].Code).toBe('OFFER_EXPIRED');
  });

  it('keeps each channel to its own orders: another credential gets ORDER_NOT_FOUND, a bad locator 400', async () => {
    const s = await sandbox;
    const held = await bookOrder(s);
    const other = await s.ndc('OrderRetrieve', { OrderID: held.Order.OrderID }, 'sbx_other_agency');
    expect(other.statusCode).toBe(404);
    expect(other.json().Errors.Error[0].Code).toBe('ORDER_NOT_FOUND');
    const otherChange = await change(s, held.Order.OrderID, { CancelOrder: true }, 'sbx_other_agency');
    expect(otherChange.statusCode).toBe(404);
    expect((await s.ndc('OrderRetrieve', { OrderID: 'ZZZZZZ' })).json().Errors.Error[0].Code).toBe('ORDER_NOT_FOUND');
    const invalid = await s.ndc('OrderRetrieve', { OrderID: 'AB-12' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().Errors.Error[0]).toMatchObject({ Code: 'INVALID_REQUEST', TagText: '/OrderID' });
  });

  it('updates the contact on a live order (OrderChange UpdateContactInfo)', async () => {
    const s = await sandbox;
    const held = await bookOrder(s);
    const res = await change(s, held.Order.OrderID, {
      UpdateContactInfo: { Phone: { PhoneNumber: '+48 700 800 900' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().DataLists.ContactInfoList[0]).toMatchObject({
      EmailAddress: { EmailAddressText: 'agent@example.com' },
      Phone: { PhoneNumber: '+48 700 800 900' },
    });
    const empty = await change(s, held.Order.OrderID, { UpdateContactInfo: {} });
    expect(empty.statusCode).toBe(400);
  });

  it("corrects a passenger's title and birthdate before issue only (OrderChange UpdatePax)", async () => {
    const s = await sandbox;
    const held = await bookOrder(s, { surnames: ['Kowalska', 'Nowak'] });
    const res = await change(s, held.Order.OrderID, {
      UpdatePax: [{ PaxID: 'PAX2', Birthdate: '1990-07-01', TitleName: 'MR' }],
    });
    expect(res.statusCode).toBe(200);
    const pax = res.json().DataLists.PaxList;
    expect(pax[1]).toMatchObject({
      PaxID: 'PAX2',
      Birthdate: '1990-07-01',
      Individual: { Surname: 'Nowak', TitleName: 'MR' },
    });
    expect(pax[0]).toMatchObject({ PaxID: 'PAX1', Birthdate: '1985-03-14' });
    const unknown = await change(s, held.Order.OrderID, { UpdatePax: [{ PaxID: 'PAX9', TitleName: 'MS' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Errors.Error[0]).toMatchObject({
      Code: 'INVALID_REQUEST',
      TagText: '/ChangeOrder/UpdatePax/0/PaxID',
    });
    expect((await change(s, held.Order.OrderID, { UpdatePax: [{ PaxID: 'PAX1' }] })).statusCode).toBe(400);
    await change(s, held.Order.OrderID, { PaymentFunctions: payment(held.Order.AmountDue) });
    const issued = await change(s, held.Order.OrderID, { UpdatePax: [{ PaxID: 'PAX1', Birthdate: '1985-03-15' }] });
    expect(issued.statusCode).toBe(409);
    expect(issued.json().Errors.Error[0].Code).toBe('ORDER_ALREADY_ISSUED');
  });

  it('a carrier-bound channel cannot order another airline offer', async () => {
    const s = await sandbox;
    const offer = await shopOffer(s, { carrier: 'LO' });
    const res = await s.ndc('OrderCreate', orderCreateRQ(offer.OfferID), 'sbx_LH_channel1');
    expect(res.statusCode).toBe(404);
    expect(res.json().Errors.Error[0].Code).toBe('OFFER_NOT_FOUND');
  });

  it("keeps the seller's corporate ID and remarks apart from the airline's own, and shows them on retrieve", async () => {
    const s = await sandbox;
    const offer = await shopOffer(s, { carrier: 'LH', surnames: ['Kowalska'] });
    const res = await s.ndc('OrderCreate', {
      ...orderCreateRQ(offer.OfferID, ['Kowalska']),
      CorporateID: 'ACME-42',
      Remark: [{ RemarkText: 'GHOST SEG 1 LH1349 WAW-FRA 2026-12-01T07:05' }],
    });
    expect(res.statusCode).toBe(200);
    const again = (await s.ndc('OrderRetrieve', { OrderID: res.json().Order.OrderID })).json();
    expect(Value.Check(OrderViewRS, again)).toBe(true);
    expect(again.Order).toMatchObject({
      CorporateID: 'ACME-42',
      SellerRemark: ['GHOST SEG 1 LH1349 WAW-FRA 2026-12-01T07:05'],
      Remark: [],
    });
    const bad = await s.ndc('OrderCreate', { ...orderCreateRQ(offer.OfferID, ['Kowalska']), CorporateID: 'no spaces' });
    expect(bad.statusCode).toBe(400);
  });
});
