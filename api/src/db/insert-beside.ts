// A row written beside another statement's row in one statement: selected from that statement's
// CTE, so it is written only when that statement changed a row, and only after it did (holding
// whatever row lock it took first).
import { sql, type RawBuilder } from 'kysely';

/** `INSERT INTO table (…) SELECT …, <from>.id FROM <from>`: the row, its booking id taken from `from`. */
export function insertBeside(table: string, row: Record<string, unknown>, from: string): RawBuilder<unknown> {
  const columns = Object.keys(row).filter((c) => row[c] !== undefined);
  return sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    SELECT ${sql.join(columns.map((c) => (c === 'booking_id' ? sql.ref(`${from}.id`) : sql`${row[c]}`)))} FROM ${sql.table(from)}`;
}
