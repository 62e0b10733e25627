// health: liveness answers from the process alone; readiness asks every dependency.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';

export function healthHandlers(ctx: Pick<AppContext, 'readiness'>): Pick<ServiceHandlers, 'getHealth' | 'getReadiness'> {
  return {
    getHealth: async () => ({ status: 200, body: { status: 'ok' } }),
    getReadiness: async () => {
      const { ready, checks } = await ctx.readiness.check();
      const body = {
        status: ready ? ('ready' as const) : ('unavailable' as const),
        checks: checks.map((c) => ({ name: c.name, ok: c.ok, latency_ms: c.latencyMs, ...(c.error ? { error: c.error } : {}) })),
      };
      return ready ? { status: 200, body } : { status: 503, body };
    },
  };
}
