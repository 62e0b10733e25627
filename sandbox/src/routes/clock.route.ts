// GET/POST /sandbox/clock: where tests read and move the sandbox's time, so time limits, offer
// expiry and void windows can be reached without waiting.
import type { FastifyInstance } from 'fastify';
import type { MovableClock } from '../engine/clock.js';
import { NdcFailure } from '../http/ndc-errors.js';
import { parseBody } from '../http/parse-body.js';
import { ClockRQ, type ClockRS } from '../messages/clock.schema.js';

export interface ClockRouteDeps {
  readonly clock: MovableClock;
  /** Runs after every move, so orders react (expire, change, notify) as soon as time passes. */
  readonly afterMove?: () => void;
}

export default async function clockRoutes(app: FastifyInstance, { clock, afterMove }: ClockRouteDeps): Promise<void> {
  const answer = (): ClockRS => ({ now: clock.now().toISOString() });
  app.get('/sandbox/clock', async () => answer());
  app.post('/sandbox/clock', async (request) => {
    const body = parseBody(ClockRQ, request.body);
    if ('advance_seconds' in body) {
      clock.advance(body.advance_seconds);
    } else {
      const at = new Date(body.set);
      if (Number.isNaN(at.getTime())) throw new NdcFailure('INVALID_REQUEST', '/set is not a date-time', '/set');
      clock.set(at);
    }
    afterMove?.();
    return answer();
  });
}
