// The ledger as supervisors read it: each entry says what kind of movement it is (an opening
// balance, staff's adjustment, a booking's payment, or one side of a transfer between two companies
// of one agency), which booking or transfer it belongs to, and a `seq` in the order entries were
// written. Entries of one company are written under its row lock, so `seq` is the order its
// balance moved in: the running balance (`balance_after`) reads in that order, and so does the
// ledger's cursor. Existing entries get their kind back from the reasons the code wrote.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE transactions
    ADD COLUMN seq bigserial NOT NULL,
    ADD COLUMN kind text NOT NULL DEFAULT 'adjustment'
      CHECK (kind IN ('opening', 'adjustment', 'booking', 'transfer')),
    ADD COLUMN booking_id text,
    ADD COLUMN transfer_id text`.execute(db);
  await sql`UPDATE transactions SET kind = 'opening' WHERE id LIKE 'trx_open_%'`.execute(db);
  await sql`
    UPDATE transactions t SET kind = 'booking', booking_id = b.id
    FROM bookings b
    WHERE b.locator = substring(t.reason from ' ([A-Z0-9]{6})$')
      AND t.reason ~ '^(Tickets|Issue fee|Refund|Refund fee|Exchange|Exchange fee|Exchange residual|Void|Void EMDs|Void fee|EMDs|EMD fee|EMDs refused|[A-Za-z]+ not completed) '`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX transactions_company_seq_idx ON transactions (company_id, seq DESC)`.execute(db);
  await sql`CREATE INDEX transactions_booking_idx ON transactions (booking_id) WHERE booking_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX transactions_booking_idx`.execute(db);
  await sql`DROP INDEX transactions_company_seq_idx`.execute(db);
  await sql`ALTER TABLE transactions DROP COLUMN transfer_id, DROP COLUMN booking_id, DROP COLUMN kind, DROP COLUMN seq`.execute(
    db,
  );
}
