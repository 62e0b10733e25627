// Every migration, by name; names are timestamps so their order is their history (Kysely runs them
// sorted by name). Listed here in that order, rather than read from the folder, so they load the
// same under tsx, vitest and a bundler.
import type { Migration } from 'kysely';
import * as foundation from './20261122T1700-foundation.js';
import * as accountsAccess from './20261122T1800-accounts-access.js';
import * as channels from './20261122T1900-channels.js';
import * as searchResults from './20261122T1950-search-results.js';
import * as sales from './20261122T2000-sales.js';
import * as backOffice from './20261122T2100-back-office.js';
import * as marketing from './20261122T2200-marketing.js';
import * as landing from './20261122T2300-landing.js';
import * as bookings from './20261122T2400-bookings.js';
import * as bookingRequests from './20261122T2510-booking-requests.js';
import * as salesScopeVersions from './20261123T0100-sales-scope-versions.js';
import * as bookingEmds from './20261123T0200-booking-emds.js';
import * as mailAttachmentStorage from './20261123T0300-mail-attachment-storage.js';
import * as searchResultsUnlogged from './20261123T0310-search-results-unlogged.js';
import * as notificationRefreshTries from './20261123T0320-notification-refresh-tries.js';
import * as exchangeRates from './20261125T2040-exchange-rates.js';
import * as bookingSerialisation from './20261125T2100-booking-serialisation.js';
import * as events from './20261126T0100-events.js';
import * as feeConversion from './20261126T0200-fee-conversion.js';
import * as webhooks from './20261126T0200-webhooks.js';
import * as scheduleChanges from './20261126T0300-schedule-changes.js';
import * as notifications from './20261126T0400-notifications.js';
import * as fareWatch from './20261126T0500-fare-watch.js';
import * as scheduleChangeAcknowledgements from './20261126T0500-schedule-change-acknowledgements.js';
import * as webhookDeliveryLists from './20261126T0500-webhook-delivery-lists.js';
import * as eventsUndispatchedBooking from './20261126T0510-events-undispatched-booking.js';
import * as accountingDocuments from './20261126T0520-accounting-documents.js';
import * as backOfficeConnections from './20261126T0600-back-office-connections.js';
import * as salesRollupSlots from './20261126T0700-sales-rollup-slots.js';
import * as fareWatchIssued from './20261126T0720-fare-watch-issued.js';
import * as backOfficeConnectionsApi from './20261126T0730-back-office-connections-api.js';
import * as backOfficeKinds from './20261126T0800-back-office-kinds.js';
import * as assistantPlans from './20261127T0100-assistant-plans.js';
import * as issueLatencyNumberAtCommit from './20261127T1200-issue-latency-number-at-commit.js';
import * as assistantPlanLanguage from './20261127T1300-assistant-plan-language.js';
import * as requestLogs from './20261128T0100-request-logs.js';
import * as streamTestEvents from './20261128T0300-stream-test-events.js';
import * as sandboxClocks from './20261128T0400-sandbox-clocks.js';
import * as channelEndpoints from './20261128T0600-channel-endpoints.js';
import * as airlineMessages from './20261128T0601-airline-messages.js';
import * as apiTokenSource from './20261128T0700-api-token-source.js';
import * as agencyUserPermissions from './20261128T0800-agency-user-permissions.js';
import * as supportCases from './20261128T0900-support-cases.js';
import * as ledgerKinds from './20261128T1000-ledger-kinds.js';
import * as bookingCorporateNumber from './20261128T1010-booking-corporate-number.js';
import * as requestLogFilterIndexes from './20261128T1125-request-log-filter-indexes.js';
import * as agencyLogoDemo from './20261128T1135-agency-logo-demo.js';
import * as supportCaseMode from './20261128T1140-support-case-mode.js';
import * as supportOfferSummaryCodes from './20261128T1145-support-offer-summary-codes.js';
import * as lz4LargeBodies from './20261128T1200-lz4-large-bodies.js';
import * as webhookClaimIndexes from './20261128T1205-webhook-claim-indexes.js';
import * as webhookPendingIndex from './20261129T0200-webhook-pending-index.js';
import * as requestLogStatistics from './20261129T0300-request-log-statistics.js';
import * as refuseStatement from './20261201T0100-refuse-statement.js';
import * as eventsUndispatchedSeq from './20261203T1800-events-undispatched-seq.js';
import * as attemptEndpointKey from './20261203T1801-attempt-endpoint-key.js';
import * as requestLogLz4Bodies from './20261203T2200-request-log-lz4-bodies.js';
import * as eventDispatchQueue from './20261204T0200-event-dispatch-queue.js';

export const migrations: Record<string, Migration> = {
  // accounts, sign-in, API tokens
  '20261122T1700-foundation': foundation,
  '20261122T1800-accounts-access': accountsAccess,
  // channels and flight search
  '20261122T1900-channels': channels,
  '20261122T1950-search-results': searchResults,
  // sales and analytics
  '20261122T2000-sales': sales,
  // back office: fees, the company ledger, join requests
  '20261122T2100-back-office': backOffice,
  // marketing pages and demo requests
  '20261122T2200-marketing': marketing,
  // the neo-flights landing page
  '20261122T2300-landing': landing,
  // bookings and their change requests
  '20261122T2400-bookings': bookings,
  '20261122T2510-booking-requests': bookingRequests,
  // sales: rollup versions for the read cache
  '20261123T0100-sales-scope-versions': salesScopeVersions,
  // bookings: ancillaries and EMDs, hold expiry, airline notifications
  '20261123T0200-booking-emds': bookingEmds,
  // sales reports: attachments stored without a second compression
  '20261123T0300-mail-attachment-storage': mailAttachmentStorage,
  // flight search: results kept as the cache they are
  '20261123T0310-search-results-unlogged': searchResultsUnlogged,
  // bookings: a failed notification refresh is tried again under a new job id
  '20261123T0320-notification-refresh-tries': notificationRefreshTries,
  // balances in another currency: dated exchange rates, and the rate kept where money moved
  '20261125T2040-exchange-rates': exchangeRates,
  // bookings: EMD claims, airline intents, opening ledger entries
  '20261125T2100-booking-serialisation': bookingSerialisation,
  // events: the event log (the outbox of webhooks and notifications), companies' low-balance threshold
  '20261126T0100-events': events,
  // agency fees in another currency: the fee as set and its rate on the sales document
  '20261126T0200-fee-conversion': feeConversion,
  // webhooks: endpoints, deliveries and their attempts
  '20261126T0200-webhooks': webhooks,
  // schedule changes: the airlines' own changes of bookings awaiting a decision
  '20261126T0300-schedule-changes': scheduleChanges,
  // notifications for people: the notification centre, preferences, the mail's language
  '20261126T0400-notifications': notifications,
  // fare watch: settings, watch state, the check log, opportunities; the rebook intent
  '20261126T0500-fare-watch': fareWatch,
  // schedule changes: a decision told to the airline again until it has heard it
  '20261126T0500-schedule-change-acknowledgements': scheduleChangeAcknowledgements,
  // webhooks: deliveries listed by endpoint, with each one's last attempt
  '20261126T0500-webhook-delivery-lists': webhookDeliveryLists,
  // webhooks: the delivery claim's check for a booking's earlier undispatched events, one probe
  '20261126T0510-events-undispatched-booking': eventsUndispatchedBooking,
  // the accounting-documents feed: gapless per-agency numbering, the agency's time zone
  '20261126T0520-accounting-documents': accountingDocuments,
  // back-office connections: where the feed is delivered, and each batch fixed before it is sent
  '20261126T0600-back-office-connections': backOfficeConnections,
  // sales rollups in slots: concurrent sales add to different rows; the worker compacts past days
  '20261126T0700-sales-rollup-slots': salesRollupSlots,
  // fare watch for issued bookings: the tier's settings, its net saving and its exchange
  '20261126T0720-fare-watch-issued': fareWatchIssued,
  // back-office connections over the API: one backfill batch per range, the 24-hour failure announced once
  '20261126T0730-back-office-connections-api': backOfficeConnectionsApi,
  // back-office connections of more kinds: HTTPS and email beside SFTP
  '20261126T0800-back-office-kinds': backOfficeKinds,
  // the admin assistant: conversations, plans run at most once, audit entries made through a plan
  '20261127T0100-assistant-plans': assistantPlans,
  // accounting documents numbered at commit (a deferred trigger), not in the writing statement
  '20261127T1200-issue-latency-number-at-commit': issueLatencyNumberAtCommit,
  // a plan keeps the language it was proposed in, for its results in words
  '20261127T1300-assistant-plan-language': assistantPlanLanguage,
  // the request log: every API call of an agency for 30 days, partitioned by day
  '20261128T0100-request-logs': requestLogs,
  // test events for the event stream, which the event log does not keep
  '20261128T0300-stream-test-events': streamTestEvents,
  // each agency's own sandbox time, moved from the workspace without moving another agency's
  '20261128T0400-sandbox-clocks': sandboxClocks,
  // how each channel reaches its airline: adapter, transport, paths, auth with its secrets sealed
  '20261128T0600-channel-endpoints': channelEndpoints,
  // the airline message log: every exchange with an airline for 30 days, redacted
  '20261128T0601-airline-messages': airlineMessages,
  // what a token is for: the API, or the browser extension (which searches its own channels)
  '20261128T0700-api-token-source': apiTokenSource,
  // per-user permissions, booking visibility and suspension inside an agency; invites
  '20261128T0800-agency-user-permissions': agencyUserPermissions,
  // support cases: an agent's thread with staff, its attachments, and offers run on the agent's consent
  '20261128T0900-support-cases': supportCases,
  // the ledger as supervisors read it: each entry's kind, booking or transfer, and write order
  '20261128T1000-ledger-kinds': ledgerKinds,
  // the corporate number a booking was made with, as the airline was told it
  '20261128T1010-booking-corporate-number': bookingCorporateNumber,
  // the request log's filters each along an index of their own; partial where most calls skip it
  '20261128T1125-request-log-filter-indexes': requestLogFilterIndexes,
  // an agency's logo, whether it is a demo agency, and issued bookings per agent for scores
  '20261128T1135-agency-logo-demo': agencyLogoDemo,
  // support cases in test or live mode, as bookings are
  '20261128T1140-support-case-mode': supportCaseMode,
  // support offers summarised by their figures, read in each reader's language
  '20261128T1145-support-offer-summary-codes': supportOfferSummaryCodes,
  // a search's stored offers and the airline message log's bodies compressed with lz4, not pglz
  '20261128T1200-lz4-large-bodies': lz4LargeBodies,
  // the delivery claim walks pending deliveries nobody holds, and run-out claims, each by an index
  '20261128T1205-webhook-claim-indexes': webhookClaimIndexes,
  // the pending deliveries' index by when due goes: the claim's two cover it
  '20261129T0200-webhook-pending-index': webhookPendingIndex,
  // the request log's headers and bodies left out of ANALYZE's sample, on every day partition
  '20261129T0300-request-log-statistics': requestLogStatistics,
  // refuse_statement: a statement of several changes refuses whole when one cannot be made as decided
  '20261201T0100-refuse-statement': refuseStatement,
  // the undispatched events' index by seq is left to the walks in seq order: a booking's check probes its own
  '20261203T1800-events-undispatched-seq': eventsUndispatchedSeq,
  // an attempt's endpoint is its delivery's, held by the delivery's key: no second key on the attempt
  '20261203T1801-attempt-endpoint-key': attemptEndpointKey,
  // the request log's bodies compressed with lz4, not pglz, on every day partition
  '20261203T2200-request-log-lz4-bodies': requestLogLz4Bodies,
  // events: what waits for dispatch is a narrow queue table, not a column of the 2 KB event row
  '20261204T0200-event-dispatch-queue': eventDispatchQueue,
};
