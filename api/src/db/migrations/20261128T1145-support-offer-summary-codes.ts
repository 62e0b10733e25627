// A support offer's summary as a code and its figures, so each reader gets it in their own language;
// the English text stays as the record of what was offered. The thread message an offer writes names
// the offer, so it reads in the reader's language too.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE support_case_offers ADD COLUMN summary_params jsonb`.execute(db);
  await sql`ALTER TABLE support_case_messages ADD COLUMN offer_id text REFERENCES support_case_offers (id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE support_case_messages DROP COLUMN offer_id`.execute(db);
  await sql`ALTER TABLE support_case_offers DROP COLUMN summary_params`.execute(db);
}
