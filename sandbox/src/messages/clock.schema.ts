// The test clock's control message: move it forward or set it outright (never both).
import Type, { type Static } from 'typebox';

export const ClockRQ = Type.Union([
  Type.Object(
    { advance_seconds: Type.Integer({ minimum: 0, maximum: 400 * 86_400 }) },
    { additionalProperties: false },
  ),
  Type.Object({ set: Type.String({ format: 'date-time' }) }, { additionalProperties: false }),
]);
export type ClockRQ = Static<typeof ClockRQ>;

export const ClockRS = Type.Object({ now: Type.String({ format: 'date-time' }) });
export type ClockRS = Static<typeof ClockRS>;

/**
 * One channel's own time, set whole by the seller that owns the channel (the API keeps the sum of
 * its moves): ahead of the sandbox clock by `offset_ms`, never before `floor`. Only a higher
 * `version` than the one in place changes anything, so moves delivered out of order settle right.
 */
export const ChannelClockRQ = Type.Object(
  {
    offset_ms: Type.Integer({ minimum: 0, maximum: 400 * 86_400_000 }),
    floor: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type ChannelClockRQ = Static<typeof ChannelClockRQ>;

export const ChannelClockRS = Type.Object({
  now: Type.String({ format: 'date-time' }),
  offset_ms: Type.Integer(),
  floor: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  version: Type.Integer(),
});
export type ChannelClockRS = Static<typeof ChannelClockRS>;
