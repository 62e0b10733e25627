// Support cases: the thread (open, list, read, write, close, reopen, download a file), the staff
// queue, assignment and figures, and offers on the booking with the agent's consent. Handlers only
// translate.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'listSupportCases'
  | 'createSupportCase'
  | 'getSupportCase'
  | 'postSupportCaseMessage'
  | 'downloadSupportCaseAttachment'
  | 'closeSupportCase'
  | 'reopenSupportCase'
  | 'listSupportQueue'
  | 'getSupportCaseStats'
  | 'assignSupportCase'
  | 'createSupportCaseOffer'
  | 'acceptSupportCaseOffer'
  | 'declineSupportCaseOffer'
  | 'withdrawSupportCaseOffer'
>;

export function supportCaseHandlers(ctx: Pick<AppContext, 'supportCases' | 'supportOffers'>): Handlers {
  const cases = ctx.supportCases;
  const offers = ctx.supportOffers;
  return {
    listSupportCases: async (request) => {
      const q = request.query;
      const limit = q.limit ?? 25;
      const { items, nextCursor } = await cases.list(principalOf(request), {
        mode: q.mode,
        status: q.status,
        kind: q.kind,
        locator: q.locator,
        cursor: q.cursor,
        limit,
      });
      return { status: 200, body: { data: items, meta: { limit, next_cursor: nextCursor } } };
    },
    createSupportCase: async (request) => ({
      status: 201,
      body: await cases.create(principalOf(request), request.body),
    }),
    getSupportCase: async (request) => ({
      status: 200,
      body: await cases.get(principalOf(request), request.params.id),
    }),
    postSupportCaseMessage: async (request) => ({
      status: 201,
      body: await cases.post(principalOf(request), request.params.id, request.body),
    }),
    downloadSupportCaseAttachment: async (request, reply) => {
      const file = await cases.attachment(principalOf(request), request.params.id, request.params.attachment_id);
      // RFC 6266: the plain name for old clients, the UTF-8 form for the rest.
      const plain = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
      reply
        .type('application/octet-stream')
        .header(
          'Content-Disposition',
          `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store');
      return { status: 200, body: file.content };
    },
    closeSupportCase: async (request) => ({
      status: 200,
      body: await cases.close(principalOf(request), request.params.id),
    }),
    reopenSupportCase: async (request) => ({
      status: 200,
      body: await cases.reopen(principalOf(request), request.params.id),
    }),
    listSupportQueue: async (request) => {
      const q = request.query;
      const limit = q.limit ?? 25;
      const { items, nextCursor } = await cases.queue(principalOf(request), {
        mode: q.mode,
        kind: q.kind,
        assignee: q.assignee,
        waiting: q.waiting,
        cursor: q.cursor,
        limit,
      });
      return { status: 200, body: { data: items, meta: { limit, next_cursor: nextCursor } } };
    },
    getSupportCaseStats: async (request) => ({
      status: 200,
      body: await cases.stats(principalOf(request), { from: request.query.date_from, to: request.query.date_to }),
    }),
    assignSupportCase: async (request) => ({
      status: 200,
      body: await cases.assign(principalOf(request), request.params.id, request.body.assignee_id),
    }),
    createSupportCaseOffer: async (request) => ({
      status: 201,
      body: await offers.offer(principalOf(request), request.params.id, request.body),
    }),
    acceptSupportCaseOffer: async (request) => ({
      status: 200,
      body: await offers.accept(principalOf(request), request.params.id, request.params.offer_id),
    }),
    declineSupportCaseOffer: async (request) => ({
      status: 200,
      body: await offers.decline(principalOf(request), request.params.id, request.params.offer_id),
    }),
    withdrawSupportCaseOffer: async (request) => ({
      status: 200,
      body: await offers.withdraw(principalOf(request), request.params.id, request.params.offer_id),
    }),
  };
}
