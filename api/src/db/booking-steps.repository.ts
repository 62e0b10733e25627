// The hottest booking steps as one statement each: a booking with its first history entry and event, the
// issue claim with its airline intent and history entry (and, paid from the company balance, its
// debit and ledger entries), and the issued row with its intent closed
// and history entry (and, while the row is as the claim left it, its sales documents, accounting
// documents and event too). Each would otherwise take three or four round trips, and on a loaded
// API every round trip waits its turn in the event loop: this is where create and issue spent most
// of their own time. The rows written beside the booking are selected from the booking's own CTE,
// so they are written only when the booking statement changed a row, and only after it holds the
// booking's row lock (lock order: booking row, then anything else).
import { sql } from 'kysely';
import type { BookingChanges, BookingInsert, BookingRow, HistoryRow } from './bookings.repository.js';
import type { IntentInsert } from './airline-intents.repository.js';
import { notifyAfterCommit, type Db } from './database.js';
import { eventsChannel, type NewEventRow } from './events.repository.js';
import { salesWrites, type SaleWrite } from './sales-rollups.repository.js';
import { insertBeside } from './insert-beside.js';
import {
  guardedPostingCtes,
  refusedUnlessPosted,
  statementRefused,
  type GuardedPosting,
} from './companies.repository.js';

const setClause = (changes: BookingChanges) =>
  sql.join(
    Object.entries(changes)
      .filter(([, value]) => value !== undefined)
      .map(([column, value]) => sql`${sql.ref(column)} = ${value}`),
  );

/**
 * Inserts a booking, its first history entry and its event, atomically: one statement, its own
 * transaction, so no BEGIN and COMMIT round trips and no connection held between them. Answers the
 * stored row. `event` is made from the row as given, so the caller gives every column (none left to
 * a default it would not see). It takes no row lock but the foreign keys' KEY SHARE on the agency,
 * company and agent, as any insert of a booking does.
 */
export async function insertBookingWithHistory(
  db: Db,
  row: BookingInsert,
  history: HistoryRow,
  event: NewEventRow,
): Promise<BookingRow> {
  const entries = Object.entries(row).filter(([, value]) => value !== undefined);
  const columns = entries.map(([column]) => column);
  const values = entries.map(([, value]) => value);
  const result = await sql<BookingRow>`
    WITH inserted AS (
      INSERT INTO bookings (${sql.join(columns.map((c) => sql.ref(c)))})
      VALUES (${sql.join(values.map((v) => sql`${v}`))})
      RETURNING *
    ), history AS (${insertBeside('booking_history', { ...history }, 'inserted')}),
    event AS (${insertBeside('events', { ...event }, 'inserted')})
    SELECT * FROM inserted ${notifyAfterCommit(eventsChannel)}`.execute(db);
  return result.rows[0]!;
}

/**
 * Takes the issue claim (only a `new` booking moves to `issuing`, with `changes`), writes its pending
 * airline intent and its history entry. Answers the claimed row and its version (the row version's
 * xmin: the claim's transaction, until anything else changes the row). Undefined when the booking was not `new`; `intentWritten`
 * false when another airline intent of the booking is open (the partial unique index decides). In a
 * transaction the claim then stands and the caller must roll the transaction back; `alone` (the
 * statement is its own transaction) makes the open intent fail the statement instead, so nothing
 * is written, and answers no row. `debit` (alone only) is the company balance's posting, made in the
 * same statement after the claim (lock order: the booking row, then the company balance row); when
 * the balance cannot take it as given (guardedPostingCtes), nothing is written and the answer is
 * 'debit_refused'.
 */
export async function claimIssueWithIntent(
  trx: Db,
  input: { id: string; changes: BookingChanges; intent: IntentInsert; history: HistoryRow },
  alone = false,
  debit?: GuardedPosting,
): Promise<{ row: BookingRow | null; intentWritten: boolean; version: string | null } | 'debit_refused' | undefined> {
  const query = sql<BookingRow & { intent_written: boolean; row_version: string }>`
    WITH claimed AS (
      UPDATE bookings SET ${setClause(input.changes)}
      WHERE id = ${input.id} AND status = 'new'
      RETURNING *, xmin::text AS row_version
    ), intent AS (
      ${insertBeside('airline_intents', { ...input.intent, state: 'pending' }, 'claimed')}
      ${alone ? sql`` : sql`ON CONFLICT (booking_id) WHERE state IN ('pending', 'unknown') DO NOTHING`}
      RETURNING id
    ), history AS (${insertBeside('booking_history', { ...input.history }, 'claimed')})
    ${debit ? sql`, ${guardedPostingCtes(debit, 'claimed')}` : sql``}
    SELECT claimed.*, EXISTS (SELECT 1 FROM intent) AS intent_written FROM claimed
    ${debit ? sql`WHERE ${refusedUnlessPosted}` : sql``}`;
  const result = await query.execute(trx).catch((error: { code?: string; constraint?: string }) => {
    if (alone && error.code === '23505' && error.constraint === 'airline_intents_one_open_idx') return null;
    if (debit && statementRefused(error)) return 'debit_refused' as const;
    throw error;
  });
  if (result === null) return { row: null, intentWritten: false, version: null };
  if (result === 'debit_refused') return result;
  const found = result.rows[0];
  if (!found) return undefined;
  const { intent_written: intentWritten, row_version: version, ...row } = found;
  return { row, intentWritten, version };
}

type FinishInput = { id: string; attemptId: string; changes: BookingChanges; history: HistoryRow; at: Date };

/** The issued booking, its issue intent closed and its history entry, as CTEs `issued`, `closed` and `history`. */
const finishCtes = (input: FinishInput, version?: string) => sql`
    issued AS (
      UPDATE bookings SET ${setClause(input.changes)}
      WHERE id = ${input.id} AND status = 'issuing' AND issue_attempt_id = ${input.attemptId}
        ${version === undefined ? sql`` : sql`AND xmin = ${version}::xid`}
      RETURNING *
    ), closed AS (
      UPDATE airline_intents SET state = 'succeeded', detail = NULL, updated_at = ${input.at}, settled_at = ${input.at}
      WHERE booking_id IN (SELECT id FROM issued) AND operation = 'issue' AND state IN ('pending', 'unknown')
    ), history AS (${insertBeside('booking_history', { ...input.history }, 'issued')})`;

/**
 * Records the issue on the booking while `attemptId` still holds the claim, closes its issue intent
 * as succeeded and writes the history entry; answers the issued row (undefined when the claim is
 * no longer this attempt's, and then nothing is written).
 */
export async function finishClaimedIssue(trx: Db, input: FinishInput): Promise<BookingRow | undefined> {
  const result = await sql<BookingRow>`WITH ${finishCtes(input)} SELECT * FROM issued`.execute(trx);
  return result.rows[0];
}

/**
 * `finishClaimedIssue` with the issue's sales documents, their accounting documents and its event,
 * all in one statement (atomic on its own: no BEGIN and COMMIT round trips), made while the row is
 * still the version the claim left (`version`): `sales` and `event` were worked out from that row, so
 * they are what the issued row says. Undefined when the claim is no longer this attempt's or anything
 * else changed the row since the claim, and then nothing is written. Lock order: the booking row,
 * then the rollup rows and version rows (`salesWrites`); the agency's accounting counter at commit.
 */
export async function finishClaimedIssueWithSales(
  db: Db,
  input: FinishInput & { version: string; sales: readonly SaleWrite[]; event: NewEventRow },
): Promise<BookingRow | undefined> {
  const result = await sql<BookingRow>`
    WITH ${finishCtes(input, input.version)}, ${salesWrites(db, input.sales, input.event, 'issued')}
    SELECT * FROM issued ${notifyAfterCommit(eventsChannel)}`.execute(db);
  return result.rows[0];
}
