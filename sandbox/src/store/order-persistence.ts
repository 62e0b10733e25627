// Where the sandbox airlines' orders outlive the process: one PostgreSQL row per order (the order
// as a JSON document) and one row of counters, in the sandbox's own schema. The order store keeps
// working in memory and hands this its changes after each message; every change of one flush is
// written in one statement, so a crash never leaves counters behind the orders that used them.
import pg from 'pg';
import { decodeOrder } from './order-codec.js';
import type { ChannelClockSetting } from '../engine/channel-clocks.js';
import type { Order } from '../engine/order-model.js';
import { migrateSandbox, quoteIdent } from './sandbox-migrations.js';

/** How far the store's counters have gone: restarting from them never hands out a number twice. */
export interface OrderCounters {
  readonly locators: number;
  readonly ids: number;
  /** Next document serial per carrier code. */
  readonly serials: Readonly<Record<string, number>>;
}

export interface StoredOrders {
  readonly orders: Order[];
  readonly counters: OrderCounters | null;
  readonly channelClocks: ChannelClockSetting[];
}

export interface OrderChanges {
  readonly upserts: readonly { id: string; credential: string; json: string }[];
  readonly removed: readonly string[];
  readonly counters: OrderCounters | null;
}

export interface OrderPersistence {
  load(): Promise<StoredOrders>;
  save(changes: OrderChanges): Promise<void>;
  /** Keeps a channel's clock setting unless a newer version is stored (moves may arrive out of order). */
  saveChannelClock(setting: ChannelClockSetting): Promise<void>;
  close(): Promise<void>;
}

/** One sandbox process per schema: it holds the schema's orders in memory while it runs. */
export async function openOrderPersistence(options: { url: string; schema: string }): Promise<OrderPersistence> {
  const pool = new pg.Pool({ connectionString: options.url, max: 2 });
  pool.on('error', () => undefined);
  await migrateSandbox(pool, options.schema);
  const s = quoteIdent(options.schema);
  const saveSql = `
    WITH upserted AS (
      INSERT INTO ${s}.orders (id, credential, data, updated_at)
      SELECT o->>'id', o->>'credential', (o->>'json')::jsonb, now() FROM jsonb_array_elements($1::jsonb) o
      ON CONFLICT (id) DO UPDATE SET credential = excluded.credential, data = excluded.data, updated_at = now()
    ), removed AS (
      DELETE FROM ${s}.orders WHERE id = ANY($2::text[])
    ), counted AS (
      INSERT INTO ${s}.counters (name, value) SELECT 'orders', $3::jsonb WHERE $3::jsonb IS NOT NULL
      ON CONFLICT (name) DO UPDATE SET value = excluded.value
    )
    SELECT 1`;
  return {
    async load() {
      const orders = await pool.query<{ data: string }>(`SELECT data::text AS data FROM ${s}.orders ORDER BY id`);
      const counters = await pool.query<{ value: OrderCounters }>(
        `SELECT value FROM ${s}.counters WHERE name = 'orders'`,
      );
      const clocks = await pool.query<{
        credential: string;
        offset_ms: string;
        floor_ms: string | null;
        version: string;
      }>(`SELECT credential, offset_ms, floor_ms, version FROM ${s}.channel_clocks`);
      return {
        orders: orders.rows.map((r) => decodeOrder(r.data)),
        counters: counters.rows[0]?.value ?? null,
        channelClocks: clocks.rows.map((r) => ({
          credential: r.credential,
          offsetMs: Number(r.offset_ms),
          floorMs: r.floor_ms === null ? null : Number(r.floor_ms),
          version: Number(r.version),
        })),
      };
    },
    async save(changes) {
      await pool.query(saveSql, [
        JSON.stringify(changes.upserts),
        changes.removed,
        changes.counters === null ? null : JSON.stringify(changes.counters),
      ]);
    },
    async saveChannelClock(setting) {
      await pool.query(
        `INSERT INTO ${s}.channel_clocks (credential, offset_ms, floor_ms, version) VALUES ($1, $2, $3, $4)
         ON CONFLICT (credential) DO UPDATE SET offset_ms = excluded.offset_ms, floor_ms = excluded.floor_ms,
           version = excluded.version
         WHERE ${s}.channel_clocks.version < excluded.version`,
        [setting.credential, setting.offsetMs, setting.floorMs, setting.version],
      );
    },
    close: () => pool.end(),
  };
}
