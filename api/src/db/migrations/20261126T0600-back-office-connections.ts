// Back-office connections and their deliveries: where an agency's accounting documents go (an SFTP
// folder), in which format and on which schedule, and every batch sent there.
// - back_office_connections: the settings a person may read (host, port, user, folder, pinned host
//   key) apart from the credentials (password or private key), which are sealed (secret-box, as
//   card numbers are) and never read back out. `delivered_through` is the last sequence a batch
//   was cut up to: the next batch starts after it.
// - back_office_deliveries: a batch is fixed here (its sequence range, file name, bytes and SHA-256)
//   in the transaction that moves `delivered_through`, before a byte is sent; sending again (after
//   a crash, a timeout, a restart, or a person's resend) rebuilds the same bytes from the same range
//   (documents never change), checks them against the checksum, and writes them under the same
//   name. Attempts, duration and the last error are kept on the row.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE back_office_connections (
      id text PRIMARY KEY,
      agency_id text NOT NULL REFERENCES agencies (id),
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('sftp')),
      format text NOT NULL CHECK (format IN ('csv', 'jsonl')),
      schedule text NOT NULL CHECK (schedule IN ('each', 'hourly', 'daily')),
      daily_at text CHECK (daily_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      settings jsonb NOT NULL,
      credentials_sealed text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      delivered_through bigint NOT NULL DEFAULT 0,
      last_cut_at timestamptz,
      failing_since timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX back_office_connections_agency_idx ON back_office_connections (agency_id, created_at)`.execute(
    db,
  );

  await sql`
    CREATE TABLE back_office_deliveries (
      id text PRIMARY KEY,
      connection_id text NOT NULL REFERENCES back_office_connections (id) ON DELETE CASCADE,
      agency_id text NOT NULL,
      reason text NOT NULL CHECK (reason IN ('scheduled', 'backfill')),
      first_sequence bigint NOT NULL,
      last_sequence bigint NOT NULL,
      rows integer NOT NULL,
      file_name text NOT NULL,
      bytes bigint NOT NULL,
      checksum text NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      claimed_until timestamptz,
      last_error text,
      duration_ms integer,
      created_at timestamptz NOT NULL,
      delivered_at timestamptz,
      CHECK (first_sequence <= last_sequence)
    )`.execute(db);
  await sql`CREATE INDEX back_office_deliveries_connection_idx ON back_office_deliveries (connection_id, created_at DESC, id DESC)`.execute(
    db,
  );
  // What the worker takes next: due, not delivered.
  await sql`CREATE INDEX back_office_deliveries_due_idx ON back_office_deliveries (next_attempt_at) WHERE status <> 'delivered'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE back_office_deliveries`.execute(db);
  await sql`DROP TABLE back_office_connections`.execute(db);
}
