// OrderChangeNotif end to end: a real HTTP receiver on a free port gets what the sandbox pushes
// when its clock passes a scenario's moment.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Value from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderScenarioTimings, routeTriggers } from '../engine/scenarios.js';
import { OrderChangeNotifRQ } from '../messages/order-change-notif.schema.js';
import { bookOrder, issuedOrder } from '../testing/order.fixture.js';
import { buildSandbox, type Sandbox } from '../testing/sandbox.fixture.js';

const received: Array<{ path: string; body: OrderChangeNotifRQ }> = [];
/** Answers 500 this many times before accepting, to exercise the retry. */
let failuresLeft = 0;
/** XML pushes, and the answers the receiver gives them in turn (then an OK acknowledgement). */
const xmlReceived: string[] = [];
const xmlAnswers: string[] = [];
const ack = (status: string) =>
  '<?xml version="1.0"?><IATA_Acknowledgement xmlns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage">' +
  `<Notification><c:StatusCode xmlns:c="urn:any">${status}</c:StatusCode></Notification></IATA_Acknowledgement>`;
let receiver: Server;
let base = '';
let s: Sandbox;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.headers['content-type'] === 'application/xml') {
        xmlReceived.push(raw);
        res.writeHead(200, { 'content-type': 'application/xml' }).end(xmlAnswers.shift() ?? ack('OK'));
        return;
      }
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        res.writeHead(500).end();
        return;
      }
      received.push({ path: req.url ?? '', body: JSON.parse(raw) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  s = await buildSandbox({ notifyUrl: `${base}/default` });
});
afterAll(async () => {
  await s.app.close();
  await new Promise((resolve) => receiver.close(resolve));
});

const notifsFor = (orderId: string) => received.filter((r) => r.body.OrderID === orderId);

describe('OrderChangeNotif', () => {
  it('schedule change: BRU-OPO is retimed +95 min an hour after booking; the push and OrderRetrieve show it', async () => {
    const held = await bookOrder(s, { route: routeTriggers.schedule_change });
    const departure = held.DataLists.PaxSegmentList[0]!.Dep.AircraftScheduledDateTime;
    await s.moveClock(orderScenarioTimings.scheduleChangeAfterSeconds - 1);
    await s.notifier.settled();
    expect(notifsFor(held.Order.OrderID)).toEqual([]);
    await s.moveClock(1);
    await s.notifier.settled();
    const [notif] = notifsFor(held.Order.OrderID);
    expect(Value.Check(OrderChangeNotifRQ, notif!.body)).toBe(true);
    expect(notif).toMatchObject({
      path: '/default',
      body: { ChangeTypeCode: 'SCHEDULE_CHANGE', Order: { StatusCode: 'HELD' } },
    });
    const after = (await s.ndc('OrderRetrieve', { OrderID: held.Order.OrderID })).json();
    const moved = after.DataLists.PaxSegmentList[0].Dep.AircraftScheduledDateTime;
    expect(Date.parse(moved) - Date.parse(departure)).toBe(95 * 60_000);
    expect(after.Order.Remark[0]).toMatch(/Schedule change/);
  });

  it('airline cancellation: MAD-PMI is cancelled by the airline two hours after booking, issued or not', async () => {
    const issued = await issuedOrder(s, { route: routeTriggers.airline_cancellation, family: 0 });
    await s.moveClock(orderScenarioTimings.airlineCancellationAfterSeconds);
    await s.notifier.settled();
    expect(notifsFor(issued.Order.OrderID).map((n) => n.body.ChangeTypeCode)).toEqual(['AIRLINE_CANCELLATION']);
    const after = (await s.ndc('OrderRetrieve', { OrderID: issued.Order.OrderID })).json();
    expect(after.Order.StatusCode).toBe('AIRLINE_CANCELLED');
    // The refund is involuntary: everything back, no penalty, even on a Light fare.
    const quote = (
      await s.ndc('OrderChange', { OrderID: issued.Order.OrderID, ChangeOrder: { RequestRefundQuote: true } })
    ).json().RefundQuote;
    expect(quote.RefundAmount).toEqual(issued.Order.TotalPrice.TotalAmount);
    expect(quote.PenaltyAmount.Amount).toBe('0.00');
  });

  it('time-limit change: surname SHORTTL has its hold shortened 30 minutes after booking', async () => {
    const held = await bookOrder(s, { surnames: ['Shorttl'] });
    await s.moveClock(orderScenarioTimings.timeLimitChangeAfterSeconds);
    await s.notifier.settled();
    const [notif] = notifsFor(held.Order.OrderID);
    expect(notif!.body.ChangeTypeCode).toBe('TIME_LIMIT_CHANGE');
    const expected = Date.parse(held.Order.CreationDateTime) + (1800 + 7200) * 1000;
    expect(Date.parse(notif!.body.Order.PaymentTimeLimitDateTime!)).toBe(expected);
  });

  it('hold expiry: an unpaid order expires at its time limit, releases its seats and is dropped a day later', async () => {
    // A flight no other test here books, so the seat count moves only with this order.
    const held = await bookOrder(s, { route: ['MUC', 'LIS'], carrier: 'LH' });
    const order = s.engine.orders.store.get('sbx_agency_test', held.Order.OrderID);
    const [flightKey, rbd] = [order.journeys[0]!.segments[0]!.flight.key, order.offer.rbds[0]![0]!];
    const seatsHeld = s.engine.inventory.seatsLeft(flightKey, rbd);
    const limit = Date.parse(held.Order.PaymentTimeLimitDateTime!);
    await s.app.inject({ method: 'POST', url: '/sandbox/clock', payload: { set: new Date(limit).toISOString() } });
    await s.notifier.settled();
    expect(notifsFor(held.Order.OrderID).map((n) => n.body.ChangeTypeCode)).toEqual(['HOLD_EXPIRED']);
    expect((await s.ndc('OrderRetrieve', { OrderID: held.Order.OrderID })).json().Order.StatusCode).toBe('EXPIRED');
    expect(s.engine.inventory.seatsLeft(flightKey, rbd)).toBe(seatsHeld + 1);
    await s.moveClock(orderScenarioTimings.purgeAfterSeconds);
    const gone = await s.ndc('OrderRetrieve', { OrderID: held.Order.OrderID });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().Errors.Error[0].Code).toBe('ORDER_NOT_FOUND');
  });

  it('retries a failing receiver and uses the URL a credential registered; deliveries are listed', async () => {
    const credential = 'sbx_agency_hooks';
    const auth = { authorization: `Bearer ${credential}` };
    const put = await s.app.inject({
      method: 'PUT',
      url: '/sandbox/notify_url',
      headers: auth,
      payload: { url: `${base}/mine` },
    });
    expect(put.json()).toEqual({ url: `${base}/mine`, format: 'json' });
    const held = await bookOrder(s, { route: routeTriggers.schedule_change, credential });
    failuresLeft = 2;
    await s.moveClock(3600);
    await s.notifier.settled();
    expect(notifsFor(held.Order.OrderID).map((n) => n.path)).toEqual(['/mine']);
    const list = (await s.app.inject({ url: '/sandbox/notifications', headers: auth })).json().Notifications;
    expect(list).toEqual([
      expect.objectContaining({ OrderID: held.Order.OrderID, Format: 'json', Attempts: 3, StatusCode: 'DELIVERED' }),
    ]);
    const bad = await s.app.inject({
      method: 'PUT',
      url: '/sandbox/notify_url',
      headers: auth,
      payload: { url: 'ftp://x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('pushes 21.3 XML to a URL registered as XML, until the seller acknowledges OK', async () => {
    const credential = 'sbx_agency_xml';
    const auth = { authorization: `Bearer ${credential}` };
    const put = await s.app.inject({
      method: 'PUT',
      url: '/sandbox/notify_url',
      headers: auth,
      payload: { url: `${base}/xml`, format: 'xml' },
    });
    expect(put.json()).toEqual({ url: `${base}/xml`, format: 'xml' });
    const held = await bookOrder(s, { route: routeTriggers.schedule_change, credential });
    // Not an acknowledgement, then a refusal: both are tried again.
    xmlAnswers.push('fine, thanks', ack('Error'));
    await s.moveClock(3600);
    await s.notifier.settled();
    const mine = xmlReceived.filter((x) => x.includes(held.Order.OrderID));
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatch(/^<\?xml[^>]*\?><IATA_OrderChangeNotifRQ /);
    expect(mine[0]).toContain('<cns:CurrentOrder>');
    const list = (await s.app.inject({ url: '/sandbox/notifications', headers: auth })).json().Notifications;
    expect(list).toEqual([
      expect.objectContaining({ Format: 'xml', Attempts: 3, StatusCode: 'DELIVERED', AckStatusCode: 'OK' }),
    ]);
  });
});
