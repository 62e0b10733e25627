// An agency fee set in another currency than the fare is converted at issue at the exchange rates
// admins keep: the sales document that carries it keeps the fee as the agency set it and the rate
// (its `fees` is the converted amount, in the document's currency), as the ledger entry does.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE sales_documents
      ADD COLUMN fee_original_amount numeric(14, 2),
      ADD COLUMN fee_original_currency char(3),
      ADD COLUMN fee_exchange_rate numeric(18, 8)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE sales_documents
      DROP COLUMN fee_original_amount, DROP COLUMN fee_original_currency, DROP COLUMN fee_exchange_rate`.execute(db);
}
