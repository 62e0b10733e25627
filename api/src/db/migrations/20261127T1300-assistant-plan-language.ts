// A plan keeps the language it was proposed in, so its execution says what each step did in the
// asker's words, whatever language the account's interface is set to when it is confirmed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE assistant_plans ADD COLUMN language text CHECK (language IN ('en', 'ua', 'pl'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE assistant_plans DROP COLUMN language`.execute(db);
}
