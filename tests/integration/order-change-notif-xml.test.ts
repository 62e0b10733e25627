// NDC 21.3 XML OrderChangeNotif end to end over HTTP: the sandbox airline, told to push XML to the
// channel's receiver, disrupts a booking; its IATA_OrderChangeNotifRQ (through a loopback relay
// that keeps both documents) reaches the API, which takes in the schedule change as it does a JSON
// notice and answers an IATA_Acknowledgement the sandbox reads. Airlines' broken-but-readable
// documents (prefixes, unknown elements, wrong order, a SOAP envelope, the light form) are taken
// in; a document that is not a readable notification is a 400 in the errors format, nothing kept.
// Every document either way validates against the 21.3 XSDs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { airlineParts } from '../../api/src/core.js';
import { registeredUrlOf } from '../../api/src/db/airline-notifications.repository.js';
import { orderRefOf } from '../../api/src/domain/bookings/booking-order-ref.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { bearer, book, findFares, payBy, setBalance } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { ndcSchemaErrors, type NdcDocument } from '../support/ndc-xsd.js';
import { disrupt } from '../support/schedule-changes.js';
import { closedPort } from '../support/services.js';
import { startStack, testEnv, tokens, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';
import { waitFor } from '../support/wait.js';

let stack: Stack;
let worker: WorkerHandle;
let tenant: TestTenant;
let agent: TestAccount;
let relay: Server;
let relayUrl = '';
/** Where the relay forwards: the receiver URL the API registered (with its key). */
let receiverUrl = '';
const documents: NdcDocument[] = [];
const clock = new TestClock();

beforeAll(async () => {
  const env = { KEY_PREFIX: `${testEnv().KEY_PREFIX}-notif-xml`, PORT: String(await closedPort()) };
  stack = await startStack({ env, clock });
  worker = await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setBalance(stack.ctx.db, tenant.companyId, '100000.00');
  // A real HTTP hop between the airline and the API that keeps what went each way.
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      documents.push({ name: 'OrderChangeNotifRQ', xml: body });
      void fetch(receiverUrl, {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type']) },
        body,
      })
        .then(async (answer) => {
          const text = await answer.text();
          if (answer.status === 200) documents.push({ name: 'Acknowledgement', xml: text });
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
          res.end(text);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/notif`;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => relay?.close(resolve));
  await worker?.close();
  await stack?.close();
});

const db = () => stack.ctx.db;
const api = () => request(stack.baseUrl);
const auth = () => bearer(agent.token);
let day = 70;

async function held() {
  const fares = await findFares(
    stack.baseUrl,
    auth(),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { carriers: ['LH'], currency: 'EUR' },
  );
  return (await book(stack.baseUrl, auth(), fares[0]!)).locator;
}

const bookingOf = (locator: string) =>
  db().selectFrom('bookings').selectAll().where('locator', '=', locator).executeTakeFirstOrThrow();

/** The booking's channel credential, its receiver URL, and the sandbox's notify URL set to XML via the relay. */
async function pushXmlFor(locator: string) {
  const row = await bookingOf(locator);
  const { channel } = await airlineParts(stack.config, db()).channels.forBooking(row);
  receiverUrl = (await registeredUrlOf(db(), row.channel_id))!;
  expect(receiverUrl).toContain('/airline_notifications/');
  const put = await request(stack.sandboxUrl)
    .put('/sandbox/notify_url')
    .set(bearer(channel.credential))
    .send({ url: relayUrl, format: 'xml' });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  expect(put.body).toEqual({ url: relayUrl, format: 'xml' });
  return { credential: channel.credential, channelId: row.channel_id };
}

const notices = (channelId: string) =>
  db().selectFrom('airline_notifications').selectAll().where('channel_id', '=', channelId).execute();

/** A notification as an airline might write it: `inner` goes inside IATA_OrderChangeNotifRQ. */
const notif = (inner: string, prefix = '') =>
  `<?xml version="1.0"?><${prefix}IATA_OrderChangeNotifRQ xmlns${prefix ? `:${prefix.slice(0, -1)}` : ''}=` +
  `"http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage" ` +
  `xmlns:c="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes">${inner}</${prefix}IATA_OrderChangeNotifRQ>`;

const light = (orderId: string, trx: string, extra = '') =>
  notif(
    `<DistributionChain><c:DistributionChainLink><c:Ordinal>1</c:Ordinal><c:OrgRole>Carrier</c:OrgRole>` +
      `<c:ParticipatingOrg><c:OrgID>LH</c:OrgID></c:ParticipatingOrg></c:DistributionChainLink></DistributionChain>` +
      `<Notification><c:ChangeGroup><c:ChangeOperationGroup><c:ChangeOperation>` +
      `<c:ChangeDateTime>2026-11-20T10:00:00Z</c:ChangeDateTime><c:ChangeTypeCode>TIME_LIMIT_CHANGE</c:ChangeTypeCode>` +
      `<c:New><c:Order><c:OrderID>${orderId}</c:OrderID><c:OwnerCode>LH</c:OwnerCode></c:Order>` +
      `<c:Warning><c:DescText>Pay by Friday.</c:DescText><c:LangCode>EN</c:LangCode></c:Warning></c:New>` +
      `<c:ReasonCode>AIRLINE</c:ReasonCode></c:ChangeOperation><c:OrderVersionNumber>2</c:OrderVersionNumber>` +
      `</c:ChangeOperationGroup></c:ChangeGroup>${extra}</Notification>` +
      `<PayloadAttributes><c:TrxID>${trx}</c:TrxID><c:VersionNumber>21.3</c:VersionNumber></PayloadAttributes>`,
  );

const postXml = (url: string, xml: string) => {
  const u = new URL(url);
  return request(u.origin)
    .post(u.pathname + u.search)
    .set('content-type', 'application/xml')
    .send(xml);
};

describe('XML OrderChangeNotif from the sandbox airline', () => {
  it('takes in a disruption pushed as 21.3 XML (full form) and acknowledges it', async () => {
    const locator = await held();
    const { credential, channelId } = await pushXmlFor(locator);
    const before = documents.length;
    const sent = await disrupt(stack.baseUrl, auth(), locator, { kind: 'delay', notice: 'full', minutes: 90 });
    // The API's schedule-change handling runs as for a JSON notice.
    const changes = await waitFor(
      `the schedule change of ${locator}`,
      async () => (await api().get('/api/v1/schedule_changes').query({ locator }).set(auth())).body,
      (body: { data: { status: string; type: string }[] }) => body.data?.some((c) => c.status === 'pending'),
    );
    expect(changes.data[0]).toMatchObject({ type: 'delay', locator, status: 'pending' });
    const kept = (await notices(channelId)).find((n) => n.notif_id === sent.notice_id)!;
    expect(kept).toMatchObject({
      airline_locator: (await bookingOf(locator)).airline_locator,
      change_type: 'SCHEDULE_CHANGE',
    });
    expect(kept.notice).toMatchObject({ NoticeTypeCode: 'FULL', NotifID: sent.notice_id });
    // The full notice's order is read on arrival and taken as it is: the refresh needs no retrieve,
    // since the port answers it from the notice, and it is the order the airline now holds.
    const booking = await bookingOf(locator);
    const parts = airlineParts(stack.config, db());
    const { channel } = await parts.channels.forBooking(booking);
    const ref = orderRefOf(booking);
    const carried = parts.provider.orderOfNotice(channel, ref, kept.notice);
    expect(carried).not.toBeNull();
    expect(carried).toEqual(await parts.provider.retrieveOrder(channel, ref));
    const history = await api().get(`/api/v1/bookings/${locator}/history`).set(auth());
    expect(history.body.data.map((h: { action: string }) => h.action)).toContain('schedule_change');
    // The sandbox read our acknowledgement.
    const deliveries = await waitFor(
      'the delivery',
      async () => (await request(stack.sandboxUrl).get('/sandbox/notifications').set(bearer(credential))).body,
      (body: { Notifications: { NotifID: string; StatusCode: string }[] }) =>
        body.Notifications.some((d) => d.NotifID === sent.notice_id && d.StatusCode === 'DELIVERED'),
    );
    expect(deliveries.Notifications.find((d: { NotifID: string }) => d.NotifID === sent.notice_id)).toMatchObject({
      Format: 'xml',
      AckStatusCode: 'OK',
      Attempts: 1,
    });
    const mine = documents.slice(before);
    expect(mine.map((d) => d.name)).toEqual(['OrderChangeNotifRQ', 'Acknowledgement']);
    expect(mine[0]!.xml).toContain('CurrentOrder');
  }, 60_000);
});

describe('a test channel speaking NDC 21.3 XML', () => {
  it('registers its notify URL as XML: the disruption arrives in XML and is taken in', async () => {
    const other = await createTenant(db());
    const seller = await createAccount(db(), { userType: 'Agent', tenant: other });
    await payBy(db(), other, 'company_balance');
    await setBalance(db(), other.companyId, '100000.00');
    const channelId = `ach_${other.agencyId}_lh`;
    const set = await api()
      .put(`/api/v1/ticketing/agency_channels/${channelId}/endpoint`)
      .set(bearer(tokens.Admin))
      .send({ adapter: 'ndc-xml', transport: 'rest' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const fares = await findFares(
      stack.baseUrl,
      bearer(seller.token),
      { origin: 'WAW', destination: 'FRA', days: (day += 1) },
      { carriers: ['LH'], currency: 'EUR' },
    );
    const { locator } = await book(stack.baseUrl, bearer(seller.token), fares[0]!);
    const row = await bookingOf(locator);
    expect(row.channel_id).toBe(channelId);
    const { channel } = await airlineParts(stack.config, db()).channels.forBooking(row);
    const sent = await disrupt(stack.baseUrl, bearer(seller.token), locator, { kind: 'retime', notice: 'light' });
    const changes = await waitFor(
      `the schedule change of ${locator}`,
      async () => (await api().get('/api/v1/schedule_changes').query({ locator }).set(bearer(seller.token))).body,
      (body: { data: { status: string }[] }) => body.data?.some((c) => c.status === 'pending'),
    );
    expect(changes.data[0]).toMatchObject({ type: 'retime', locator });
    const deliveries = await waitFor(
      'the delivery',
      async () => (await request(stack.sandboxUrl).get('/sandbox/notifications').set(bearer(channel.credential))).body,
      (body: { Notifications: { NotifID: string; StatusCode: string }[] }) =>
        body.Notifications.some((d) => d.NotifID === sent.notice_id && d.StatusCode === 'DELIVERED'),
    );
    expect(deliveries.Notifications.find((d: { NotifID: string }) => d.NotifID === sent.notice_id)).toMatchObject({
      Format: 'xml',
      AckStatusCode: 'OK',
    });
    const kept = (await notices(channelId)).find((n) => n.notif_id === sent.notice_id)!;
    expect(kept.notice).toMatchObject({ NoticeTypeCode: 'LIGHT' });
  }, 90_000);
});

describe('XML notifications airlines write', () => {
  it('takes in the light form, answering an IATA_Acknowledgement, once per TrxID', async () => {
    const locator = await held();
    const { channelId } = await pushXmlFor(locator);
    const order = (await bookingOf(locator)).airline_locator;
    const xml = light(order, 'TRX-LIGHT-1');
    for (let i = 0; i < 2; i += 1) {
      const res = await postXml(receiverUrl, xml);
      expect(res.status, res.text).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/xml/);
      expect(res.text).toMatch(/<IATA_Acknowledgement[^>]*>.*<cns:StatusCode>OK<\/cns:StatusCode>/);
      documents.push({ name: 'OrderChangeNotifRQ', xml }, { name: 'Acknowledgement', xml: res.text });
    }
    const kept = (await notices(channelId)).filter((n) => n.notif_id === 'TRX-LIGHT-1');
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ change_type: 'TIME_LIMIT_CHANGE', description: 'Pay by Friday.' });
    expect(kept[0]!.notice).toMatchObject({ NoticeTypeCode: 'LIGHT', OwnerCode: 'LH' });
    const history = await api().get(`/api/v1/bookings/${locator}/history`).set(auth());
    expect(history.body.data.filter((h: { action: string }) => h.action === 'time_limit_change')).toHaveLength(1);
  }, 60_000);

  it('reads broken-but-readable documents: other prefixes, unknown elements, wrong order, a SOAP envelope', async () => {
    const locator = await held();
    const { channelId } = await pushXmlFor(locator);
    const order = (await bookingOf(locator)).airline_locator;
    const shuffled = notif(
      // Payload first, an unknown element and attribute, ChangeOperation children out of order.
      `<m:PayloadAttributes><x:TrxID xmlns:x="urn:any" extra="1">TRX-BROKEN-1</x:TrxID></m:PayloadAttributes>` +
        `<m:Notification><Vendor>ignored</Vendor><c:ChangeGroup><c:ChangeOperationGroup><c:ChangeOperation>` +
        `<c:ReasonCode>X</c:ReasonCode><c:New><c:Order><c:OwnerCode>LH</c:OwnerCode><c:OrderID>${order}</c:OrderID>` +
        `</c:Order></c:New><c:ChangeTypeCode>SCHEDULE_CHANGE</c:ChangeTypeCode></c:ChangeOperation>` +
        `</c:ChangeOperationGroup></c:ChangeGroup></m:Notification>`,
      'm:',
    );
    const enveloped =
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
      light(order, 'TRX-SOAP-1').replace(/^<\?xml[^>]*\?>/, '') +
      `</soap:Body></soap:Envelope>`;
    // Two change groups where one was expected: the first names the notice.
    const listed = light(order, 'TRX-LIST-1').replace(
      '</c:ChangeGroup>',
      '</c:ChangeGroup><c:ChangeGroup><c:ChangeOperationGroup><c:ChangeOperation><c:ChangeTypeCode>OTHER' +
        '</c:ChangeTypeCode></c:ChangeOperation></c:ChangeOperationGroup></c:ChangeGroup>',
    );
    for (const xml of [shuffled, enveloped, listed]) {
      const res = await postXml(receiverUrl, xml);
      expect(res.status, res.text).toBe(200);
      documents.push({ name: 'Acknowledgement', xml: res.text });
    }
    const ids = (await notices(channelId)).map((n) => n.notif_id);
    expect(ids).toEqual(expect.arrayContaining(['TRX-BROKEN-1', 'TRX-SOAP-1', 'TRX-LIST-1']));
    const listedRow = (await notices(channelId)).find((n) => n.notif_id === 'TRX-LIST-1')!;
    expect(listedRow.change_type).toBe('TIME_LIMIT_CHANGE');
  }, 60_000);

  it('answers 400 in the errors format to what is not a readable notification, keeping nothing', async () => {
    const locator = await held();
    const { channelId } = await pushXmlFor(locator);
    const order = (await bookingOf(locator)).airline_locator;
    const before = (await notices(channelId)).length;
    for (const xml of [
      '<IATA_OrderChangeNotifRQ><Notification>',
      'not xml at all',
      '<?xml version="1.0"?><IATA_AirShoppingRQ/>',
      light(order, 'TRX-NO-CHANGE').replace(/<c:ChangeTypeCode>.*<\/c:ChangeTypeCode>/, ''),
      light('', 'TRX-NO-ORDER'),
    ]) {
      const res = await postXml(receiverUrl, xml);
      expect(res.status, xml).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'validation_failed' });
    }
    // A wrong key is the JSON route's 404, XML or not.
    const wrong = await postXml(receiverUrl.replace(/key=[^&]+/, 'key=wrong'), light(order, 'TRX-WRONG-KEY'));
    expect(wrong.status).toBe(404);
    expect((await notices(channelId)).length).toBe(before);
  }, 60_000);
});

it('every document either way validates against the 21.3 XSDs', async () => {
  // The broken-but-readable ones are left out on purpose: only well-formed notifs and every answer.
  const valid = documents.filter((d) => d.name === 'Acknowledgement' || !d.xml.includes('TRX-'));
  expect(valid.filter((d) => d.name === 'OrderChangeNotifRQ').length).toBeGreaterThan(0);
  expect(valid.filter((d) => d.name === 'Acknowledgement').length).toBeGreaterThan(3);
  expect(await ndcSchemaErrors(valid)).toEqual([]);
  // Our hand-written light form is valid 21.3 too.
  expect(await ndcSchemaErrors([{ name: 'light', xml: light('ABC123', 'TRX-V') }])).toEqual([]);
}, 60_000);
