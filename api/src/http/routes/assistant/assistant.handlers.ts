// the admin assistant: ask, execute a confirmed plan, and read past conversations.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  'askAssistant' | 'executeAssistantPlan' | 'listAssistantConversations' | 'getAssistantConversation'
>;

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
    listAssistantConversations: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.assistant.conversations(principalOf(request), page);
      return { status: 200, body: listBody(items, total, page) };
    },
    getAssistantConversation: async (request) => ({
      status: 200,
      body: await ctx.assistant.conversation(principalOf(request), request.params.id),
    }),
  };
}
