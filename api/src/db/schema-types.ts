// Column types that schema.generated.ts imports (kysely-codegen's type mapping): what PostgreSQL
// cannot tell the generator about how the code reads and writes a column.
import type { ColumnType } from 'kysely';

/**
 * A json or jsonb column: read as whatever the repository parses it into, written as JSON text
 * (`JSON.stringify`), because node-postgres would send a JS array as a PostgreSQL array literal.
 */
export type JsonText = ColumnType<unknown, string, string>;
