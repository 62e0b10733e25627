// Booking changes: a booking can end `refunded`, and the airline's quotes and offers a booking was
// given (re-price offers, refund quotes, flight change alternatives) are kept as requests, so a
// confirm is bound to a quote of THIS booking. Confirming is claimed with one conditional UPDATE
// (quoted -> confirming); the partial unique index lets only one request of a booking be confirming
// at a time, so a refund and an exchange (or two of either) can never run at once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bookings DROP CONSTRAINT bookings_status_check`.execute(db);
  await sql`
    ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
      CHECK (status IN ('new', 'issuing', 'issued', 'cancelled', 'voided', 'expired', 'refunded'))`.execute(db);

  await sql`
    CREATE TABLE booking_requests (
      id text PRIMARY KEY,
      booking_id text NOT NULL REFERENCES bookings (id),
      kind text NOT NULL CHECK (kind IN ('reprice', 'refund', 'change')),
      status text NOT NULL CHECK (status IN ('quoted', 'confirming', 'confirmed', 'failed')),
      -- A refund: the airline's quote id and figures (refund less the agency fee goes to refund_to).
      airline_quote_id text,
      refund_amount numeric(14, 2),
      penalty_amount numeric(14, 2),
      fee_amount numeric(14, 2),
      refund_to text CHECK (refund_to IN ('bsp_cash', 'credit_card', 'company_balance')),
      currency char(3) NOT NULL,
      -- A re-price or flight change: what was asked and the airline's offers as kept (jsonb array).
      journeys jsonb,
      offers jsonb NOT NULL DEFAULT '[]',
      chosen_offer_id text,
      -- What the company balance was debited when the confirm was claimed (given back on refusal).
      balance_debit numeric(14, 2),
      expires_at timestamptz,
      attempt_id text,
      error text,
      created_by text,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      confirming_started_at timestamptz,
      confirmed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX booking_requests_booking_idx ON booking_requests (booking_id, created_at)`.execute(db);
  await sql`
    CREATE UNIQUE INDEX booking_requests_one_confirming ON booking_requests (booking_id)
      WHERE status = 'confirming'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_requests').execute();
  await sql`ALTER TABLE bookings DROP CONSTRAINT bookings_status_check`.execute(db);
  await sql`
    ALTER TABLE bookings ADD CONSTRAINT bookings_status_check
      CHECK (status IN ('new', 'issuing', 'issued', 'cancelled', 'voided', 'expired'))`.execute(db);
}
