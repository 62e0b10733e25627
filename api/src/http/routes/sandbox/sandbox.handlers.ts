// The sandbox: the scenario catalogue and the agency's own sandbox clock. Handlers only translate.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  'listSandboxScenarios' | 'getSandboxClock' | 'advanceSandboxClock' | 'resetSandboxClock'
>;

export function sandboxHandlers(ctx: Pick<AppContext, 'sandboxScenarios' | 'sandboxClock'>): Handlers {
  return {
    listSandboxScenarios: async () => ({ status: 200, body: await ctx.sandboxScenarios.list() }),
    getSandboxClock: async (request) => ({ status: 200, body: await ctx.sandboxClock.view(principalOf(request)) }),
    advanceSandboxClock: async (request) => ({
      status: 200,
      body: await ctx.sandboxClock.advance(principalOf(request), request.body.seconds),
    }),
    resetSandboxClock: async (request) => ({ status: 200, body: await ctx.sandboxClock.reset(principalOf(request)) }),
  };
}
