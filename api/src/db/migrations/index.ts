// Every migration, by name; names are timestamps so their order is their history. Listed here
// (rather than read from the folder) so they load the same under tsx, vitest and a bundler.
import type { Migration } from 'kysely';
import * as foundation from './20261122T1700-foundation.js';
import * as accountsAccess from './20261122T1800-accounts-access.js';
import * as channels from './20261122T1900-channels.js';
import * as searchResults from './20261122T1950-search-results.js';
// marketing (issue #8)
import * as marketing from './20261122T2200-marketing.js';
// landing: the neo-flights landing page
import * as landing from './20261122T2300-landing.js';
// back office (issue #6)
import * as backOffice from './20261122T2100-back-office.js';
// Sales and analytics
import * as sales from './20261122T2000-sales.js';
// bookings (issue #5)
import * as bookings from './20261122T2400-bookings.js';
import * as bookingRequests from './20261122T2510-booking-requests.js';
import * as salesScopeVersions from './20261123T0100-sales-scope-versions.js';
// bookings: ancillaries and EMDs, hold expiry, airline notifications (issue #5)
import * as bookingEmds from './20261123T0200-booking-emds.js';
import * as mailAttachmentStorage from './20261123T0300-mail-attachment-storage.js';
import * as searchResultsUnlogged from './20261123T0310-search-results-unlogged.js';
import * as notificationRefreshTries from './20261123T0320-notification-refresh-tries.js';
import * as exchangeRates from './20261125T2040-exchange-rates.js';
import * as bookingSerialisation from './20261125T2100-booking-serialisation.js';

export const migrations: Record<string, Migration> = {
  '20261122T1700-foundation': foundation,
  '20261122T1800-accounts-access': accountsAccess,
  '20261122T1900-channels': channels,
  '20261122T1950-search-results': searchResults,
  // marketing (issue #8)
  '20261122T2200-marketing': marketing,
  // landing: the neo-flights landing page
  '20261122T2300-landing': landing,
  // back office (issue #6)
  '20261122T2100-back-office': backOffice,
  // Sales and analytics
  '20261122T2000-sales': sales,
  // bookings (issue #5)
  '20261122T2400-bookings': bookings,
  '20261122T2510-booking-requests': bookingRequests,
  // Sales and analytics: rollup versions for the read cache
  '20261123T0100-sales-scope-versions': salesScopeVersions,
  // bookings: ancillaries and EMDs, hold expiry, airline notifications (issue #5)
  '20261123T0200-booking-emds': bookingEmds,
  // Sales reports: attachments stored without a second compression (issue #7)
  '20261123T0300-mail-attachment-storage': mailAttachmentStorage,
  // Flight search: results kept as the cache they are (issue #4)
  '20261123T0310-search-results-unlogged': searchResultsUnlogged,
  // bookings: a failed notification refresh is tried again under a new job id (issue #5)
  '20261123T0320-notification-refresh-tries': notificationRefreshTries,
  // Balances in another currency: dated exchange rates, and the rate kept where money moved
  '20261125T2040-exchange-rates': exchangeRates,
  // bookings: EMD claims, airline intents, opening ledger entries
  '20261125T2100-booking-serialisation': bookingSerialisation,
};
