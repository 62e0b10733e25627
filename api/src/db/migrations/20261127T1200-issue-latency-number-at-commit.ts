// Accounting documents are numbered at commit. A writer inserts its row without a number; a
// deferred constraint trigger takes the agency's next number (the upsert on accounting_sequences)
// as its transaction commits, after every statement of it. The counter row is still held to the
// end of the commit, so numbers stay gapless (a rollback never fires the trigger) and commit in
// order (the next writer of the agency waits for the row), but the hold no longer spans the
// round trip back to the application and its COMMIT: it is the trigger and the commit's WAL
// flush, inside PostgreSQL. Every committed row has its number; only the writing transaction
// itself ever sees its rows unnumbered. A row inserted with a number (a data load) keeps it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE accounting_documents ALTER COLUMN sequence DROP NOT NULL`.execute(db);
  await sql`
    CREATE FUNCTION number_accounting_document() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      next_sequence bigint;
    BEGIN
      INSERT INTO accounting_sequences AS s (agency_id, last_sequence) VALUES (NEW.agency_id, 1)
      ON CONFLICT (agency_id) DO UPDATE SET last_sequence = s.last_sequence + 1
      RETURNING last_sequence INTO next_sequence;
      UPDATE accounting_documents SET sequence = next_sequence WHERE id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE CONSTRAINT TRIGGER accounting_documents_number_at_commit
    AFTER INSERT ON accounting_documents DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (NEW.sequence IS NULL) EXECUTE FUNCTION number_accounting_document()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER accounting_documents_number_at_commit ON accounting_documents`.execute(db);
  await sql`DROP FUNCTION number_accounting_document()`.execute(db);
  await sql`ALTER TABLE accounting_documents ALTER COLUMN sequence SET NOT NULL`.execute(db);
}
