// Webhook deliveries as the console lists them: an endpoint's newest first, and each delivery's
// last attempt (the highest attempt number of the delivery).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempt DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX webhook_attempts_delivery_idx`.execute(db);
  await sql`DROP INDEX webhook_deliveries_endpoint_idx`.execute(db);
}
