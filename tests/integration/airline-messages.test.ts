// The airline message log end to end: a search and a booking through the API reach the sandbox,
// and every exchange is in the log (message, channel, booking, status, duration, sizes) for staff
// only; an exchange that carried a card and a token is stored redacted, and either half downloads
// as the file a certification desk asks for. Old exchanges are swept after 30 days.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepAirlineMessages } from '../../api/src/domain/airline-messages/airline-message-retention.js';
import { bearer, book, findFares } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
const admin = bearer(tokens.Admin);
const get = (path: string, headers = admin) => request(stack.baseUrl).get(`/api/v1${path}`).set(headers);

beforeAll(async () => {
  stack = await startStack();
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { tenant, userType: 'Agent' });
});
afterAll(async () => {
  await stack.close();
});

describe('airline message log', () => {
  it('keeps every exchange of a search and a booking, with its booking', async () => {
    const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 25 });
    const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
    const booking = await stack.ctx.db
      .selectFrom('bookings')
      .select(['id', 'channel_id'])
      .where('locator', '=', booked.locator)
      .executeTakeFirstOrThrow();
    await stack.ctx.airlineMessageRecorder.flush();

    const byChannel = await get(`/airline_messages?channel_id=${booking.channel_id}&per_page=100`);
    expect(byChannel.status).toBe(200);
    const messages = (byChannel.body.data as { message: string }[]).map((m) => m.message);
    expect(messages).toContain('AirShopping');
    expect(messages).toContain('OrderCreate');

    const byBooking = await get(`/airline_messages?booking_id=${booking.id}`);
    const create = (byBooking.body.data as Record<string, unknown>[]).find((m) => m.message === 'OrderCreate')!;
    expect(create).toMatchObject({
      channel_id: booking.channel_id,
      booking_id: booking.id,
      format: 'json',
      status: 200,
      direction: 'outbound',
    });
    expect(create.request_bytes).toBeGreaterThan(50);
    expect(create.response_bytes).toBeGreaterThan(50);

    // The booking's locator names it too (what a booking's page knows).
    const byLocator = await get(`/airline_messages?booking_id=${booked.locator}`);
    expect(byLocator.status).toBe(200);
    expect((byLocator.body.data as { id: string }[]).map((m) => m.id)).toEqual(
      (byBooking.body.data as { id: string }[]).map((m) => m.id),
    );
    expect(byLocator.body.data.length).toBeGreaterThan(0);
    expect((await get(`/airline_messages?booking_id=NOSUCH1`)).body.data).toEqual([]);

    const detail = await get(`/airline_messages/${create.id as string}`);
    expect(detail.body.request_body).toContain('Kovalenko');
    const file = await get(`/airline_messages/${create.id as string}/response.json`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${create.id as string}-response.json"`);
    expect((await get(`/airline_messages/${create.id as string}/response.xml`)).status).toBe(404);

    // Staff only.
    expect((await get(`/airline_messages?booking_id=${booking.id}`, bearer(agent.token))).status).toBe(403);
  });

  it('stores cards, codes and tokens redacted, and downloads the XML halves', async () => {
    const card = '4111111111111111';
    stack.ctx.airlineMessageRecorder.record({
      channelId: 'ach_cert',
      carrier: 'VS',
      message: 'OrderChange',
      direction: 'outbound',
      bookingId: 'bkg_cert',
      format: 'xml',
      url: 'https://ndc.example.net/OrderChange',
      status: 200,
      durationMs: 12,
      request: `<IATA_OrderChangeRQ><cns:PaymentCard><cns:CardNumber>${card}</cns:CardNumber><cns:SeriesCode>737</cns:SeriesCode><cns:Remark>card ${card.replace(/(\d{4})/g, '$1 ')}</cns:Remark></cns:PaymentCard></IATA_OrderChangeRQ>`,
      response: '<IATA_OrderViewRS><Token>tok-secret-123</Token><Amount>0100.50</Amount></IATA_OrderViewRS>',
      error: null,
      at: new Date(),
    });
    await stack.ctx.airlineMessageRecorder.flush();
    const [row] = (await get('/airline_messages?channel_id=ach_cert')).body.data as { id: string }[];
    const rq = await get(`/airline_messages/${row!.id}/request.xml`);
    expect(rq.headers['content-type']).toMatch(/^application\/xml/);
    expect(rq.text).toContain('<cns:CardNumber>[redacted]</cns:CardNumber><cns:SeriesCode>[redacted]</cns:SeriesCode>');
    expect(rq.text).not.toContain('4111');
    const rs = await get(`/airline_messages/${row!.id}/response.xml`);
    expect(rs.text).toBe('<IATA_OrderViewRS><Token>[redacted]</Token><Amount>0100.50</Amount></IATA_OrderViewRS>');
    const stored = await stack.ctx.db
      .selectFrom('airline_messages')
      .selectAll()
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toMatch(/4111|737<|tok-secret/);
  });

  it('writes a buffered exchange exactly as it was recorded, byte for byte, with only its secrets redacted', async () => {
    // Multi-byte text of every UTF-8 width (2, 3 and 4 bytes) around a card and a token: the bodies
    // wait for their batch as bytes and must come back as the same text, and sizes count bytes.
    const request =
      '<IATA_OrderCreateRQ><GivenName>Zoë Łukasz</GivenName><City>東京</City><Remark>✈ 𝄞 &amp; "quoted"\r\n</Remark><CardNumber>4111111111111111</CardNumber></IATA_OrderCreateRQ>';
    const response =
      '<IATA_OrderViewRS><Token>tok-secret-456</Token><Surname>Müller-Ødegård</Surname><Amount>0100.50</Amount></IATA_OrderViewRS>';
    stack.ctx.airlineMessageRecorder.record({
      channelId: 'ach_bytes',
      carrier: 'LO',
      message: 'OrderCreate',
      direction: 'outbound',
      bookingId: null,
      format: 'xml',
      url: 'https://ndc.example.net/OrderCreate',
      status: 200,
      durationMs: 7,
      request,
      response,
      error: null,
      at: new Date(),
    });
    await stack.ctx.airlineMessageRecorder.flush();
    const stored = await stack.ctx.db
      .selectFrom('airline_messages')
      .selectAll()
      .where('channel_id', '=', 'ach_bytes')
      .executeTakeFirstOrThrow();
    expect(stored.request_body).toBe(request.replace('4111111111111111', '[redacted]'));
    expect(stored.response_body).toBe(response.replace('tok-secret-456', '[redacted]'));
    expect(stored.request_bytes).toBe(Buffer.byteLength(request));
    expect(stored.response_bytes).toBe(Buffer.byteLength(response));
    expect(stored.request_bytes).toBeGreaterThan(request.length);
  });

  it('writes an exchange with no answer and awkward characters as recorded, in the order recorded', async () => {
    // Tabs, line breaks, backslashes and NUL (which no PostgreSQL text holds: left out) around
    // multi-byte text; no HTTP answer (no status, no body); a fractional duration, kept to the ms.
    const awkward = 'tab\there, line\nbreak, back\\slash \\N, nul\u0000, "quote" é 🛫';
    const at = new Date();
    const exchange = (i: number) => ({
      channelId: 'ach_awkward',
      carrier: 'LH',
      message: `OrderRetrieve ${i}`,
      direction: 'outbound' as const,
      bookingId: null,
      format: 'xml' as const,
      url: `https://ndc.example.net/${awkward}`,
      status: null,
      durationMs: 30_000.6,
      request: `<Note>${awkward}</Note>`,
      response: null,
      error: awkward,
      at: new Date(at.getTime() + i),
    });
    for (let i = 0; i < 3; i++) stack.ctx.airlineMessageRecorder.record(exchange(i));
    await stack.ctx.airlineMessageRecorder.flush();
    const stored = await stack.ctx.db
      .selectFrom('airline_messages')
      .selectAll()
      .where('channel_id', '=', 'ach_awkward')
      .orderBy('at')
      .execute();
    const kept = awkward.replace('\u0000', '');
    expect(stored.map((m) => m.message)).toEqual(['OrderRetrieve 0', 'OrderRetrieve 1', 'OrderRetrieve 2']);
    expect(stored[0]).toMatchObject({
      carrier: 'LH',
      direction: 'outbound',
      booking_id: null,
      format: 'xml',
      url: `https://ndc.example.net/${kept}`,
      status: null,
      duration_ms: 30_001,
      request_body: `<Note>${kept}</Note>`,
      request_bytes: Buffer.byteLength(`<Note>${awkward}</Note>`),
      response_body: null,
      response_bytes: 0,
      error: kept,
      at,
    });
  });

  it('sweeps exchanges older than 30 days', async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    await stack.ctx.db.updateTable('airline_messages').set({ at: old }).where('channel_id', '=', 'ach_cert').execute();
    expect(await sweepAirlineMessages(stack.ctx.db, new Date())).toBeGreaterThanOrEqual(1);
    expect((await get('/airline_messages?channel_id=ach_cert')).body.data).toEqual([]);
    expect((await get('/airline_messages?per_page=1')).body.meta.total).toBeGreaterThan(0);
  });
});
