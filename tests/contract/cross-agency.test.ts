// Agencies are walled off from each other: every operation that takes a resource id answers 404
// to a user of another agency, with both ways in (API token and session).
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OperationId } from '../../api/src/http/contract.js';
import { loadSpec } from '../../api/src/http/routes/index.js';
import { createAccount, createTenant } from '../support/factories.js';
import { asSession, call, signInWithPassword } from '../support/sessions.js';
import { startStack, type Stack } from '../support/stack.js';
// back office
import { backOfficeCases } from '../support/tenancy-back-office.js';
import { exemptFromTenancy, type CrossAgencyCase, type CrossAgencyRegistry } from '../support/tenancy.js';
import { recordDocuments } from '../support/sales.js';
import { recordTopUps } from '../support/accounting-documents.js';
// schedule changes
import { pendingChangeOf } from '../support/schedule-changes.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

const cases: CrossAgencyRegistry = {
  revokeApiToken: {
    async arrange({ headers }) {
      const created = await request(stack.baseUrl)
        .post('/api/v1/account/api_token')
        .set(headers)
        .send({ mode: 'test' });
      return { method: 'delete', path: `/api/v1/account/api_tokens/${created.body.id}` };
    },
  },
  // users of an agency: another agency's supervisor neither reads nor changes them
  getAgencyUser: {
    async arrange({ tenant }) {
      const user = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
      return { method: 'get', path: `/api/v1/agency_users/${user.id}` };
    },
  },
  updateAgencyUser: {
    async arrange({ tenant }) {
      const user = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
      return { method: 'patch', path: `/api/v1/agency_users/${user.id}`, body: { preset: 'accountant' } };
    },
  },
  suspendAgencyUser: {
    async arrange({ tenant }) {
      const user = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
      return { method: 'post', path: `/api/v1/agency_users/${user.id}/suspend` };
    },
  },
  reactivateAgencyUser: {
    async arrange({ tenant }) {
      const user = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
      return { method: 'post', path: `/api/v1/agency_users/${user.id}/reactivate` };
    },
  },
  // flights: search results belong to the searcher; fares name the agency's own channel.
  getSearchResult: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/search_results/${(await search(headers)).id}` };
    },
  },
  filterSearchResult: {
    async arrange({ headers }) {
      const result = await search(headers);
      return {
        method: 'post',
        path: '/api/v1/search_results',
        body: { search_result_id: result.id, filters: { max_stops: 0 } },
      };
    },
  },
  removeSearchFilter: {
    async arrange({ headers }) {
      return { method: 'delete', path: `/api/v1/search_results/${(await search(headers)).id}?filter_key=carriers` };
    },
  },
  getOfferDetails: {
    async arrange({ headers }) {
      const result = await search(headers);
      const fare = result.offers[0].fares[0].fare_id;
      return { method: 'get', path: `/api/v1/offers/${fare}/details?search_result_id=${result.id}` };
    },
  },
  listOfferAncillaries: {
    async arrange({ headers }) {
      const fare = (await search(headers)).offers[0].fares[0].fare_id;
      return { method: 'get', path: `/api/v1/offers/${fare}/ancillaries?type=bags` };
    },
  },
  // back office
  ...backOfficeCases(() => stack.baseUrl),
  // Sales and analytics: a document the owner's agency sold.
  getSale: {
    async arrange({ account, tenant }) {
      const [doc] = await recordDocuments(
        stack.ctx.db,
        { agentId: account.id, companyId: null, agencyId: tenant.agencyId },
        1,
        {
          from: new Date('2024-05-10T10:00:00Z'),
        },
      );
      return { method: 'get', path: `/api/v1/sales/${doc!.id}` };
    },
  },
  // bookings: a booking the owner's agency holds, by locator.
  getBooking: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/bookings/${await booking(headers)}` };
    },
  },
  cancelBooking: {
    async arrange({ headers }) {
      return { method: 'delete', path: `/api/v1/bookings/${await booking(headers)}` };
    },
  },
  listBookingHistory: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/bookings/${await booking(headers)}/history` };
    },
  },
  issueBooking: {
    async arrange({ headers }) {
      return { method: 'post', path: '/api/v1/bookings/issue', body: { locator: await booking(headers) } };
    },
  },
  // booking changes: the owner's booking (issued where the operation needs it) and its own requests.
  repriceBooking: {
    async arrange({ headers }) {
      return { method: 'post', path: '/api/v1/bookings/reprice', body: { locator: await booking(headers) } };
    },
  },
  reshopBooking: {
    async arrange({ headers }) {
      return { method: 'post', path: '/api/v1/bookings/reshop', body: { locator: await booking(headers) } };
    },
  },
  modifyBooking: {
    async arrange({ headers }) {
      const locator = await booking(headers);
      return { method: 'post', path: '/api/v1/bookings/modify', body: { locator, contacts: { phone: '+48 1234567' } } };
    },
  },
  commentBooking: {
    async arrange({ headers }) {
      return { method: 'post', path: '/api/v1/bookings/comment', body: { locator: await booking(headers), text: 'x' } };
    },
  },
  createRefundRequest: {
    async arrange({ headers }) {
      return { method: 'post', path: `/api/v1/orders/${await issuedBooking(headers)}/refund_requests/create` };
    },
  },
  confirmRefundRequest: {
    async arrange({ headers }) {
      const locator = await issuedBooking(headers);
      const quote = await post(headers, `/api/v1/orders/${locator}/refund_requests/create`, {});
      return {
        method: 'post',
        path: `/api/v1/orders/${locator}/refund_requests/confirm`,
        body: { refund_request_id: quote.id },
      };
    },
  },
  createFlightsChangeRequest: {
    async arrange({ headers }) {
      const locator = await issuedBooking(headers);
      return {
        method: 'post',
        path: `/api/v1/orders/${locator}/flights_change_requests/create`,
        body: { journeys: [{ origin_destination: 0, date: inDays(bookingDay + 1) }] },
      };
    },
  },
  priceReshopOffer: {
    async arrange({ headers }) {
      const { locator, change } = await changeRequest(headers);
      return {
        method: 'post',
        path: `/api/v1/orders/${locator}/reshop_offers/price`,
        body: { offer_id: change.alternatives[0].offer_id },
      };
    },
  },
  confirmFlightsChangeRequest: {
    async arrange({ headers }) {
      const { locator, change } = await changeRequest(headers);
      return {
        method: 'post',
        path: `/api/v1/orders/${locator}/flights_change_requests/confirm`,
        body: { flights_change_request_id: change.id, offer_id: change.alternatives[0].offer_id },
      };
    },
  },
  listBookingAncillaries: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/bookings/${await booking(headers)}/ancillaries?type=bags` };
    },
  },
  retryEmdRequest: {
    async arrange({ headers, account }) {
      const locator = await booking(headers);
      // A failed EMD request of the owner's booking (how one fails: tests/integration/bookings-emd-retry.test.ts).
      const { id } = await stack.ctx.db
        .selectFrom('bookings')
        .select('id')
        .where('locator', '=', locator)
        .executeTakeFirstOrThrow();
      const requestId = `emr_${locator.toLowerCase()}`;
      await stack.ctx.db
        .insertInto('booking_emd_requests')
        .values({
          id: requestId,
          booking_id: id,
          items: '[]',
          amount: '10.00',
          currency: 'EUR',
          status: 'failed',
          error: 'refused',
          requested_by: account.id,
          created_at: new Date(),
          updated_at: new Date(),
          next_check_at: new Date(),
        })
        .execute();
      return { method: 'post', path: `/api/v1/bookings/${locator}/emd_requests/${requestId}/retry` };
    },
  },
  addBookingAncillaries: {
    async arrange({ headers }) {
      const locator = await booking(headers);
      const offered = await request(stack.baseUrl)
        .get(`/api/v1/bookings/${locator}/ancillaries?type=bags`)
        .set(headers);
      expect(offered.status).toBe(200);
      return {
        method: 'post',
        path: `/api/v1/bookings/${locator}/ancillaries`,
        body: { items: [{ service_id: offered.body.services[0].id, passenger_id: 'PAX1' }] },
      };
    },
  },
  // events: a booking's event is its agency's.
  getEvent: {
    async arrange({ headers }) {
      const locator = await booking(headers);
      const events = await request(stack.baseUrl).get('/api/v1/events').query({ type: 'booking.created' }).set(headers);
      const event = events.body.data.find(
        (e: { data: { object: { locator: string } } }) => e.data.object.locator === locator,
      );
      return { method: 'get', path: `/api/v1/events/${event.id}` };
    },
  },
  // schedule changes: reached through their booking's visibility.
  getScheduleChange: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/schedule_changes/${await scheduleChange(headers)}` };
    },
  },
  acceptScheduleChange: {
    async arrange({ headers }) {
      return { method: 'post', path: `/api/v1/schedule_changes/${await scheduleChange(headers)}/accept`, body: {} };
    },
  },
  cancelScheduleChange: {
    async arrange({ headers }) {
      return { method: 'post', path: `/api/v1/schedule_changes/${await scheduleChange(headers)}/cancel`, body: {} };
    },
  },
  changeScheduleChange: {
    async arrange({ headers }) {
      return { method: 'post', path: `/api/v1/schedule_changes/${await scheduleChange(headers)}/change`, body: {} };
    },
  },
  disruptSandboxBooking: {
    async arrange({ headers }) {
      return {
        method: 'post',
        path: `/api/v1/sandbox/bookings/${await booking(headers)}/disrupt`,
        body: {
          kind: 'delay',
          notice: 'light',
          action_deadline: new Date(Date.now() + 3600_000).toISOString(),
          consequence_of_inaction: 'auto_accept',
        },
      };
    },
  },
  // fare watch: opportunities and a booking's watch are reached through their booking's visibility.
  getFareWatchOpportunity: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/fare_watch/opportunities/${await opportunity(headers)}` };
    },
  },
  acceptFareWatchOpportunity: {
    async arrange({ headers }) {
      return {
        method: 'post',
        path: `/api/v1/fare_watch/opportunities/${await opportunity(headers)}/accept`,
        body: {},
      };
    },
  },
  declineFareWatchOpportunity: {
    async arrange({ headers }) {
      return {
        method: 'post',
        path: `/api/v1/fare_watch/opportunities/${await opportunity(headers)}/decline`,
        body: { reason: 'other' },
      };
    },
  },
  getBookingFareWatch: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/bookings/${await booking(headers)}/fare_watch` };
    },
  },
  updateBookingFareWatch: {
    async arrange({ headers }) {
      return {
        method: 'patch',
        path: `/api/v1/bookings/${await booking(headers)}/fare_watch`,
        body: { opted_out: true },
      };
    },
  },
  cheaperFareSandboxBooking: {
    async arrange({ headers }) {
      return {
        method: 'post',
        path: `/api/v1/sandbox/bookings/${await booking(headers)}/cheaper_fare`,
        body: { conditions: 'equal' },
      };
    },
  },
  // request logs: a call the owner made, once written.
  getRequestLog: {
    async arrange({ headers }) {
      const call = await request(stack.baseUrl).get('/api/v1/events').set(headers);
      await stack.ctx.requestLogRecorder?.flush();
      return { method: 'get', path: `/api/v1/request_logs/${call.headers['request-id']}` };
    },
  },
  // webhooks: an endpoint of the owner's agency, and an event of it to redeliver.
  getWebhookEndpoint: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/webhook_endpoints/${await webhookEndpoint(headers)}` };
    },
  },
  updateWebhookEndpoint: {
    async arrange({ headers }) {
      const id = await webhookEndpoint(headers);
      return { method: 'patch', path: `/api/v1/webhook_endpoints/${id}`, body: { enabled: false } };
    },
  },
  deleteWebhookEndpoint: {
    async arrange({ headers }) {
      return { method: 'delete', path: `/api/v1/webhook_endpoints/${await webhookEndpoint(headers)}` };
    },
  },
  pingWebhookEndpoint: {
    async arrange({ headers }) {
      return { method: 'post', path: `/api/v1/webhook_endpoints/${await webhookEndpoint(headers)}/ping` };
    },
  },
  rotateWebhookSecret: {
    async arrange({ headers }) {
      return { method: 'post', path: `/api/v1/webhook_endpoints/${await webhookEndpoint(headers)}/rotate_secret` };
    },
  },
  listWebhookDeliveries: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/webhook_endpoints/${await webhookEndpoint(headers)}/deliveries` };
    },
  },
  sendTestWebhookEvent: {
    async arrange({ headers }) {
      return {
        method: 'post',
        path: `/api/v1/webhook_endpoints/${await webhookEndpoint(headers)}/test_events`,
        body: { type: 'ping' },
      };
    },
  },
  resendWebhookDelivery: {
    async arrange({ headers }) {
      const ping = await request(stack.baseUrl)
        .post(`/api/v1/webhook_endpoints/${await webhookEndpoint(headers)}/ping`)
        .set(headers);
      return { method: 'post', path: `/api/v1/webhook_deliveries/${ping.body.id}/resend` };
    },
  },
  // back-office connections: one of the owner's agency (an address that resolves nowhere is accepted
  // at save time), and a batch of it fixed by a backfill.
  getBackOfficeConnection: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/back_office_connections/${await backOfficeConnection(headers)}` };
    },
  },
  updateBackOfficeConnection: {
    async arrange({ headers }) {
      const id = await backOfficeConnection(headers);
      return { method: 'patch', path: `/api/v1/back_office_connections/${id}`, body: { enabled: false } };
    },
  },
  deleteBackOfficeConnection: {
    async arrange({ headers }) {
      return { method: 'delete', path: `/api/v1/back_office_connections/${await backOfficeConnection(headers)}` };
    },
  },
  testBackOfficeConnection: {
    async arrange({ headers }) {
      return { method: 'post', path: `/api/v1/back_office_connections/${await backOfficeConnection(headers)}/test` };
    },
  },
  listBackOfficeDeliveries: {
    async arrange({ headers }) {
      return {
        method: 'get',
        path: `/api/v1/back_office_connections/${await backOfficeConnection(headers)}/deliveries`,
      };
    },
  },
  previewBackOfficeBatch: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/back_office_connections/${await backOfficeConnection(headers)}/preview` };
    },
  },
  backfillBackOfficeConnection: {
    async arrange({ headers, tenant, account }) {
      await recordTopUps(stack.ctx.db, tenant, account.id, 1);
      return {
        method: 'post',
        path: `/api/v1/back_office_connections/${await backOfficeConnection(headers)}/backfill`,
        body: { after_sequence: 0 },
      };
    },
  },
  resendBackOfficeDelivery: {
    async arrange({ headers, tenant, account }) {
      await recordTopUps(stack.ctx.db, tenant, account.id, 1);
      const id = await backOfficeConnection(headers);
      const batch = await post(headers, `/api/v1/back_office_connections/${id}/backfill`, { after_sequence: 0 });
      return { method: 'post', path: `/api/v1/back_office_connections/${id}/deliveries/${batch.id}/resend` };
    },
  },
  // support cases: a case of the owner's agency, with a file and an open refund offer from staff.
  getSupportCase: {
    async arrange({ headers }) {
      return { method: 'get', path: `/api/v1/support_cases/${(await supportCase(headers)).id}` };
    },
  },
  postSupportCaseMessage: {
    async arrange({ headers }) {
      const path = `/api/v1/support_cases/${(await supportCase(headers)).id}/messages`;
      return { method: 'post', path, body: { body: 'Anyone there?' } };
    },
  },
  downloadSupportCaseAttachment: {
    async arrange({ headers }) {
      const made = await supportCase(headers);
      return { method: 'get', path: `/api/v1/support_cases/${made.id}/attachments/${made.attachmentId}` };
    },
  },
  closeSupportCase: {
    async arrange({ headers }) {
      return { method: 'post', path: `/api/v1/support_cases/${(await supportCase(headers)).id}/close`, body: {} };
    },
  },
  reopenSupportCase: {
    async arrange({ headers }) {
      const made = await supportCase(headers);
      await post(headers, `/api/v1/support_cases/${made.id}/close`, {});
      return { method: 'post', path: `/api/v1/support_cases/${made.id}/reopen`, body: {} };
    },
  },
  acceptSupportCaseOffer: {
    async arrange({ headers }) {
      const made = await supportCase(headers, true);
      return { method: 'post', path: `/api/v1/support_cases/${made.id}/offers/${made.offerId}/accept`, body: {} };
    },
  },
  declineSupportCaseOffer: {
    async arrange({ headers }) {
      const made = await supportCase(headers, true);
      return { method: 'post', path: `/api/v1/support_cases/${made.id}/offers/${made.offerId}/decline`, body: {} };
    },
  },
  redeliverEvent: {
    async arrange({ headers }) {
      const locator = await booking(headers);
      const events = await request(stack.baseUrl).get('/api/v1/events').query({ type: 'booking.created' }).set(headers);
      const event = events.body.data.find(
        (e: { data: { object: { locator: string } } }) => e.data.object.locator === locator,
      );
      return { method: 'post', path: `/api/v1/events/${event.id}/redeliver`, body: {} };
    },
  },
};

/** A support case of the owner with a text file; with `offer`, about an issued booking, with staff's refund offer. */
async function supportCase(headers: Record<string, string>, offer = false) {
  const made = await post(headers, '/api/v1/support_cases', {
    kind: offer ? 'refund' : 'other',
    subject: 'Help',
    body: 'Please help.',
    ...(offer ? { locator: await issuedBooking(headers) } : {}),
    attachments: [{ file_name: 'note.txt', content_type: 'text/plain', content_base64: 'aGVsbG8=' }],
  });
  const staff = await createAccount(stack.ctx.db, { userType: 'Support' });
  const offered = offer
    ? await post({ Authorization: `Bearer ${staff.token}` }, `/api/v1/support_cases/${made.id}/offers`, {
        kind: 'refund',
      })
    : undefined;
  return {
    id: made.id as string,
    attachmentId: made.messages[0].attachments[0].id as string,
    offerId: offered?.offers[0].id as string | undefined,
  };
}
const scheduleChange = async (headers: Record<string, string>) => pendingChangeOf(stack.ctx.db, await booking(headers));
// webhooks: an address that resolves nowhere is accepted at save time (the connect-time check judges it).
async function webhookEndpoint(headers: Record<string, string>): Promise<string> {
  const created = await post(headers, '/api/v1/webhook_endpoints', {
    url: 'https://hooks.invalid/contrail',
    events: ['booking.created'],
  });
  return created.id as string;
}

async function backOfficeConnection(headers: Record<string, string>): Promise<string> {
  const created = await post(headers, '/api/v1/back_office_connections', {
    name: 'Mid office',
    kind: 'sftp',
    format: 'csv',
    schedule: 'each',
    sftp: {
      host: 'sftp.invalid',
      username: 'contrail',
      folder: '/inbox',
      host_key_fingerprint: `SHA256:${'A'.repeat(43)}`,
      password: 'secret',
    },
  });
  return created.id as string;
}

// bookings
let bookingDay = 40;
/** A held booking of the owner with an open Fare Watch opportunity (the sandbox's cheaper fare); its id. */
async function opportunity(headers: Record<string, string>): Promise<string> {
  const locator = await booking(headers);
  const res = await request(stack.baseUrl)
    .post(`/api/v1/sandbox/bookings/${locator}/cheaper_fare`)
    .set(headers)
    .send({ conditions: 'equal' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.opportunity_id as string;
}

async function booking(headers: Record<string, string>, family?: string): Promise<string> {
  const res = await request(stack.baseUrl)
    .post('/api/v1/offers')
    .set(headers)
    .send({
      origin_destinations: [{ origin: 'WAW', destination: 'FRA', departure_date: inDays((bookingDay += 2)) }],
      passengers: { adults: 1 },
    });
  expect(res.status).toBe(201);
  const fares = res.body.offers.flatMap(
    (o: { fares: { fare_id: string; fare_family: { code: string } }[] }) => o.fares,
  );
  const fare = fares.find((f: { fare_family: { code: string } }) => !family || f.fare_family.code === family);
  const booked = await request(stack.baseUrl)
    .post('/api/v1/bookings')
    .set(headers)
    .send({
      fare_id: fare.fare_id,
      search_result_id: res.body.id,
      passengers: [{ type: 'ADT', first_name: 'Olena', last_name: 'Kovalenko', birthdate: '1985-03-14' }],
      contacts: { email: 'olena@example.com', phone: '+48 600 100 200' },
    });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return booked.body.locator as string;
}

async function post(headers: Record<string, string>, path: string, body: object) {
  const res = await request(stack.baseUrl).post(path).set(headers).send(body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

/** A booking of the owner, issued; a Classic fare, so its flights can change. */
async function issuedBooking(headers: Record<string, string>): Promise<string> {
  const locator = await booking(headers, 'CL');
  await post(headers, '/api/v1/bookings/issue', { locator });
  return locator;
}

async function changeRequest(headers: Record<string, string>) {
  const locator = await issuedBooking(headers);
  const change = await post(headers, `/api/v1/orders/${locator}/flights_change_requests/create`, {
    journeys: [{ origin_destination: 0, date: inDays(bookingDay + 1) }],
  });
  expect(change.alternatives.length).toBeGreaterThan(0);
  return { locator, change };
}

async function search(headers: Record<string, string>) {
  const res = await request(stack.baseUrl)
    .post('/api/v1/offers')
    .set(headers)
    .send({
      origin_destinations: [{ origin: 'WAW', destination: 'FRA', departure_date: inDays(30) }],
      passengers: { adults: 1 },
    });
  expect(res.status).toBe(201);
  return res.body;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function operationsWithIds(): OperationId[] {
  const ids: OperationId[] = [];
  for (const [path, item] of Object.entries(loadSpec().paths)) {
    if (!path.includes('{')) continue;
    for (const [method, op] of Object.entries(item)) {
      if (['get', 'put', 'post', 'patch', 'delete'].includes(method))
        ids.push((op as { operationId: OperationId }).operationId);
    }
  }
  return ids;
}

it('covers every operation that takes a resource id', () => {
  const uncovered = operationsWithIds().filter((id) => !cases[id] && !exemptFromTenancy[id]);
  expect(uncovered).toEqual([]);
});

it('answers 404 to a user of another agency on each of them, by token and by session', async () => {
  const failures: string[] = [];
  for (const [id, testCase] of Object.entries<CrossAgencyCase>(cases as Record<string, CrossAgencyCase>)) {
    const ownerTenant = await createTenant(stack.ctx.db);
    const owner = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: ownerTenant });
    const ownerHeaders = asSession(await signInWithPassword(stack.baseUrl, owner.email, owner.password));
    const stranger = await createAccount(stack.ctx.db, {
      userType: 'Supervisor',
      tenant: await createTenant(stack.ctx.db),
    });
    const strangerSession = asSession(await signInWithPassword(stack.baseUrl, stranger.email, stranger.password));

    for (const [via, headers] of [
      ['token', { Authorization: `Bearer ${stranger.token}` }],
      ['session', strangerSession],
    ] as const) {
      const attempt = await testCase.arrange({ account: owner, tenant: ownerTenant, headers: ownerHeaders });
      const res = await call(stack.baseUrl, attempt.method, attempt.path)
        .set(headers)
        .send(attempt.body ?? {});
      if (res.status !== 404) failures.push(`${id} by ${via} → ${res.status}`);
    }
  }
  expect(failures).toEqual([]);
  // Every case books with the sandbox airlines; the list grows with each issue's operations.
}, 180_000);
