// Every migration, by name; names are timestamps so their order is their history. Listed here
// (rather than read from the folder) so they load the same under tsx, vitest and a bundler.
import type { Migration } from 'kysely';
import * as foundation from './20261122T1700-foundation.js';
import * as accountsAccess from './20261122T1800-accounts-access.js';
import * as channels from './20261122T1900-channels.js';
// Sales and analytics
import * as sales from './20261122T2000-sales.js';

export const migrations: Record<string, Migration> = {
  '20261122T1700-foundation': foundation,
  '20261122T1800-accounts-access': accountsAccess,
  '20261122T1900-channels': channels,
  // Sales and analytics
  '20261122T2000-sales': sales,
};
