import type { Static, TSchema } from 'typebox';
export declare function parseBody<T extends TSchema>(schema: T, body: unknown): Static<T>;
