// GET/PUT /sandbox/channel_clock: one channel credential's own time (engine/channel-clocks.ts).
// A seller moves its own channels' time without moving anyone else's; the global /sandbox/clock
// stays for the sandbox's own tests. Setting it applies what became due to the channel's orders
// at once (expiries, scenario events, pushes), as moving the sandbox clock does. A setting that
// would take the channel back before a moment its orders recorded waits at that moment instead.
import type { FastifyInstance } from 'fastify';
import type { ChannelClockSetting } from '../engine/channel-clocks.js';
import { latestRecordedMoment } from '../engine/order-moments.js';
import { channelOfRequest } from '../http/channel-credential.js';
import { NdcFailure } from '../http/ndc-errors.js';
import { parseBody } from '../http/parse-body.js';
import { ChannelClockRQ, type ChannelClockRS } from '../messages/clock.schema.js';
import type { NdcRouteDeps } from './ndc-route-deps.js';

export default function channelClockRoutes(app: FastifyInstance, { engine, saveChannelClock }: NdcRouteDeps): void {
  const clocks = engine.channelClocks;
  const answer = (credential: string): ChannelClockRS => {
    const setting = clocks.settingOf(credential);
    return {
      now: clocks.nowFor(credential).toISOString(),
      offset_ms: setting.offsetMs,
      floor: setting.floorMs === null ? null : new Date(setting.floorMs).toISOString(),
      version: setting.version,
    };
  };
  app.get('/sandbox/channel_clock', async (request) => answer(channelOfRequest(request).credential));
  app.put('/sandbox/channel_clock', async (request) => {
    const { credential } = channelOfRequest(request);
    const rq = parseBody(ChannelClockRQ, request.body);
    const askedFloorMs = rq.floor === null ? null : Date.parse(rq.floor);
    if (Number.isNaN(askedFloorMs)) throw new NdcFailure('INVALID_REQUEST', '/floor is not a date-time', '/floor');
    // A setting already in place (or older) changes nothing.
    if (clocks.settingOf(credential).version >= rq.version) return answer(credential);
    // Never back before a moment the channel's orders recorded: the floor rises to the latest one.
    const latest = latestRecordedMoment(engine.orders.store.all().filter((o) => o.credential === credential));
    const floorMs =
      latest !== null && latest > engine.channelClocks.base.now().getTime() + rq.offset_ms
        ? Math.max(latest, askedFloorMs ?? latest)
        : askedFloorMs;
    const setting: ChannelClockSetting = { credential, offsetMs: rq.offset_ms, floorMs, version: rq.version };
    if (clocks.apply(setting)) {
      await saveChannelClock?.(setting);
      engine.orders.store.touchChannel(credential);
      engine.orders.tick();
    }
    return answer(credential);
  });
}
