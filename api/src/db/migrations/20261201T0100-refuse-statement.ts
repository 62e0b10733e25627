// A statement that makes several changes at once (an issue's claim with its balance debit) and
// finds, under its row locks, that one of them cannot be made as decided, calls refuse_statement:
// it raises SQLSTATE CT001, so the whole statement changes nothing, and the repository that made
// it answers the refusal (the caller then decides, as it would without the statement).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION refuse_statement(what text) RETURNS boolean LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'refused: %', what USING ERRCODE = 'CT001';
    END $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION refuse_statement(text)`.execute(db);
}
