// The corporate number a booking was made with (the agency's corporate_number_on switch): sent to
// the airline with the order, kept so the booking shows what the airline was told.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bookings ADD COLUMN corporate_number text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bookings DROP COLUMN corporate_number`.execute(db);
}
