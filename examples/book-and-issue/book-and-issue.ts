// Search, book and issue in the sandbox with @contrail/sdk, and receive the `booking.issued` webhook
// on a local HTTP server, verified with the package's `verifyWebhook`. Run it against a started
// Contrail (`npm start`), with a supervisor's test token:
//
//   CONTRAIL_API_KEY=ctr_test_… CONTRAIL_API_BASE=http://127.0.0.1:3000/api/v1 node book-and-issue.js
//
// The endpoint it registers is on 127.0.0.1, which `npm start` lets deliveries reach.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  configure,
  createBooking,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  issueBooking,
  searchOffers,
  type Event,
} from '@contrail/sdk';
import { verifyWebhook, WebhookVerificationFailed } from '@contrail/sdk/webhooks';

const token = process.env['CONTRAIL_API_KEY'];
if (!token) throw new Error('Set CONTRAIL_API_KEY to a supervisor test token (ctr_test_…).');
configure({ baseUrl: process.env['CONTRAIL_API_BASE'] ?? 'http://127.0.0.1:3000/api/v1', token });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const rawBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

// 1. A receiver on this machine; the secret arrives when the endpoint is registered.
let secret = '';
let resolveIssued: (event: Event) => void = () => undefined;
const issued = new Promise<Event>((resolve) => (resolveIssued = resolve));
const server = createServer((req, res) => {
  void rawBody(req).then((body) => {
    try {
      const event = verifyWebhook(body, req.headers, secret);
      res.writeHead(204).end();
      if (event.type === 'booking.issued') resolveIssued(event);
    } catch (error) {
      res.writeHead(error instanceof WebhookVerificationFailed ? 400 : 500).end();
    }
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
const endpoint = await createWebhookEndpoint({ url: `http://127.0.0.1:${port}/hooks`, events: ['booking.issued'] });
if (!endpoint.secret) throw new Error('The API answered the endpoint without its secret.');
secret = endpoint.secret;

try {
  // 2. Search the sandbox airlines, book the cheapest fare, issue it.
  const result = await searchOffers({
    origin_destinations: [{ origin: 'WAW', destination: 'FRA', departure_date: inDays(30) }],
    passengers: { adults: 1 },
  });
  const fare = result.offers.flatMap((offer) => offer.fares)[0];
  if (!fare) throw new Error('The sandbox found no fare.');
  const booking = await createBooking({
    fare_id: fare.fare_id,
    search_result_id: result.id,
    passengers: [{ type: 'ADT', first_name: 'Olena', last_name: 'Kovalenko', title: 'MRS', birthdate: '1985-03-14' }],
    contacts: { email: 'olena@example.com', phone: '+48 600 100 200' },
  });
  console.log(`booked ${booking.locator} (${booking.status})`);
  const ticketed = await issueBooking({ locator: booking.locator });
  console.log(`issued ${ticketed.locator} (${ticketed.status})`);

  // 3. The webhook, verified: its booking is the one just issued.
  const timeout = setTimeout(() => {
    console.error('no booking.issued webhook within 30 s');
    process.exit(1);
  }, 30_000);
  const event = await issued;
  clearTimeout(timeout);
  const object = event.data.object as { locator?: string };
  console.log(`webhook ${event.type} ${event.id} verified for ${object.locator}`);
  if (object.locator !== booking.locator) throw new Error('The webhook names another booking.');
} finally {
  await deleteWebhookEndpoint(endpoint.id);
  server.close();
}
