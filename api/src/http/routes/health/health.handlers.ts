// health: liveness answers from the process alone; readiness asks every dependency and, when one
// does not answer, says which in the errors envelope (one error a failed check).
import type { AppContext } from '../../../context.js';
import { DomainError, DomainErrors } from '../../../domain/errors.js';
import type { ServiceHandlers } from '../../contract.js';

export function healthHandlers(
  ctx: Pick<AppContext, 'readiness'>,
): Pick<ServiceHandlers, 'getHealth' | 'getReadiness'> {
  return {
    getHealth: async () => ({ status: 200, body: { status: 'ok' } }),
    getReadiness: async () => {
      const { checks } = await ctx.readiness.check();
      const failed = checks
        .filter((c) => !c.ok)
        .map((c) => new DomainError('dependency_unavailable', `${c.name}: ${c.error ?? 'no answer'}`));
      if (failed.length > 0) throw new DomainErrors(failed as [DomainError, ...DomainError[]]);
      return {
        status: 200,
        body: { status: 'ready', checks: checks.map((c) => ({ name: c.name, ok: c.ok, latency_ms: c.latencyMs })) },
      };
    },
  };
}
