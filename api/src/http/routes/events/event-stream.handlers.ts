// The event stream as server-sent events, and the test events it carries. A stream is a body that
// stays open: the handler answers at once with a PassThrough and a loop polls the session
// (event-stream.service.ts) into it until the client goes away or the server closes. Each message
// is `id:` (the position to resume from), `event:` (the type) and `data:` (the envelope, one line).
import { PassThrough } from 'node:stream';
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import type { components } from '../../generated/openapi.generated.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<ServiceHandlers, 'streamEvents' | 'triggerTestEvent'>;

export function eventStreamHandlers(
  ctx: Pick<AppContext, 'eventStream' | 'config'>,
  /** Aborted when the server starts closing: open streams end, so closing does not wait on them. */
  closing: AbortSignal,
): Handlers {
  const { EVENT_STREAM_POLL_MS: pollMs, EVENT_STREAM_HEARTBEAT_MS: heartbeatMs } = ctx.config;
  // One listener on `closing` for every open stream (not one each, which Node warns about past ten).
  const openStreams = new Set<() => void>();
  closing.addEventListener('abort', () => {
    for (const stop of [...openStreams]) stop();
  });
  return {
    streamEvents: async (request, reply) => {
      const session = await ctx.eventStream.open(principalOf(request), {
        lastEventId: request.headers['last-event-id'],
        types: request.query.type,
      });
      const body = new PassThrough();
      let streaming = true;
      let timer: NodeJS.Timeout | undefined;
      const heartbeat = setInterval(() => body.write(': heartbeat\n\n'), heartbeatMs);
      const stop = () => {
        if (!streaming) return;
        streaming = false;
        clearTimeout(timer);
        clearInterval(heartbeat);
        openStreams.delete(stop);
        body.end();
      };
      const poll = async () => {
        try {
          for (const m of await session.poll()) body.write(`id: ${m.id}\nevent: ${m.type}\ndata: ${m.json}\n\n`);
        } catch (error) {
          // The database went away under an open stream: end it, and the client resumes from its
          // last id once it reconnects; the failure is logged, never written into the stream.
          request.log.error({ err: error }, 'event stream poll failed');
          stop();
        }
        if (streaming) timer = setTimeout(() => void poll(), pollMs);
      };
      openStreams.add(stop);
      if (closing.aborted) stop();
      reply.raw.on('close', stop);
      reply
        .type('text/event-stream; charset=utf-8')
        .header('Cache-Control', 'no-store')
        // nginx and similar proxies buffer answers unless told not to; a stream must flow.
        .header('X-Accel-Buffering', 'no');
      body.write(': stream open\n\n');
      if (streaming) timer = setTimeout(() => void poll(), pollMs);
      return { status: 200, body };
    },
    triggerTestEvent: async (request) => ({
      status: 202,
      body: (await ctx.eventStream.trigger(principalOf(request), request.body.type)) as components['schemas']['Event'],
    }),
  };
}
