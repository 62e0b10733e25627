// The tables as Kysely sees them. Row types stay in db/: repositories map them to domain objects.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric comes back from pg as a string; money stays a decimal string end to end. */
type Numeric = ColumnType<string, string | undefined, string>;

export interface AgenciesTable {
  id: string;
  name: string;
  status: string;
  production_api_on: Generated<boolean>;
  corporate_number_on: Generated<boolean>;
  ghost_segments_remarks_on: Generated<boolean>;
  ticketing_active: Generated<boolean>;
  created_at: Timestamp;
  // back office (issue #6)
  archived_at: NullableTimestamp;
}

export interface CompaniesTable {
  id: string;
  agency_id: string | null;
  name: string;
  balance_amount: Numeric;
  balance_currency: string;
  shared_bookings: Generated<boolean>;
  ticketing_active: Generated<boolean>;
  created_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  email: string;
  phone: string | null;
  first_name: string;
  last_name: string;
  user_type: 'Admin' | 'Support' | 'Agent' | 'Supervisor';
  password_hash: string | null;
  language: Generated<'en' | 'ua' | 'pl'>;
  agency_id: string | null;
  company_id: string | null;
  auth_method: Generated<'otp' | 'password'>;
  onboarding_state: Generated<'initial' | 'privacy' | 'complete'>;
  terms_version: string | null;
  privacy_version: string | null;
  terms_accepted_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ApiTokensTable {
  id: string;
  account_id: string;
  prefix: string;
  token_hash: string;
  mode: 'test' | 'live';
  name: string | null;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface MailMessagesTable {
  id: string;
  channel: 'email' | 'sms' | 'voice';
  recipient: string;
  subject: string;
  body: string;
  status: 'queued' | 'delivered' | 'sent' | 'failed';
  read: Generated<boolean>;
  error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: unknown;
  created_at: Timestamp;
  locked_until: Timestamp;
}

export interface OtpCodesTable {
  id: string;
  account_id: string;
  purpose: 'sign_in' | 'change_phone' | 'change_email';
  target: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  account_id: string;
  csrf_token: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  absolute_expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface TermsAcceptancesTable {
  id: string;
  account_id: string;
  terms_version: string;
  privacy_version: string;
  accepted_at: Timestamp;
}

export interface SignInLimitsTable {
  key: string;
  failures: Generated<number>;
  window_ends_at: Timestamp;
  locked_until: NullableTimestamp;
  lock_level: Generated<number>;
}

// Ticketing model (channels, gates, cards, markups).
export interface TicketingGatesTable {
  gate: 'main' | 'agency' | 'channel';
  active: Generated<boolean>;
  updated_at: Timestamp;
}

export interface SourceChannelsTable {
  id: string;
  carrier: string;
  title: string;
  api: Generated<boolean>;
  web: Generated<boolean>;
  extension: Generated<boolean>;
  created_at: Timestamp;
}

export interface CreditCardsTable {
  id: string;
  agency_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder: string;
  number_ciphertext: string;
  created_at: Timestamp;
}

export interface AgencyChannelsTable {
  id: string;
  agency_id: string;
  source_channel_id: string;
  title: string;
  on_by_admin: Generated<boolean>;
  active_by_supervisor: Generated<boolean>;
  form_of_payment: Generated<'bsp_cash' | 'credit_card' | 'company_balance'>;
  ticketing_credit_card_id: string | null;
  nego_code: string | null;
  resident_fares_code: string | null;
  credential_ciphertext: string | null;
  credential_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CompanyChannelsTable {
  id: string;
  company_id: string;
  agency_channel_id: string;
  active: Generated<boolean>;
  updated_at: Timestamp;
}

export interface MarkupsTable {
  id: string;
  company_id: string;
  carrier: string | null;
  cabin: 'Y' | 'C' | null;
  kind: 'fixed' | 'percentage';
  value: Numeric;
  currency: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SearchResultsTable {
  id: string;
  account_id: string;
  agency_id: string | null;
  request: unknown;
  offers: unknown;
  channels: unknown;
  filters: unknown;
  created_at: Timestamp;
  expires_at: Timestamp;
}

// marketing (issue #8)
export interface DemoRequestsTable {
  id: string;
  email: string;
  language: 'en' | 'fr' | 'es' | 'ua' | 'pl';
  created_at: Generated<Date>;
}

// Back office (issue #6)
export type FeeKind = 'issue' | 'void' | 'refund' | 'exchange' | 'emd';

export interface AgencyTransactionFeesTable {
  id: string;
  agency_id: string;
  kind: FeeKind;
  amount: Numeric;
  currency: Generated<string>;
  updated_at: Timestamp;
}

export interface TransactionsTable {
  id: string;
  company_id: string;
  amount: Numeric;
  currency: string;
  balance_after: Numeric;
  reason: string;
  actor_account_id: string;
  created_at: Timestamp;
}

export interface JoinAgencyRequestsTable {
  id: string;
  company_id: string;
  agency_id: string;
  status: 'pending' | 'accepted';
  requested_by: string;
  answered_by: string | null;
  created_at: Timestamp;
  answered_at: NullableTimestamp;
}

export interface AgentCompanyRelationshipsTable {
  id: string;
  account_id: string;
  company_id: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: string;
  actor_account_id: string;
  actor_user_type: string;
  action: string;
  entity_type: string;
  entity_id: string;
  agency_id: string | null;
  before: unknown;
  after: unknown;
  created_at: Timestamp;
}

// Sales and analytics
export interface SalesDocumentsTable {
  id: string;
  kind: 'ticket' | 'emd' | 'refund' | 'exchange' | 'void';
  number: string;
  locator: string;
  booking_id: string | null;
  related_document_id: string | null;
  passenger_name: string;
  carrier: string;
  route: string;
  issued_at: Timestamp;
  fare: Numeric;
  taxes: Numeric;
  fees: Numeric;
  markup: Numeric;
  commission: Numeric;
  total: Numeric;
  currency: string;
  form_of_payment: 'bsp_cash' | 'credit_card' | 'company_balance';
  agent_id: string;
  company_id: string | null;
  agency_id: string;
  created_at: Generated<Date>;
  search_text: Generated<string>;
}

export interface SalesRollupsTable {
  scope: string;
  dimension: 'total' | 'carrier' | 'agent' | 'carrier_month' | 'agent_month';
  day: ColumnType<string, string, string>;
  key: string;
  currency: string;
  documents: number;
  passengers: number;
  revenue: Numeric;
  fees: Numeric;
  markups: Numeric;
  refunds: Numeric;
}

export interface SalesScopeVersionsTable {
  scope: string;
  version: Generated<string>;
}

export interface SalesExportsTable {
  id: string;
  account_id: string;
  email: string;
  language: string;
  scope_kind: 'all' | 'agency' | 'company' | 'agent';
  scope_id: string | null;
  date_from: ColumnType<string | null, string | null, string | null>;
  date_to: ColumnType<string | null, string | null, string | null>;
  status: 'queued' | 'running' | 'done' | 'failed';
  rows: number | null;
  error: string | null;
  mail_message_id: string | null;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

export interface MailAttachmentsTable {
  id: string;
  message_id: string;
  filename: string;
  content_type: string;
  content: Buffer;
}

export interface Database {
  agencies: AgenciesTable;
  companies: CompaniesTable;
  accounts: AccountsTable;
  api_tokens: ApiTokensTable;
  mail_messages: MailMessagesTable;
  idempotency_keys: IdempotencyKeysTable;
  otp_codes: OtpCodesTable;
  sessions: SessionsTable;
  terms_acceptances: TermsAcceptancesTable;
  sign_in_limits: SignInLimitsTable;
  // Ticketing model
  ticketing_gates: TicketingGatesTable;
  source_channels: SourceChannelsTable;
  credit_cards: CreditCardsTable;
  agency_channels: AgencyChannelsTable;
  company_channels: CompanyChannelsTable;
  markups: MarkupsTable;
  search_results: SearchResultsTable;
  // marketing (issue #8)
  demo_requests: DemoRequestsTable;
  // landing: the neo-flights landing page
  presentation_requests: PresentationRequestsTable;
  // Back office (issue #6)
  agency_transaction_fees: AgencyTransactionFeesTable;
  transactions: TransactionsTable;
  join_agency_requests: JoinAgencyRequestsTable;
  agent_company_relationships: AgentCompanyRelationshipsTable;
  audit_log: AuditLogTable;
  // Sales and analytics
  sales_documents: SalesDocumentsTable;
  sales_rollups: SalesRollupsTable;
  sales_scope_versions: SalesScopeVersionsTable;
  sales_exports: SalesExportsTable;
  mail_attachments: MailAttachmentsTable;
  // bookings (issue #5)
  bookings: BookingsTable;
  booking_history: BookingHistoryTable;
  booking_requests: BookingRequestsTable;
  // bookings: ancillaries and EMDs, airline notifications
  booking_emd_requests: BookingEmdRequestsTable;
  airline_notifications: AirlineNotificationsTable;
  airline_notification_channels: AirlineNotificationChannelsTable;
  // bookings under races: EMD claims and airline intents
  booking_emd_claims: BookingEmdClaimsTable;
  airline_intents: AirlineIntentsTable;
}

// landing: the neo-flights landing page
export interface PresentationRequestsTable {
  id: string;
  language: 'en' | 'fr' | 'es' | 'ua' | 'pl';
  email: string;
  type: 'api';
  mail_message_id: string | null;
  created_at: Timestamp;
}

// bookings (issue #5)
export interface BookingsTable {
  id: string;
  locator: string;
  agency_id: string;
  company_id: string | null;
  agent_id: string;
  channel_id: string;
  carrier: string;
  airline_locator: string;
  status: 'new' | 'issuing' | 'issued' | 'cancelled' | 'voided' | 'expired' | 'refunded';
  provider_status: string;
  fake_booking: boolean;
  time_limit: NullableTimestamp;
  void_deadline: NullableTimestamp;
  airline_total: Numeric;
  markup_total: Numeric;
  currency: string;
  form_of_payment: 'bsp_cash' | 'credit_card' | 'company_balance' | null;
  balance_debit: ColumnType<string | null, string | null | undefined, string | null>;
  passengers: ColumnType<unknown, string, string>;
  contacts: ColumnType<unknown, string, string>;
  segments: ColumnType<unknown, string, string>;
  fares: ColumnType<unknown, string, string>;
  documents: ColumnType<unknown, string | undefined, string>;
  async_emd_issue: Generated<boolean>;
  /** The airline's services as last seen (BookingAncillary view objects). */
  ancillaries: ColumnType<unknown, string | undefined, string>;
  /** Items of EMD requests the airline does not have yet: pending, or failed. */
  requested_ancillaries: ColumnType<unknown, string | undefined, string>;
  error: string | null;
  issue_attempt_id: string | null;
  issuing_started_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  issued_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  search_text: string;
}

export interface BookingRequestsTable {
  id: string;
  booking_id: string;
  kind: 'reprice' | 'refund' | 'change';
  status: 'quoted' | 'confirming' | 'confirmed' | 'failed';
  airline_quote_id: string | null;
  refund_amount: ColumnType<string | null, string | null | undefined, string | null>;
  penalty_amount: ColumnType<string | null, string | null | undefined, string | null>;
  fee_amount: ColumnType<string | null, string | null | undefined, string | null>;
  refund_to: 'bsp_cash' | 'credit_card' | 'company_balance' | null;
  currency: string;
  journeys: ColumnType<unknown, string | null, string | null>;
  offers: ColumnType<unknown, string | undefined, string>;
  chosen_offer_id: string | null;
  balance_debit: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: NullableTimestamp;
  attempt_id: string | null;
  error: string | null;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  confirming_started_at: NullableTimestamp;
  confirmed_at: NullableTimestamp;
}

export interface BookingHistoryTable {
  id: string;
  booking_id: string;
  action: string;
  actor_account_id: string | null;
  detail: string | null;
  airline_answer: string | null;
  created_at: Timestamp;
}

// bookings: ancillaries and EMDs, airline notifications
export interface BookingEmdRequestsTable {
  id: string;
  booking_id: string;
  items: ColumnType<unknown, string, string>;
  amount: Numeric;
  currency: string;
  balance_debit: string | null;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempt_id: string | null;
  attempts: Generated<number>;
  checks: Generated<number>;
  error: string | null;
  requested_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  started_at: NullableTimestamp;
  next_check_at: Timestamp;
  finished_at: NullableTimestamp;
}

export interface AirlineNotificationsTable {
  channel_id: string;
  notif_id: string;
  airline_locator: string;
  booking_id: string | null;
  change_type: string;
  description: string | null;
  occurred_at: string | null;
  received_at: Timestamp;
  refreshed_at: NullableTimestamp;
  /** How many times the sweeper enqueued the refresh again; part of the job's id. */
  refresh_tries: number;
  /** When the refresh was last enqueued: the sweeper enqueues it again once this is stale. */
  next_refresh_at: Timestamp;
}

export interface AirlineNotificationChannelsTable {
  channel_id: string;
  url: string;
  registered_at: Timestamp;
}

// bookings under races: one EMD per booking × passenger × service; every airline call's intent
export interface BookingEmdClaimsTable {
  booking_id: string;
  passenger_id: string;
  service_key: string;
  request_id: string;
  created_at: Timestamp;
}

export interface AirlineIntentsTable {
  id: string;
  booking_id: string;
  operation: 'issue' | 'void' | 'cancel' | 'refund' | 'change';
  state: 'pending' | 'unknown' | 'succeeded' | 'failed' | 'rolled_back';
  request_id: string | null;
  attempt_id: string | null;
  debit_amount: Generated<string>;
  credit_amount: Generated<string>;
  currency: string;
  detail: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  settled_at: Timestamp | null;
}
