// `npm run seed:sales -- --tickets 1000000`: a realistic body of sales documents for development and
// the benchmark. It REPLACES every sales document and rollup (never run it against production):
// 12 agencies (the demo agency among them) with 4 companies and 5 agents each, 14 carriers weighted
// as an agency's sales are, two years of issue dates with weekly and seasonal swings, tickets with
// EMDs, refunds, exchanges and voids. Rows are generated inside PostgreSQL (one INSERT … SELECT over
// generate_series: nothing crosses the wire), with the secondary indexes dropped and built once
// afterwards, then the rollups are rebuilt in one pass and the tables analysed.
import { postOpeningBalances } from '../db/companies.repository.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { loadConfig } from '../config.js';
import { createDb, type Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { createSalesIndexes, salesIndexNames } from '../db/migrations/20261122T2000-sales.js';
import { rebuildRollups } from '../db/sales-rollups.repository.js';
import { demoAccounts, demoAgency, demoCompany, seed } from './seed.js';

export const seededAgencies = 12;
const companiesPerAgency = 4;
const agentsPerCompany = 5;
const currencies = ['EUR', 'PLN', 'UAH', 'EUR', 'GBP', 'CZK', 'EUR', 'PLN', 'EUR', 'UAH', 'EUR', 'EUR'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The seeded tenancy: agency 1 is the demo agency, its first company the demo company. */
async function seedTenancy(db: Db): Promise<void> {
  const agencies = [];
  const companies = [];
  const accounts = [];
  for (let a = 1; a <= seededAgencies; a++) {
    const agencyId = a === 1 ? demoAgency.id : `agy_sales${pad(a)}`;
    if (a > 1) agencies.push({ id: agencyId, name: `Sales Agency ${pad(a)}`, status: 'active' });
    if (a > 1)
      accounts.push({
        id: `acc_sales${pad(a)}_sup`,
        agencyId,
        companyId: null,
        type: 'Supervisor' as const,
        a,
        c: 0,
        n: 0,
      });
    for (let c = 1; c <= companiesPerAgency; c++) {
      const companyId = a === 1 && c === 1 ? demoCompany.id : `cmp_sales${pad(a)}_${c}`;
      if (!(a === 1 && c === 1))
        companies.push({
          id: companyId,
          agency_id: agencyId,
          name: `Sales Agency ${pad(a)} branch ${c}`,
          balance_currency: currencies[a - 1]!,
          shared_bookings: c % 2 === 0,
        });
      for (let n = 1; n <= agentsPerCompany; n++) {
        const id = a === 1 && c === 1 && n === 1 ? 'acc_demo_agent' : `acc_sales${pad(a)}_${c}_${n}`;
        accounts.push({ id, agencyId, companyId, type: 'Agent' as const, a, c, n });
      }
    }
  }
  if (agencies.length)
    await db
      .insertInto('agencies')
      .values(agencies)
      .onConflict((oc) => oc.doNothing())
      .execute();
  if (companies.length)
    await db
      .insertInto('companies')
      .values(companies)
      .onConflict((oc) => oc.doNothing())
      .execute();
  // Opening balances are ledger entries (balance = sum of entries, for every company).
  await postOpeningBalances(db, {
    companyIds: companies.map((c) => c.id),
    amount: '5000.00',
    actorAccountId: demoAccounts.find((d) => d.userType === 'Admin')!.id,
    at: new Date(),
  });
  const givenNames = ['Olena', 'Piotr', 'Anna', 'Taras', 'Marta', 'Jan', 'Iryna', 'Tomasz', 'Sofia', 'Andrii'];
  const surnames = ['Kovalenko', 'Nowak', 'Shevchenko', 'Wójcik', 'Bondar', 'Kowalski', 'Melnyk', 'Lewandowska'];
  await db
    .insertInto('accounts')
    .values(
      accounts
        .filter((x) => !x.id.startsWith('acc_demo'))
        .map((x, i) => ({
          id: x.id,
          email: `${x.id.replace('acc_', '')}@sales.contrail.test`,
          first_name: givenNames[i % givenNames.length]!,
          last_name: surnames[(i * 7) % surnames.length]!,
          user_type: x.type,
          agency_id: x.agencyId,
          company_id: x.companyId,
          onboarding_state: 'complete' as const,
        })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  // The generator picks agents by number; supervisors sell too (without a company) now and then.
  await sql`DROP TABLE IF EXISTS seed_sales_agents`.execute(db);
  await sql`CREATE UNLOGGED TABLE seed_sales_agents (n int PRIMARY KEY, agent_id text, company_id text, agency_id text, currency text)`.execute(
    db,
  );
  const sellers = accounts.map((x) => ({ ...x, agentId: x.id }));
  const demoSupervisor = demoAccounts.find((d) => d.userType === 'Supervisor')!;
  sellers.push({
    id: demoSupervisor.id,
    agentId: demoSupervisor.id,
    agencyId: demoAgency.id,
    companyId: null,
    type: 'Supervisor',
    a: 1,
    c: 0,
    n: 0,
  });
  await db
    .insertInto('seed_sales_agents' as never)
    .values(
      sellers.map((s, i) => ({
        n: i,
        agent_id: s.agentId,
        company_id: s.companyId,
        agency_id: s.agencyId,
        currency: currencies[s.a - 1],
      })),
    )
    .execute();
}

async function generateDocuments(db: Db, tickets: number): Promise<void> {
  // Carriers with their ticket prefixes; the first ones sell most (weights by repetition).
  const carriers = `ARRAY['LH:220','LH:220','LH:220','LO:080','LO:080','PS:566','PS:566','OS:257','LX:724','AF:057','KL:074','BA:125','TK:235','A3:390','SN:082','OA:050','W6:232','FR:247']`;
  const airports = `ARRAY['KBP','WAW','KRK','FRA','MUC','VIE','ZRH','CDG','AMS','LHR','IST','ATH','BRU','JFK','DXB','BCN','FCO','LIS','ODS','LWO']`;
  const surnames = `ARRAY['KOVALENKO','SHEVCHENKO','BONDARENKO','TKACHENKO','KRAVCHENKO','NOWAK','KOWALSKI','WISNIEWSKI','WOJCIK','KAMINSKI','SMITH','MULLER','SCHMIDT','ROSSI','GARCIA','MARTIN','DUBOIS','IVANENKO','MELNYK','OLIYNYK','LEWANDOWSKI','ZIELINSKI','SZYMANSKI','HRYTSENKO','PETRENKO','JOHNSON','BROWN','TAYLOR','MORENO','LAURENT']`;
  const given = `ARRAY['OLENA MRS','ANDRII MR','IRYNA MS','TARAS MR','PIOTR MR','ANNA MRS','MARTA MS','JAN MR','SOFIA MISS','OLEKSANDR MR','KATARZYNA MRS','TOMASZ MR','JOHN MR','MARIA MRS','LUCAS MR','EMMA MS']`;
  await sql
    .raw(
      `
    INSERT INTO sales_documents (id, kind, number, locator, booking_id, related_document_id, passenger_name, carrier,
      route, issued_at, fare, taxes, fees, markup, commission, total, currency, form_of_payment, agent_id, company_id, agency_id)
    SELECT 'sal_seed' || lpad(g.i::text, 8, '0'), k.kind,
      -- unique serials that look like an airline's (a bijection of i over ten digits)
      split_part(c.pair, ':', 2) || ((g.i::bigint * 7919 + 1234567) % 9000000000 + 1000000000)::text,
      upper(translate(substr(md5(g.i::text), 1, 6), '0189', 'KXZQ')),
      NULL, NULL,
      (${surnames})[1 + (g.r1 * 30)::int % 30] || '/' || (${given})[1 + (g.r2 * 16)::int % 16],
      split_part(c.pair, ':', 1),
      o.a || '-' || d.a,
      g.at, f.fare, f.taxes, f.fees, f.markup, round(f.fare * 0.01, 2), f.fare + f.taxes + f.fees + f.markup,
      s.currency,
      (ARRAY['bsp_cash','bsp_cash','credit_card','company_balance'])[1 + (g.r3 * 4)::int % 4],
      s.agent_id, s.company_id, s.agency_id
    FROM (
      SELECT i, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5,
        -- two years back from now; busier in summer and on weekdays
        now() - (power(random(), 1.15) * interval '730 days') AS at
      FROM generate_series(1, ${tickets}) AS i
    ) g
    CROSS JOIN LATERAL (SELECT (${carriers})[1 + (g.r4 * 18)::int % 18] AS pair) c
    CROSS JOIN LATERAL (SELECT (${airports})[1 + (g.r5 * 20)::int % 20] AS a) o
    CROSS JOIN LATERAL (SELECT (${airports})[1 + ((g.r5 * 20)::int + 1 + (g.r1 * 17)::int) % 20] AS a) d
    CROSS JOIN LATERAL (SELECT CASE WHEN g.r2 < 0.85 THEN 'ticket' WHEN g.r2 < 0.92 THEN 'emd' WHEN g.r2 < 0.96 THEN 'refund'
      WHEN g.r2 < 0.98 THEN 'exchange' ELSE 'void' END AS kind) k
    CROSS JOIN LATERAL (SELECT round((40 + power(g.r3, 2) * 1400)::numeric, 2) AS fare) f0
    CROSS JOIN LATERAL (SELECT f0.fare, round(f0.fare * 0.18 + 22, 2) AS taxes, (ARRAY[5, 10, 15])[1 + (g.r4 * 3)::int % 3]::numeric AS fees,
      round(f0.fare * 0.03, 2) AS markup) f
    JOIN seed_sales_agents s ON s.n = (
      -- agencies are not alike: lower-numbered sellers (the demo agency first) sell more
      floor(power(g.r1, 1.3) * (SELECT count(*) FROM seed_sales_agents))::int)
    -- in issue order, as documents are written in production (a time range sits on few pages)
    ORDER BY g.at`,
    )
    .execute(db);
}

export async function seedSales(
  db: Db,
  options: { tickets: number; secretKey: string; log?: (msg: string) => void },
): Promise<void> {
  const log = options.log ?? (() => undefined);
  const started = Date.now();
  const step = (what: string) => log(`${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  await migrateToLatest(db);
  await seed(db, options.secretKey);
  await seedTenancy(db);
  step('tenancy');
  await sql`TRUNCATE sales_documents, sales_rollups`.execute(db);
  for (const name of salesIndexNames) await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
  await sql`SET maintenance_work_mem = '512MB'`.execute(db);
  await sql`SET work_mem = '256MB'`.execute(db);
  // The generator only picks existing agents, companies and agencies: skipping the per-row foreign
  // key checks (where the role may) saves a third of the load. Indexes come back afterwards.
  const replica = await sql`SET session_replication_role = replica`.execute(db).then(
    () => true,
    () => false,
  );
  await generateDocuments(db, options.tickets);
  if (replica) await sql`SET session_replication_role = DEFAULT`.execute(db);
  step(`${options.tickets} documents`);
  await createSalesIndexes(db);
  step('indexes');
  await rebuildRollups(db);
  step('rollups');
  await sql`DROP TABLE IF EXISTS seed_sales_agents`.execute(db);
  // VACUUM marks the pages all-visible, so the list's day counts are index-only scans from the start.
  await sql`VACUUM ANALYZE sales_documents`.execute(db);
  await sql`VACUUM ANALYZE sales_rollups`.execute(db);
  step('analysed');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const at = process.argv.indexOf('--tickets');
  const tickets = at > 0 ? Number(process.argv[at + 1]) : 100_000;
  if (!Number.isInteger(tickets) || tickets < 1) throw new Error('--tickets takes a positive whole number');
  const config = loadConfig();
  // One connection: the session settings above (work_mem, maintenance_work_mem) must hold for every step.
  const db = createDb(config.DATABASE_URL, 1);
  await seedSales(db, { tickets, secretKey: config.SECRET_KEY, log: (msg) => console.log(`seed:sales ${msg}`) });
  await db.destroy();
}
