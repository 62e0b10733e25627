// Schedule changes: list, read, decide (accept, cancel, change) and the sandbox's "disrupt this
// order". Handlers only translate.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'listScheduleChanges'
  | 'getScheduleChange'
  | 'acceptScheduleChange'
  | 'cancelScheduleChange'
  | 'changeScheduleChange'
  | 'disruptSandboxBooking'
>;

export function scheduleChangeHandlers(ctx: Pick<AppContext, 'scheduleChanges'>): Handlers {
  return {
    listScheduleChanges: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.scheduleChanges.list(principalOf(request), {
        status: request.query.status,
        deadlineBefore: request.query.deadline_before ? new Date(request.query.deadline_before) : undefined,
        locator: request.query.locator,
        ...page,
      });
      return { status: 200, body: listBody(items, total, page) };
    },
    getScheduleChange: async (request) => ({
      status: 200,
      body: await ctx.scheduleChanges.get(principalOf(request), request.params.id),
    }),
    acceptScheduleChange: async (request) => ({
      status: 200,
      body: await ctx.scheduleChanges.accept(principalOf(request), request.params.id),
    }),
    cancelScheduleChange: async (request) => ({
      status: 200,
      body: await ctx.scheduleChanges.cancel(principalOf(request), request.params.id),
    }),
    changeScheduleChange: async (request) => ({
      status: 200,
      body: await ctx.scheduleChanges.change(principalOf(request), request.params.id),
    }),
    disruptSandboxBooking: async (request) => ({
      status: 202,
      body: await ctx.scheduleChanges.disrupt(principalOf(request), request.params.locator, request.body),
    }),
  };
}
