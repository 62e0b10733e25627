// The tables as Kysely sees them. Row types stay in db/: repositories map them to domain objects.
// The shapes come from the migrated database (schema.generated.ts, written by `npm run gen`); this
// file only gives them the names the repositories use, so a migration and these types cannot drift.
import type { DB } from './schema.generated.js';

export type Database = DB;

export type AccountsTable = DB['accounts'];
export type AgenciesTable = DB['agencies'];
export type AgencyChannelsTable = DB['agency_channels'];
export type AgencyTransactionFeesTable = DB['agency_transaction_fees'];
export type AirlineIntentsTable = DB['airline_intents'];
export type AgentCompanyRelationshipsTable = DB['agent_company_relationships'];
export type AirlineNotificationChannelsTable = DB['airline_notification_channels'];
export type AirlineNotificationsTable = DB['airline_notifications'];
export type ApiTokensTable = DB['api_tokens'];
export type AuditLogTable = DB['audit_log'];
export type BackOfficeConnectionsTable = DB['back_office_connections'];
export type BackOfficeDeliveriesTable = DB['back_office_deliveries'];
export type BookingEmdClaimsTable = DB['booking_emd_claims'];
export type BookingEmdRequestsTable = DB['booking_emd_requests'];
export type BookingHistoryTable = DB['booking_history'];
export type BookingRequestsTable = DB['booking_requests'];
export type BookingsTable = DB['bookings'];
export type CompaniesTable = DB['companies'];
export type CompanyChannelsTable = DB['company_channels'];
export type CreditCardsTable = DB['credit_cards'];
export type DemoRequestsTable = DB['demo_requests'];
export type EventsTable = DB['events'];
export type ScheduleChangesTable = DB['schedule_changes'];
export type SupportCasesTable = DB['support_cases'];
export type SupportCaseMessagesTable = DB['support_case_messages'];
export type SupportCaseAttachmentsTable = DB['support_case_attachments'];
export type SupportCaseOffersTable = DB['support_case_offers'];
export type FareWatchSettingsTable = DB['fare_watch_settings'];
export type FareWatchBookingsTable = DB['fare_watch_bookings'];
export type FareWatchChecksTable = DB['fare_watch_checks'];
export type FareWatchOpportunitiesTable = DB['fare_watch_opportunities'];
// webhooks
export type WebhookEndpointsTable = DB['webhook_endpoints'];
export type WebhookDeliveriesTable = DB['webhook_deliveries'];
export type WebhookAttemptsTable = DB['webhook_attempts'];
export type ExchangeRatesTable = DB['exchange_rates'];
export type IdempotencyKeysTable = DB['idempotency_keys'];
export type JoinAgencyRequestsTable = DB['join_agency_requests'];
export type MailAttachmentsTable = DB['mail_attachments'];
export type MailMessagesTable = DB['mail_messages'];
export type MarkupsTable = DB['markups'];
export type NotificationsTable = DB['notifications'];
export type NotificationPreferencesTable = DB['notification_preferences'];
export type OtpCodesTable = DB['otp_codes'];
export type PresentationRequestsTable = DB['presentation_requests'];
export type SalesDocumentsTable = DB['sales_documents'];
export type SalesExportsTable = DB['sales_exports'];
export type SalesRollupsTable = DB['sales_rollups'];
export type SalesScopeVersionsTable = DB['sales_scope_versions'];
export type SearchResultsTable = DB['search_results'];
export type SessionsTable = DB['sessions'];
export type SignInLimitsTable = DB['sign_in_limits'];
export type SourceChannelsTable = DB['source_channels'];
export type TermsAcceptancesTable = DB['terms_acceptances'];
export type TicketingGatesTable = DB['ticketing_gates'];
export type TransactionsTable = DB['transactions'];

export type FeeKind = AgencyTransactionFeesTable['kind'];
