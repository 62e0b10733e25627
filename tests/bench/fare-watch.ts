// `npm run bench:fare-watch`: one Fare Watch pass over held bookings across the sandbox carriers,
// with realistic airline latency (250-1450 ms per carrier and call) and each channel's reshops
// paced at FARE_WATCH_RESHOPS_PER_SECOND (5) through the shared Redis pacer. Reported: bookings
// checked per second against the limit summed over the channels the bookings use (the bare
// baseline: what perfect pacing would reach; goal >= 0.9x), this process's CPU per check (the API
// side of a check: claims, reads, the log, the adapter's HTTP and JSON), the sandbox's, and the
// time the pass took.
//
// Setup books the held bookings through the API with the airline's latency off (the bookings are
// the input, not what is measured), then starts the sandbox again on the same stored orders with
// realistic latency for the pass. `--count N` (or BENCH_FARE_WATCH_COUNT) sets how many: 10,000
// by default; `--count 500` is a quick run.
import { loadConfig } from '../../api/src/config.js';
import { createAppContext } from '../../api/src/context.js';
import { demoAccounts, demoAgency } from '../../api/src/scripts/seed.js';
import { localRedisUrl } from '../../scripts/local-services.js';
import { benchDatabase, benchSecretKey, cpuMsOf, startAirlineStack } from './bench-support.js';

const countFlag = process.argv.indexOf('--count');
const count = Number(countFlag > 0 ? process.argv[countFlag + 1] : (process.env.BENCH_FARE_WATCH_COUNT ?? 10_000));
const perSecond = 5;
const agent = demoAccounts.find((a) => a.userType === 'Agent')!;
const headers = { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' };
const routes = [
  ['WAW', 'FRA'],
  ['VIE', 'BRU'],
  ['CDG', 'LIS'],
  ['AMS', 'BCN'],
  ['ZRH', 'FCO'],
  ['KBP', 'VIE'],
  ['WAW', 'LHR'],
  ['FRA', 'MAD'],
  ['CPH', 'ATH'],
  ['OSL', 'PRG'],
  ['HEL', 'DUB'],
  ['IST', 'MUC'],
  ['ATH', 'SKG'],
  ['ATH', 'HER'],
  ['WAW', 'KRK'],
  ['WAW', 'GDN'],
  // Neo (NE) flies only from Warsaw to these: without them a pass is over 12 carriers, not 13.
  ['WAW', 'BER'],
  ['WAW', 'LWO'],
] as const;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const databaseUrl = await benchDatabase('contrail_bench_fare_watch');
process.env.DATABASE_URL = databaseUrl;
process.env.SANDBOX_DATABASE_SCHEMA = `sandbox_fw_${Date.now()}`;

// 1. The held bookings, booked through the API (latency off).
const setup = await startAirlineStack(databaseUrl, { latency: 'off' });
const booked: string[] = [];
async function post(path: string, body: object) {
  const res = await fetch(`${setup.base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}
// As many per carrier as the others (13 sandbox carriers), so no one channel's rate decides the pass.
const quota = Math.ceil(count / 13);
const perCarrier = new Map<string, number>();
let search = 0;
let lastCycle = 0;
const started = performance.now();
while (booked.length < count) {
  // A whole round of routes that booked nothing more: the carriers left are full or not on them.
  if (search > 0 && search % routes.length === 0) {
    if (booked.length === lastCycle) break;
    lastCycle = booked.length;
  }
  const [origin, destination] = routes[search % routes.length]!;
  const found = await post('/offers', {
    origin_destinations: [{ origin, destination, departure_date: day(20 + Math.floor(search / routes.length)) }],
    passengers: { adults: 1 },
  });
  search += 1;
  if (found.status !== 201) continue;
  const fares = (found.json.offers as { owner: { code: string }; fares: { fare_id: string }[] }[]).flatMap((o) =>
    o.fares.map((f) => ({ ...f, carrier: o.owner.code })),
  );
  const chosen = fares.filter((f) => {
    const n = perCarrier.get(f.carrier) ?? 0;
    if (n >= quota) return false;
    perCarrier.set(f.carrier, n + 1);
    return true;
  });
  await Promise.all(
    chosen.map(async (fare) => {
      const res = await post('/bookings', {
        fare_id: fare.fare_id,
        search_result_id: found.json.id,
        passengers: [{ type: 'ADT', first_name: 'Olena', last_name: 'Bench', title: 'MRS', birthdate: '1985-03-14' }],
        contacts: { email: 'bench@example.com', phone: '+48 600 100 200' },
      });
      if (res.status === 201) booked.push(res.json.locator as string);
      else perCarrier.set(fare.carrier, perCarrier.get(fare.carrier)! - 1);
    }),
  );
}
await setup.stop();
console.log(
  `setup: ${booked.length} held bookings (${JSON.stringify(Object.fromEntries(perCarrier))}) in ${((performance.now() - started) / 1000).toFixed(0)} s (${search} searches)`,
);

// 2. The sandbox again, on the same orders, with realistic latency; the pass runs in this process.
const stack = await startAirlineStack(databaseUrl, { latency: 'realistic' });
const ctx = createAppContext(
  loadConfig({
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? localRedisUrl,
    KEY_PREFIX: `bench-fw-${Date.now()}`,
    SECRET_KEY: benchSecretKey,
    SANDBOX_URL: stack.sandboxUrl,
    AIRLINE_TIMEOUT_MS: '30000',
    DATABASE_POOL_SIZE: '40',
    LOG_LEVEL: 'silent',
  }),
);
await ctx.db
  .insertInto('fare_watch_settings')
  .values({ agency_id: demoAgency.id, held_enabled: true, stop_before_hours: 0, updated_at: new Date() })
  .onConflict((oc) => oc.column('agency_id').doUpdateSet({ held_enabled: true, stop_before_hours: 0 }))
  .execute();
await ctx.db.deleteFrom('fare_watch_bookings').execute();
// Holds of earlier runs live in another sandbox schema: this pass is over this run's bookings only.
await ctx.db
  .updateTable('bookings')
  .set({ status: 'cancelled' })
  .where('status', '=', 'new')
  .where('locator', 'not in', booked)
  .execute();
const channels = await ctx.db
  .selectFrom('bookings')
  .select((eb) => eb.fn.count<string>('channel_id').distinct().as('n'))
  .where('status', '=', 'new')
  .where('agency_id', '=', demoAgency.id)
  .executeTakeFirstOrThrow();
const limit = Number(channels.n) * perSecond;

const cpu0 = process.cpuUsage();
const sandboxCpu0 = cpuMsOf(stack.pids.sandbox);
const t0 = performance.now();
// Several workers' worth of lanes; the pacer keeps each channel to its rate whatever the count.
const checked = await ctx.fareWatch.runPass({
  limit: count + 1000,
  perChannel: Number(process.env.BENCH_FARE_WATCH_LANES ?? 60),
});
const seconds = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const sandboxCpuMs = cpuMsOf(stack.pids.sandbox) - sandboxCpu0;
const outcomes = await ctx.db
  .selectFrom('fare_watch_checks')
  .select(['outcome', (eb) => eb.fn.countAll<string>().as('n')])
  .where('checked_at', '>=', new Date(Date.now() - seconds * 1000 - 1000))
  .groupBy('outcome')
  .execute();

const rate = checked / seconds;
console.log(
  JSON.stringify(
    {
      bookings: booked.length,
      channels: Number(channels.n),
      checked,
      outcomes: Object.fromEntries(outcomes.map((o) => [o.outcome, Number(o.n)])),
      pass_seconds: Number(seconds.toFixed(1)),
      checks_per_second: Number(rate.toFixed(2)),
      summed_limit_per_second: limit,
      ratio_to_limit: Number((rate / limit).toFixed(3)),
      api_cpu_ms_per_check: Number(((cpu.user + cpu.system) / 1000 / checked).toFixed(2)),
      sandbox_cpu_ms_per_check: Number((sandboxCpuMs / checked).toFixed(2)),
    },
    null,
    2,
  ),
);
await ctx.close();
await stack.stop();
process.exit(0);
