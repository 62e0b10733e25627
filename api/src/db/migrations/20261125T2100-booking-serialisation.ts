// Bookings under races: the claims and records PostgreSQL keeps so that money and tickets move
// exactly once.
// - booking_emd_claims: one EMD per booking × passenger × service (the unique key), taken in the
//   transaction that debits for it, so a repeated or concurrent request finds the claim.
// - airline_intents: every call that changes an airline order, written before the call (pending) and
//   settled after it (succeeded, failed, or unknown when the answer was lost). At most one intent of a
//   booking is open at a time; the reconciler settles open ones whose process died.
// - an opening ledger entry for every company whose balance its entries do not explain (seeded
//   balances before this), so that balance = sum of its entries holds from here on.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE booking_emd_claims (
      booking_id text NOT NULL REFERENCES bookings(id),
      passenger_id text NOT NULL,
      service_key text NOT NULL,
      request_id text NOT NULL REFERENCES booking_emd_requests(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (booking_id, passenger_id, service_key)
    )`.execute(db);
  await sql`CREATE INDEX booking_emd_claims_request_idx ON booking_emd_claims (request_id)`.execute(db);

  await sql`
    CREATE TABLE airline_intents (
      id text PRIMARY KEY,
      booking_id text NOT NULL REFERENCES bookings(id),
      operation text NOT NULL CHECK (operation IN ('issue', 'void', 'cancel', 'refund', 'change')),
      state text NOT NULL CHECK (state IN ('pending', 'unknown', 'succeeded', 'failed', 'rolled_back')),
      request_id text,
      attempt_id text,
      debit_amount numeric(14, 2) NOT NULL DEFAULT 0,
      credit_amount numeric(14, 2) NOT NULL DEFAULT 0,
      currency char(3) NOT NULL,
      detail text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      settled_at timestamptz
    )`.execute(db);
  // One open airline operation per booking: the loser of a race finds the winner's intent.
  await sql`
    CREATE UNIQUE INDEX airline_intents_one_open_idx ON airline_intents (booking_id)
    WHERE state IN ('pending', 'unknown')`.execute(db);
  await sql`
    CREATE INDEX airline_intents_open_idx ON airline_intents (updated_at)
    WHERE state IN ('pending', 'unknown')`.execute(db);

  await sql`
    INSERT INTO transactions (id, company_id, amount, currency, balance_after, reason, actor_account_id, created_at)
    SELECT 'trx_open_' || c.id, c.id, c.balance_amount - coalesce(t.total, 0), c.balance_currency,
           c.balance_amount, 'Opening balance', 'system', coalesce(t.first, now()) - interval '1 second'
    FROM companies c
    LEFT JOIN (SELECT company_id, sum(amount) AS total, min(created_at) AS first FROM transactions GROUP BY company_id) t
      ON t.company_id = c.id
    WHERE c.balance_amount <> coalesce(t.total, 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM transactions WHERE id LIKE 'trx_open_%'`.execute(db);
  await sql`DROP TABLE airline_intents`.execute(db);
  await sql`DROP TABLE booking_emd_claims`.execute(db);
}
