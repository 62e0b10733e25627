// the admin assistant: ask, and execute a confirmed plan.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<ServiceHandlers, 'askAssistant' | 'executeAssistantPlan'>;

export function assistantHandlers(ctx: Pick<AppContext, 'assistant'>): Handlers {
  return {
    askAssistant: async (request) => ({
      status: 200,
      body: await ctx.assistant.ask(principalOf(request), request.body),
    }),
    executeAssistantPlan: async (request) => ({
      status: 200,
      body: await ctx.assistant.execute(principalOf(request), request.body),
    }),
  };
}
