// Webhooks (DESIGN §7): an agency's endpoints, one delivery row per event × endpoint, and every
// attempt at each. The delivery rows are the truth a BullMQ job only triggers: a lost job (Redis
// restarted, a worker killed) is found again by the sweeper from `status = 'pending'`.
// - webhook_endpoints.secret_sealed: the signing secret, sealed like card numbers (SecretBox);
//   previous_secret_sealed signs too until previous_secret_expires_at (rotation).
// - failing_since: the first failed attempt since the last success; five days of it disable the
//   endpoint. disabled_reason says why Contrail switched it off (gone: a 410; failing).
// - webhook_deliveries.event_seq / booking_id: one booking's deliveries to one endpoint go in log
//   order (a later one waits while an earlier one is pending). claim_token / claimed_until: the
//   worker sending an attempt holds it, so two workers never send the same attempt.
// - payload: the body of a ping, which is not an event of the log.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE webhook_endpoints (
      id text PRIMARY KEY,
      agency_id text NOT NULL REFERENCES agencies(id),
      live_mode boolean NOT NULL,
      url text NOT NULL,
      description text,
      events text[] NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      disabled_reason text CHECK (disabled_reason IN ('gone', 'failing')),
      secret_sealed text NOT NULL,
      previous_secret_sealed text,
      previous_secret_expires_at timestamptz,
      failing_since timestamptz,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      deleted_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX webhook_endpoints_agency_idx ON webhook_endpoints (agency_id, live_mode) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE webhook_deliveries (
      id text PRIMARY KEY,
      endpoint_id text NOT NULL REFERENCES webhook_endpoints(id),
      event_id text NOT NULL,
      event_type text NOT NULL,
      event_seq bigint NOT NULL,
      booking_id text,
      payload jsonb,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      claim_token text,
      claimed_until timestamptz,
      created_at timestamptz NOT NULL,
      completed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_deliveries_order_idx ON webhook_deliveries (endpoint_id, booking_id, event_seq) WHERE status = 'pending' AND booking_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id)`.execute(db);
  await sql`
    CREATE TABLE webhook_attempts (
      id text PRIMARY KEY,
      delivery_id text NOT NULL REFERENCES webhook_deliveries(id),
      endpoint_id text NOT NULL REFERENCES webhook_endpoints(id),
      attempt integer NOT NULL,
      succeeded boolean NOT NULL,
      status_code integer,
      response_excerpt text,
      duration_ms integer NOT NULL,
      error text,
      next_retry_at timestamptz,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX webhook_attempts_endpoint_idx ON webhook_attempts (endpoint_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE webhook_attempts`.execute(db);
  await sql`DROP TABLE webhook_deliveries`.execute(db);
  await sql`DROP TABLE webhook_endpoints`.execute(db);
}
