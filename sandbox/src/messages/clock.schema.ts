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
