// The airline message log: list, one exchange, and either half as a file.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';

type Handlers = Pick<ServiceHandlers, 'listAirlineMessages' | 'getAirlineMessage' | 'downloadAirlineMessage'>;

export function airlineMessagesHandlers(ctx: Pick<AppContext, 'airlineMessages'>): Handlers {
  return {
    listAirlineMessages: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.airlineMessages.list(
        {
          ...(request.query.booking_id !== undefined ? { booking: request.query.booking_id } : {}),
          ...(request.query.channel_id !== undefined ? { channelId: request.query.channel_id } : {}),
        },
        page,
      );
      return { status: 200, body: listBody(items, total, page) };
    },
    getAirlineMessage: async (request) => ({
      status: 200,
      body: await ctx.airlineMessages.get(request.params.id),
    }),
    downloadAirlineMessage: async (request, reply) => {
      const file = await ctx.airlineMessages.file(request.params.id, request.params.file);
      reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'no-store');
      // Bytes, as the airline's files are: the file goes out exactly as stored.
      return { status: 200, body: Buffer.from(file.text, 'utf8') };
    },
  };
}
