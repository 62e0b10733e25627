// Every migration, by name; names are timestamps so their order is their history. Listed here
// (rather than read from the folder) so they load the same under tsx, vitest and a bundler.
import type { Migration } from 'kysely';
import * as foundation from './20261122T1700-foundation.js';
import * as accountsAccess from './20261122T1800-accounts-access.js';
// landing: the neo-flights landing page
import * as landing from './20261122T2300-landing.js';

export const migrations: Record<string, Migration> = {
  '20261122T1700-foundation': foundation,
  '20261122T1800-accounts-access': accountsAccess,
  // landing: the neo-flights landing page
  '20261122T2300-landing': landing,
};
