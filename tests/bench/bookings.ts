// `npm run bench:bookings`: bookings created and issued end to end against the sandbox airlines at
// 20 concurrent clients. Each client loops search -> book -> issue; the report gives bookings
// issued per second and p50/p99 of create and issue as the client sees them. The sandbox and the
// API run as their own processes, as in production.
//
// Where the time goes, measured two ways. Request by request: create and issue answer with
// Server-Timing `airline;dur=`, the time that request waited on its own airline call, so ours is
// what the client waited less that (auth, the fare lookup, PostgreSQL, the ledger, serialisation
// and the API's queueing), under the same load. That figure also holds the time outside the API's
// handling (the request and answer on the sockets, and this load generator's own turn on its core,
// which it shares with the sandbox), so the request's own `request;dur=` (from its arrival to its
// answer) less the airline is printed beside it: ours within the API. Against the airline alone: a second phase drives
// the same sandbox directly with the API's own NDC adapter, the same loop at the same concurrency
// (shop every carrier, OrderCreate, OrderChange to pay), and ours is the API's p50 less that. The
// second way also counts as ours the airline being slower while the API shares the machine with it
// (the sandbox writes its orders to the same PostgreSQL), so it overstates our share.
//
// BENCH_PAY=company_balance has the demo agency pay from its company's balance instead of BSP cash
// (as seeded), so every issue also takes the ledger's debit under the company row lock.
import { demoAccounts, demoAgency } from '../../api/src/scripts/seed.js';
import { carrierRefs } from '../../api/src/domain/reference/carriers.data.js';
import type { ProviderChannel, ProviderOffer } from '../../api/src/providers/airline-provider.js';
import { createNdcAdapter } from '../../api/src/providers/ndc/ndc.adapter.js';
import { loadavg } from 'node:os';
import {
  benchDatabase,
  cpuMsOf,
  demoAgencyPays,
  percentile,
  startAirlineStack,
  type BenchPayment,
} from './bench-support.js';
import { startWaitSampler } from './wait-sampler.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const clients = Number(process.env.BENCH_BOOKING_CLIENTS ?? 20);
/** Sample PostgreSQL's wait events during the API's run and print the top waits (0: leave out). */
const sampleWaits = process.env.BENCH_WAITS !== '0';
const agent = demoAccounts.find((a) => a.userType === 'Agent')!;
const routes = [
  ['WAW', 'FRA'],
  ['VIE', 'BRU'],
  ['CDG', 'LIS'],
  ['AMS', 'BCN'],
  ['ZRH', 'FCO'],
  ['KBP', 'VIE'],
] as const;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const pay: BenchPayment = process.env.BENCH_PAY === 'company_balance' ? 'company_balance' : 'bsp_cash';
const databaseUrl = await benchDatabase();
await demoAgencyPays(databaseUrl, pay);
const { base, sandboxUrl, pids, stop } = await startAirlineStack(databaseUrl);
const headers = { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' };

async function post(
  path: string,
  body: object,
): Promise<{ status: number; json: any; ms: number; airlineMs: number; requestMs: number }> {
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await res.json();
  const timing = res.headers.get('server-timing') ?? '';
  const entry = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? NaN);
  return {
    status: res.status,
    json,
    ms: performance.now() - t0,
    airlineMs: entry('airline'),
    requestMs: entry('request'),
  };
}

const create: number[] = [];
const issue: number[] = [];
/** Per request: the airline's time within it, and what the client waited less that. */
const createAirline: number[] = [];
const createOurs: number[] = [];
const issueAirline: number[] = [];
const issueOurs: number[] = [];
/** Per request: its request;dur less its airline;dur (ours within the API, without the sockets' time). */
const createInApi: number[] = [];
const issueInApi: number[] = [];
const search: number[] = [];
let soldOut = 0;
let noOffers = 0;

async function cycle(i: number): Promise<void> {
  const [origin, destination] = routes[i % routes.length]!;
  const found = await post('/offers', {
    origin_destinations: [{ origin, destination, departure_date: day(20 + ((i * 7) % 60)) }],
    passengers: { adults: 1 },
  });
  if (found.status !== 201) throw new Error(`search: ${found.status} ${JSON.stringify(found.json)}`);
  search.push(found.ms);
  const fares = (found.json.offers as { fares: { fare_id: string }[] }[]).flatMap((o) => o.fares);
  // Some routes have no flight on some days: nothing to book in this cycle.
  if (fares.length === 0) return void noOffers++;
  const fare = fares[i % fares.length]!;
  const booked = await post('/bookings', {
    fare_id: fare.fare_id,
    search_result_id: found.json.id,
    passengers: [{ type: 'ADT', first_name: 'Bench', last_name: 'Client', birthdate: '1985-03-14' }],
    contacts: { email: 'bench@example.com', phone: '+48 600 100 200' },
  });
  if (booked.status === 409 && booked.json.errors?.[0]?.code === 'sold_out') return void soldOut++;
  if (booked.status !== 201) throw new Error(`book: ${booked.status} ${JSON.stringify(booked.json)}`);
  create.push(booked.ms);
  createAirline.push(booked.airlineMs);
  createOurs.push(booked.ms - booked.airlineMs);
  createInApi.push(booked.requestMs - booked.airlineMs);
  const issued = await post('/bookings/issue', { locator: booked.json.locator });
  if (issued.status !== 200) throw new Error(`issue: ${issued.status} ${JSON.stringify(issued.json)}`);
  issue.push(issued.ms);
  issueAirline.push(issued.airlineMs);
  issueOurs.push(issued.ms - issued.airlineMs);
  issueInApi.push(issued.requestMs - issued.airlineMs);
}

// The airline's part: the API's adapter straight to the sandbox, with the demo agency's credentials.
const airline = createNdcAdapter({ baseUrl: sandboxUrl, timeoutMs: 30_000, safeRetries: 1 });
const channels: ProviderChannel[] = carrierRefs.map((c) => ({
  id: `bench_${c.code}`,
  carrier: c.code,
  credential: `sbx_${c.code}_${demoAgency.id}`,
  negoCode: null,
  residentCode: null,
}));
const direct = { shop: [] as number[], create: [] as number[], issue: [] as number[] };

async function timed<T>(into: number[], work: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const value = await work();
  into.push(performance.now() - t0);
  return value;
}

async function directCycle(i: number): Promise<void> {
  const [origin, destination] = routes[i % routes.length]!;
  const request = {
    legs: [{ origin, destination, date: day(20 + ((i * 7) % 60)) }],
    passengers: [{ type: 'ADT' as const, count: 1 }],
    cabin: 'Y' as const,
  };
  const shopped = await timed(direct.shop, () =>
    Promise.all(
      channels.map((channel) =>
        airline.shop(channel, request).then(
          (offers) => offers.map((offer): [ProviderChannel, ProviderOffer] => [channel, offer]),
          () => [],
        ),
      ),
    ),
  );
  const offers = shopped.flat();
  if (offers.length === 0) return;
  const [channel, offer] = offers[i % offers.length]!;
  const order = await timed(direct.create, () =>
    airline
      .createOrder(channel, {
        offerId: offer.offerId,
        sellerReference: `bench-${i}-${Date.now()}`,
        passengers: [
          {
            id: 'PAX1',
            type: 'ADT',
            givenName: 'Bench',
            surname: 'Direct',
            title: null,
            birthdate: '1985-03-14',
            gender: null,
            identityDocument: null,
          },
        ],
        contact: { email: 'bench@example.com', phone: '+48 600 100 200' },
      })
      .catch(() => null),
  );
  if (!order) return void direct.create.pop(); // sold out: not a create that counts
  await timed(direct.issue, () =>
    airline.issueOrder(
      channel,
      { orderId: order.orderId, sellerReference: order.sellerReference ?? '' },
      { form: { type: 'cash' }, amount: order.amountDue },
    ),
  );
}

async function load(work: (i: number) => Promise<void>, first: number): Promise<void> {
  const until = performance.now() + seconds * 1000;
  let next = first;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) await work(next++);
    }),
  );
}

const row = (label: string, xs: number[]) =>
  console.log(
    `  ${label.padEnd(30)} p50 ${percentile(xs, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(xs, 99).toFixed(1).padStart(7)} ms`,
  );

try {
  for (let i = 0; i < 10; i++) await cycle(i); // warm-up
  const figures = [create, issue, search, createAirline, createOurs, issueAirline, issueOurs, createInApi, issueInApi];
  for (const xs of figures) xs.length = 0;
  const cpuBefore = { api: cpuMsOf(pids.api), sandbox: cpuMsOf(pids.sandbox) };
  const sampler = sampleWaits ? await startWaitSampler(databaseUrl) : null;
  await load(cycle, 100);
  const waits = (await sampler?.stop()) ?? [];
  const load1 = loadavg()[0]!.toFixed(2);
  const cpuPerBooking = (pid: number, before: number) => ((cpuMsOf(pid) - before) / issue.length).toFixed(1);
  const cpu = { api: cpuPerBooking(pids.api, cpuBefore.api), sandbox: cpuPerBooking(pids.sandbox, cpuBefore.sandbox) };
  console.log(
    `\nbookings: ${issue.length} booked and issued (paid by ${pay}) in ${seconds} s at ${clients} clients ` +
      `(${(issue.length / seconds).toFixed(1)} per second; each also searched first; ${soldOut} sold out, ${noOffers} searches without offers; ` +
      `load average ${load1})`,
  );
  row('POST /offers (search)', search);
  row('POST /bookings (create)', create);
  row('POST /bookings/issue', issue);
  console.log(
    `  CPU per booking (its search, create and issue): API ${cpu.api} ms, sandbox ${cpu.sandbox} ms ` +
      `(moves far less than the latencies when other work shares the machine)`,
  );
  console.log(`\nwhere the time goes, request by request (Server-Timing airline;dur= of each request)`);
  row('airline in create', createAirline);
  row('ours in create', createOurs);
  row('airline in issue', issueAirline);
  row('ours in issue', issueOurs);
  row('ours in create, within the API', createInApi);
  row('ours in issue, within the API', issueInApi);
  console.log(
    `  ours / airline in issue at p50: ${(percentile(issueOurs, 50) / percentile(issueAirline, 50)).toFixed(2)} ` +
      `(within the API ${(percentile(issueInApi, 50) / percentile(issueAirline, 50)).toFixed(2)})`,
  );
  if (waits.length) {
    console.log(`\nPostgreSQL during that run (pg_stat_activity sampled, tests/bench/wait-sampler.ts)`);
    for (const line of waits) console.log(`  ${line}`);
  }

  await load(directCycle, 1_000_000);
  console.log(
    `\nagainst the airline alone: the same loop straight to the sandbox with the API's NDC adapter, ${clients} clients`,
  );
  row('airline: AirShopping x13', direct.shop);
  row('airline: OrderCreate', direct.create);
  row('airline: OrderChange (pay)', direct.issue);
  const ours = (api: number[], air: number[]) =>
    `${(percentile(api, 50) - percentile(air, 50)).toFixed(1)} ms of ${percentile(api, 50).toFixed(1)} ms at p50`;
  console.log(`  ours in create (API less OrderCreate)  ${ours(create, direct.create)}`);
  console.log(`  ours in issue (API less OrderChange)   ${ours(issue, direct.issue)}`);
} finally {
  await stop();
}
process.exit(0);
