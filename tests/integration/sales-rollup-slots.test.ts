// Sales rollups written in slots and folded by the worker: under 40 concurrent sales transactions
// per round for ROLLUP_ROUNDS rounds (default 8), with two folders compacting the slots at the same
// time, every rollup of the agency and of its company equals the sum of the documents, key by key
// (nothing lost, nothing counted twice, no deadlock); a fold killed before it commits changes
// nothing; and the scope's version moves on with every sale.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { contributionColumns, scopeVersion } from '../../api/src/db/sales-rollups.repository.js';
import type { Clock } from '../../api/src/domain/clock.js';
import { newId } from '../../api/src/domain/ids.js';
import { compactSalesRollups } from '../../api/src/domain/sales/compact-rollups.js';
import { recordSalesDocument } from '../../api/src/domain/sales/record-sales-document.js';
import type { SalesDocumentInput, SalesDocumentKind } from '../../api/src/domain/sales/sales-document.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { query } from '../support/sales.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agents: TestAccount[];
const db = () => stack.ctx.db;
/** The folders' clock: tomorrow, so every day written here is a past day they fold. */
const tomorrow: Clock = { now: () => new Date(Date.now() + 86_400_000) };
const dayOf = (clock: Clock) => clock.now().toISOString().slice(0, 10);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const kinds: SalesDocumentKind[] = ['ticket', 'ticket', 'emd', 'refund', 'void', 'exchange'];

beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
  tenant = await createTenant(db());
  agents = [
    await createAccount(db(), { userType: 'Agent', tenant }),
    await createAccount(db(), { userType: 'Agent', tenant }),
  ];
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

function documentOf(round: number, i: number): SalesDocumentInput {
  const fare = (100 + ((round * 41 + i * 13) % 400) + i / 100).toFixed(2);
  return {
    id: newId('sal'),
    kind: kinds[i % kinds.length]!,
    number: `220${String(round).padStart(4, '0')}${String(i).padStart(6, '0')}`,
    locator: 'SLOT01',
    passengerName: `SLOT/TEST${i} MR`,
    carrier: ['LH', 'LO', 'PS'][i % 3]!,
    route: 'KBP-FRA',
    // Today and the three days before it: the days sales of one day share.
    issuedAt: new Date(Date.now() - (i % 4) * 86_400_000),
    fare,
    taxes: '42.10',
    fees: '10.00',
    markup: '5.55',
    commission: '0.00',
    total: (Number(fare) + 42.1 + 10 + 5.55).toFixed(2),
    currency: i % 5 === 0 ? 'USD' : 'EUR',
    formOfPayment: 'bsp_cash',
    agentId: agents[i % 2]!.id,
    companyId: tenant.companyId,
    agencyId: tenant.agencyId,
  };
}

const money = (column: string) => `sum(${column})::numeric(16,2)::text`;
const sums = `sum(documents)::int AS documents, sum(passengers)::int AS passengers, ${money('revenue')} AS revenue,
  ${money('fees')} AS fees, ${money('markups')} AS markups, ${money('refunds')} AS refunds`;

/** The scope's rollups, slots summed, key by key. */
const rollupsOf = (scope: string) =>
  query(
    inject('databaseUrl'),
    `SELECT dimension, day::text AS day, key, currency, ${sums} FROM sales_rollups WHERE scope = $1
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    [scope],
  );

/** The same, straight from the documents (the documented contribution rules). */
const documentsOf = (column: 'agency_id' | 'company_id', id: string) =>
  query(
    inject('databaseUrl'),
    `SELECT dimension, day::text AS day, key, currency, ${sums} FROM (
      SELECT k.dimension, k.key, d.currency,
        CASE WHEN k.dimension LIKE '%_month' THEN date_trunc('month', d.issued_at AT TIME ZONE 'UTC')::date
             ELSE (d.issued_at AT TIME ZONE 'UTC')::date END AS day, c.*
      FROM sales_documents d
      CROSS JOIN LATERAL (VALUES ('total', ''), ('carrier', d.carrier), ('agent', d.agent_id),
        ('carrier_month', d.carrier), ('agent_month', d.agent_id)) k(dimension, key)
      CROSS JOIN LATERAL (SELECT ${contributionColumns('d')}) c
      WHERE d.${column} = $1) x
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
    [id],
  );

/** Rows the scope's writers left outside slot 0. */
const slotted = async (scope: string) =>
  (
    await query<{ n: string }>(
      inject('databaseUrl'),
      'SELECT count(*)::text AS n FROM sales_rollups WHERE slot > 0 AND scope = $1',
      [scope],
    )
  )[0]!.n;

async function expectRollupsEqualDocuments(label: string) {
  expect(await rollupsOf(`agency:${tenant.agencyId}`), `${label}: agency`).toEqual(
    await documentsOf('agency_id', tenant.agencyId),
  );
  expect(await rollupsOf(`company:${tenant.companyId}`), `${label}: company`).toEqual(
    await documentsOf('company_id', tenant.companyId),
  );
}

describe('rollups in slots, folded while sales go on', () => {
  it('equal the documents key by key after every round, with two folders racing', { timeout: 300_000 }, async () => {
    const rounds = Math.max(1, Number(process.env.ROLLUP_ROUNDS ?? 8));
    const concurrent = 40;
    let writing = true;
    let folded = 0;
    // Two folders, as two workers would run them, over and over while the sales are written.
    const folder = async () => {
      while (writing) {
        folded += await compactSalesRollups({ db: db(), clock: tomorrow }, 50);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    };
    const folders = [folder(), folder()];
    const versions: string[] = [await scopeVersion(db(), `agency:${tenant.agencyId}`)];
    try {
      for (let round = 0; round < rounds; round += 1) {
        await Promise.all(
          Array.from({ length: concurrent }, (_, i) =>
            db()
              .transaction()
              .execute(async (trx) => {
                // Two documents (two passengers): the second adds to rows of the same slot.
                expect(await recordSalesDocument(trx, documentOf(round, i))).toBe(true);
                expect(await recordSalesDocument(trx, documentOf(round, i + concurrent))).toBe(true);
              }),
          ),
        );
        await expectRollupsEqualDocuments(`round ${round}`);
        versions.push(await scopeVersion(db(), `agency:${tenant.agencyId}`));
      }
    } finally {
      writing = false;
      await Promise.all(folders);
    }
    folded += await compactSalesRollups({ db: db(), clock: tomorrow });
    await expectRollupsEqualDocuments('after the last fold');
    expect(folded, 'the folders folded writer slots').toBeGreaterThan(0);
    // Every row of the past days is in slot 0 now.
    expect(await slotted(`agency:${tenant.agencyId}`)).toBe('0');
    // The version moved on with every round's sales and never came back.
    for (let i = 1; i < versions.length; i++) expect(BigInt(versions[i]!)).toBeGreaterThan(BigInt(versions[i - 1]!));
  });

  it('a fold killed before it commits changes nothing', { timeout: 120_000 }, async () => {
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        db()
          .transaction()
          .execute((trx) => recordSalesDocument(trx, documentOf(9_000, i))),
      ),
    );
    const before = await rollupsOf(`agency:${tenant.agencyId}`);
    const writerRows = await slotted(`agency:${tenant.agencyId}`);
    expect(Number(writerRows)).toBeGreaterThan(0);
    // A worker's fold runs to its end in a transaction, and its process is SIGKILLed before the
    // transaction commits.
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['tests/support/fold-and-hang.ts', dayOf(tomorrow)], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATABASE_URL: inject('databaseUrl') },
    });
    const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
    const exited = once(child, 'exit');
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    expect((JSON.parse(line) as { folded: number }).folded, 'the killed fold had folded rows').toBeGreaterThan(0);
    expect(await rollupsOf(`agency:${tenant.agencyId}`)).toEqual(before);
    expect(await slotted(`agency:${tenant.agencyId}`)).toBe(writerRows);
    // The next fold takes them, once.
    await compactSalesRollups({ db: db(), clock: tomorrow });
    await expectRollupsEqualDocuments('after the fold that followed');
  });
});
