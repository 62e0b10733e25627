// Job payloads carry ids only; the rows they name are the truth (DESIGN.md §6).
import Type, { type Static } from 'typebox';

export const EmailJob = Type.Object({ messageId: Type.String({ minLength: 1 }) });
export type EmailJob = Static<typeof EmailJob>;

export const queueNames = { email: 'email' } as const;
