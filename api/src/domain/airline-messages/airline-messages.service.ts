// Reading the airline message log (staff only, by the permission matrix): pages without bodies,
// one exchange with its redacted bodies, and either half as the file a certification desk asks
// for. The log holds only redacted text (airline-message-recorder.ts), so nothing here redacts.
import {
  findAirlineMessage,
  findAirlineMessages,
  type AirlineMessageRow,
  type AirlineMessageSummary,
} from '../../db/airline-messages.repository.js';
import type { Db } from '../../db/database.js';
import { notFound } from '../errors.js';

type Page = { page: number; perPage: number };
export type AirlineMessageFile = 'request.xml' | 'response.xml' | 'request.json' | 'response.json';

const summaryOf = (r: AirlineMessageSummary) => ({
  id: r.id,
  at: r.at.toISOString(),
  channel_id: r.channel_id,
  carrier: r.carrier,
  message: r.message,
  direction: r.direction,
  booking_id: r.booking_id,
  format: r.format,
  url: r.url,
  status: r.status,
  duration_ms: r.duration_ms,
  request_bytes: r.request_bytes,
  response_bytes: r.response_bytes,
  error: r.error,
});

export function createAirlineMessagesService(deps: { db: Db }) {
  async function found(id: string): Promise<AirlineMessageRow> {
    const row = await findAirlineMessage(deps.db, id);
    if (!row) throw notFound('airline message');
    return row;
  }
  return {
    async list(filter: { booking?: string; channelId?: string }, page: Page) {
      const { rows, total } = await findAirlineMessages(
        deps.db,
        {
          ...(filter.booking !== undefined ? { bookingId: filter.booking } : {}),
          ...(filter.channelId !== undefined ? { channelId: filter.channelId } : {}),
        },
        page,
      );
      return { items: rows.map(summaryOf), total };
    },
    async get(id: string) {
      const row = await found(id);
      return { ...summaryOf(row), request_body: row.request_body, response_body: row.response_body };
    },
    /** One half of the exchange; a file of the other format, or a missing answer, is not there. */
    async file(id: string, file: AirlineMessageFile) {
      const row = await found(id);
      const [half, format] = file.split('.') as ['request' | 'response', 'xml' | 'json'];
      const text = half === 'request' ? row.request_body : row.response_body;
      if (format !== row.format || text === null) throw notFound('file');
      return {
        text,
        contentType: format === 'xml' ? 'application/xml; charset=utf-8' : 'application/json; charset=utf-8',
        filename: `${row.id}-${file}`,
      };
    },
  };
}

export type AirlineMessagesService = ReturnType<typeof createAirlineMessagesService>;
