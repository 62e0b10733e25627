// Handing events to their consumers, exactly once each. The log is the outbox: a dispatcher claims
// the oldest events of the dispatch queue (FOR UPDATE SKIP LOCKED of their queue rows, so two
// workers never take the same one), lets every consumer write its own work for them (webhook
// deliveries, notifications) in the same transaction, and deletes their queue rows there too,
// after the fan-out (the delivery claim's ordering check reads them). Either all of it commits or
// none, so a worker killed mid-dispatch leaves the events queued for the next pass, and no consumer
// sees an event twice. What a consumer must start once its rows exist (a queue job) runs after the
// commit; losing that (a crash right after commit) is covered by the consumer's own sweeper.
// Lock order: dispatch queue rows only (consumers take no booking or balance lock here).
import type { Db } from '../../db/database.js';
import { claimUndispatched, markDispatched, type UndispatchedRow } from '../../db/events.repository.js';
import { eventView, type ContrailEvent } from './events.service.js';

/** An event as the consumers see it: the envelope plus what they route and order by. */
export interface DispatchedEvent extends Omit<ContrailEvent, 'data'> {
  seq: string;
  companyId: string | null;
  bookingId: string | null;
  /** The agent of the booking it concerns, as the event recorded it. */
  agentId: string | null;
  /**
   * `data` as PostgreSQL wrote it in JSON, unparsed: a webhook body is written around it
   * (`envelopeJson`), and a consumer that reads the data parses it event by event (`dataOf`) and
   * lets it go. A batch holds hundreds of events until its commit: their data parsed all at once
   * was the largest part (two fifths) of what was alive in a webhook burst's young generation.
   */
  dataJson: string;
}

/** The event's data, parsed afresh on each call: keep what is needed of it, not the whole of it. */
export const dataOf = (event: Pick<DispatchedEvent, 'dataJson'>): ContrailEvent['data'] =>
  JSON.parse(event.dataJson) as ContrailEvent['data'];

export type AfterCommit = () => Promise<void>;

export interface EventConsumer {
  readonly name: string;
  /** Writes this consumer's work for the events in `trx`; answers what to start after the commit. */
  fanOut(trx: Db, events: readonly DispatchedEvent[]): Promise<AfterCommit | void>;
}

export const dispatchedEvent = (row: UndispatchedRow): DispatchedEvent => {
  const { data: _unparsed, ...envelope } = eventView({ ...row, data: null });
  return {
    ...envelope,
    seq: row.seq,
    companyId: row.company_id,
    bookingId: row.booking_id,
    agentId: row.agent_id,
    dataJson: row.data_json,
  };
};

const firstBatch = 50;

export function createEventDispatcher(deps: { db: Db; consumers: readonly EventConsumer[] }) {
  const { db, consumers } = deps;

  /** One batch: answers how many events it dispatched. */
  async function dispatchBatch(limit: number): Promise<number> {
    const followUps: AfterCommit[] = [];
    const count = await db.transaction().execute(async (trx) => {
      const rows = await claimUndispatched(trx, limit);
      if (rows.length === 0) return 0;
      const events = rows.map(dispatchedEvent);
      for (const consumer of consumers) {
        const after = await consumer.fanOut(trx, events);
        if (after) followUps.push(after);
      }
      await markDispatched(
        trx,
        rows.map((r) => r.seq),
      );
      return rows.length;
    });
    // After the commit: a failure here loses no work (the rows are written; sweepers find them).
    await Promise.allSettled(followUps.map((f) => f()));
    return count;
  }

  return {
    /**
     * Dispatches until nothing waits; answers how many events it handed on. A batch costs about ten
     * statements whatever its size, so a burst goes in batches of hundreds, not tens; but the first
     * batches of a burst are small and grow fourfold up to `batch`, so its first events reach their
     * consumers (a webhook's first attempts) after a small batch's round trips, not a full one's.
     * `onMore` hears each full batch (more may wait): a caller may start a pass beside this one, so
     * that one batch's round trips overlap the next's instead of following them.
     */
    async dispatchPending(batch = 500, onMore?: () => void): Promise<number> {
      let total = 0;
      for (let size = Math.min(batch, firstBatch); ; size = Math.min(batch, size * 4)) {
        const n = await dispatchBatch(size);
        total += n;
        if (n < size) return total;
        onMore?.();
      }
    },
  };
}

export type EventDispatcher = ReturnType<typeof createEventDispatcher>;
