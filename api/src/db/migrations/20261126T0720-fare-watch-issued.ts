// Fare Watch for issued bookings.
// - fare_watch_settings gains `issued_enabled` (watch issued bookings; off by default) and
//   `issued_with_ancillaries` (bookings with seats or EMDs too; off by default).
// - fare_watch_opportunities takes the `issued` tier, whose saving is net of the change penalty
//   and of the residual the fare forfeits (refunded as a credit, not in cash): `net_saving` and its
//   parts are stored as found, with the airline's offer as a flight change would confirm it
//   (`exchange_offer`). An issued accept is a flight change request of the booking
//   (`change_request_id`, stage `exchanging`): the request's own claim and `change` intent carry the
//   exactly-once, and the opportunity follows the request's outcome.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE fare_watch_settings
      ADD COLUMN issued_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN issued_with_ancillaries boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE fare_watch_opportunities
      ADD COLUMN net_saving numeric(14, 2),
      ADD COLUMN change_penalty numeric(14, 2) NOT NULL DEFAULT 0,
      ADD COLUMN forfeited_residual numeric(14, 2) NOT NULL DEFAULT 0,
      ADD COLUMN residual_refund text CHECK (residual_refund IN ('cash', 'credit')),
      ADD COLUMN exchange_offer jsonb,
      ADD COLUMN change_request_id text`.execute(db);
  // A hold's opportunities found before: no penalty, nothing forfeited.
  await sql`UPDATE fare_watch_opportunities SET net_saving = saving`.execute(db);
  await sql`ALTER TABLE fare_watch_opportunities ALTER COLUMN net_saving SET NOT NULL`.execute(db);
  await sql`ALTER TABLE fare_watch_opportunities DROP CONSTRAINT fare_watch_opportunities_tier_check`.execute(db);
  await sql`
    ALTER TABLE fare_watch_opportunities ADD CONSTRAINT fare_watch_opportunities_tier_check
    CHECK (tier IN ('held', 'issued'))`.execute(db);
  await sql`ALTER TABLE fare_watch_opportunities DROP CONSTRAINT fare_watch_opportunities_stage_check`.execute(db);
  await sql`
    ALTER TABLE fare_watch_opportunities ADD CONSTRAINT fare_watch_opportunities_stage_check
    CHECK (stage IN ('booking', 'booked', 'releasing', 'exchanging'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM fare_watch_opportunities WHERE tier = 'issued'`.execute(db);
  await sql`ALTER TABLE fare_watch_opportunities DROP CONSTRAINT fare_watch_opportunities_stage_check`.execute(db);
  await sql`
    ALTER TABLE fare_watch_opportunities ADD CONSTRAINT fare_watch_opportunities_stage_check
    CHECK (stage IN ('booking', 'booked', 'releasing'))`.execute(db);
  await sql`ALTER TABLE fare_watch_opportunities DROP CONSTRAINT fare_watch_opportunities_tier_check`.execute(db);
  await sql`
    ALTER TABLE fare_watch_opportunities ADD CONSTRAINT fare_watch_opportunities_tier_check
    CHECK (tier IN ('held'))`.execute(db);
  await sql`
    ALTER TABLE fare_watch_opportunities
      DROP COLUMN net_saving, DROP COLUMN change_penalty, DROP COLUMN forfeited_residual,
      DROP COLUMN residual_refund, DROP COLUMN exchange_offer, DROP COLUMN change_request_id`.execute(db);
  await sql`
    ALTER TABLE fare_watch_settings DROP COLUMN issued_enabled, DROP COLUMN issued_with_ancillaries`.execute(db);
}
