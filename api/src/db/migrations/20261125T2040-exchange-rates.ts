// Exchange rates that admins keep, dated: a rate applies from its effective_at until a newer one of
// the same pair. Issuing a fare in another currency than the company balance converts at the
// newest rate in effect; the rate and both amounts are kept on the ledger entry and the sales
// document, and the booking keeps the rate of its issue, so a void or refund credits back exactly
// what was debited. Seeded with the rates the offers' indicative table held (every pair of the
// sandbox airlines' currencies and the balance currencies in use), both ways.
import { sql, type Kysely } from 'kysely';

const eurPerUnit: Record<string, number> = { EUR: 1, CHF: 1.06, GBP: 1.18, PLN: 0.23, USD: 0.92, UAH: 0.022 };

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE exchange_rates (
      id text PRIMARY KEY,
      base_currency char(3) NOT NULL,
      quote_currency char(3) NOT NULL,
      rate numeric(18, 8) NOT NULL CHECK (rate > 0),
      effective_at timestamptz NOT NULL,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (base_currency <> quote_currency),
      UNIQUE (base_currency, quote_currency, effective_at)
    )`.execute(db);
  const seeded = Object.keys(eurPerUnit).flatMap((base) =>
    Object.keys(eurPerUnit)
      .filter((quote) => quote !== base)
      .map((quote) => ({
        id: `fxr_seed_${base}${quote}`,
        base_currency: base,
        quote_currency: quote,
        rate: (eurPerUnit[base]! / eurPerUnit[quote]!).toFixed(8),
        effective_at: new Date('2026-01-01T00:00:00Z'),
      })),
  );
  await db.insertInto('exchange_rates').values(seeded).execute();

  await sql`
    ALTER TABLE transactions
      ADD COLUMN original_amount numeric(14, 2),
      ADD COLUMN original_currency char(3),
      ADD COLUMN exchange_rate numeric(18, 8)`.execute(db);
  await sql`
    ALTER TABLE sales_documents
      ADD COLUMN balance_amount numeric(14, 2),
      ADD COLUMN balance_currency char(3),
      ADD COLUMN exchange_rate numeric(18, 8)`.execute(db);
  // The balance a booking was paid from and the rate of its issue (null: the same currency).
  await sql`
    ALTER TABLE bookings
      ADD COLUMN balance_currency char(3),
      ADD COLUMN balance_rate numeric(18, 8)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bookings DROP COLUMN balance_currency, DROP COLUMN balance_rate`.execute(db);
  await sql`ALTER TABLE sales_documents DROP COLUMN balance_amount, DROP COLUMN balance_currency, DROP COLUMN exchange_rate`.execute(
    db,
  );
  await sql`ALTER TABLE transactions DROP COLUMN original_amount, DROP COLUMN original_currency, DROP COLUMN exchange_rate`.execute(
    db,
  );
  await sql`DROP TABLE exchange_rates`.execute(db);
}
