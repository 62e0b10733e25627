// The run's PostgreSQL (vitest's global setup provides it) and a fresh schema for one sandbox, so
// test files that keep orders in the database never see each other's.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export const freshSandboxDatabase = () => ({
  url: inject('databaseUrl'),
  schema: `sandbox_${randomBytes(6).toString('hex')}`,
});
