// The NDC message routes (and the channel's notification settings and own clock). Each one first checks the channel credential (an airline refuses an
// unknown caller before reading the message), then its body.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { channelOfRequest } from '../http/channel-credential.js';
import type { NdcRouteDeps } from './ndc-route-deps.js';
import type { NdcMessages } from './ndc-messages.js';
import channelClockRoutes from './channel-clock.route.js';
import cheaperFareRoute from './cheaper-fare.route.js';
import disruptRoute from './disrupt.route.js';
import notifyRoutes from './notify.route.js';

export interface NdcRoutesOptions extends NdcRouteDeps {
  readonly messages: NdcMessages;
}

/** Aborts when the caller hangs up, so the timeout scenario frees its socket with the caller. */
export function callerGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => controller.abort());
  return controller.signal;
}

export default async function ndcRoutes(app: FastifyInstance, options: NdcRoutesOptions): Promise<void> {
  const { messages, ...deps } = options;
  app.addHook('onRequest', async (request) => {
    channelOfRequest(request);
  });
  // Everything a message does runs on its channel's own time (engine/channel-clocks.ts); entered
  // once the body is read, so the handler runs inside the scope.
  app.addHook('preHandler', (request, _reply, done) => {
    deps.engine.channelClocks.within(channelOfRequest(request).credential, done);
  });
  for (const name of Object.keys(messages) as (keyof NdcMessages)[]) {
    const message: (call: Parameters<NdcMessages[typeof name]>[0]) => Promise<unknown> = messages[name];
    app.post(`/ndc/${name}`, (request, reply) =>
      message({ body: request.body, channel: channelOfRequest(request), signal: callerGone(reply) }),
    );
  }
  notifyRoutes(app, deps.notifier);
  disruptRoute(app, deps);
  cheaperFareRoute(app, deps);
  channelClockRoutes(app, deps);
}
