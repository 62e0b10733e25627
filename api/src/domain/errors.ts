// What can go wrong, in the domain's words. Domain code throws DomainError with one of these codes;
// only http/errors.ts knows which HTTP status and title each one has.
export type ErrorCode =
  | 'validation_failed'
  | 'malformed_request'
  | 'unauthenticated'
  | 'invalid_credentials'
  | 'csrf_token_invalid'
  | 'forbidden'
  | 'not_found'
  | 'route_not_found'
  | 'payload_too_large'
  | 'unsupported_media_type'
  // what the edge refuses before any route runs: the request line, its headers, the override
  | 'uri_too_long'
  | 'headers_too_large'
  | 'request_timeout'
  | 'method_override_invalid'
  | 'idempotency_key_in_use'
  | 'idempotency_key_reused'
  | 'rate_limited'
  | 'service_unavailable'
  | 'dependency_unavailable'
  | 'internal_error'
  | 'onboarding_required'
  | 'onboarding_step_done'
  | 'terms_version_outdated'
  | 'live_mode_unavailable'
  // test and live: which rule refused a token
  | 'test_token_sandbox_only'
  | 'live_token_production_only'
  | 'production_api_off'
  | 'already_in_use'
  | 'invalid_code'
  // flights
  | 'no_active_channels'
  | 'offer_expired'
  | 'airline_error'
  | 'airline_timeout'
  // marketing
  | 'fare_calculation_unreadable'
  | 'demo_itinerary_unavailable'
  // back office
  | 'cannot_remove_self'
  | 'invite_used'
  | 'invite_expired'
  | 'company_has_records'
  | 'currency_mismatch'
  | 'exchange_rate_missing'
  | 'insufficient_balance'
  | 'markup_invalid'
  | 'already_connected'
  | 'join_request_exists'
  | 'join_request_answered'
  | 'card_number_invalid'
  | 'card_expired'
  | 'credit_card_invalid'
  | 'credit_card_required'
  // Sales and analytics
  | 'no_sales_in_range'
  | 'sales_report_emailed'
  // bookings
  | 'booking_gone'
  | 'airline_order_mismatch'
  | 'booking_being_issued'
  | 'booking_already_issued'
  | 'booking_closed'
  | 'booking_time_limit_passed'
  | 'ticketing_gate_closed'
  | 'void_window_closed'
  | 'price_changed'
  | 'price_increased'
  | 'sold_out'
  | 'passenger_mismatch'
  | 'passenger_data_required'
  | 'identity_document_expired'
  | 'ticketing_failed'
  | 'no_company_balance'
  // booking changes: reprice, reshop, refund and flight change requests
  | 'booking_not_issued'
  | 'refund_quote_expired'
  | 'reshop_offer_expired'
  | 'reshop_offer_gone'
  | 'change_in_progress'
  | 'booking_changed_concurrently'
  | 'request_already_confirmed'
  | 'request_failed'
  | 'change_not_allowed'
  | 'reissue_failed'
  | 'ancillary_invalid'
  | 'ancillary_already_added'
  | 'emd_request_not_failed'
  // schedule changes
  | 'schedule_change_decided'
  // support cases
  | 'support_case_closed'
  | 'support_offer_decided'
  | 'support_offer_expired'
  | 'attachment_too_large'
  | 'attachment_type_not_allowed'
  // agency logos
  | 'logo_too_large'
  | 'logo_type_not_allowed'
  | 'action_not_available'
  | 'sandbox_only'
  // the sandbox clock
  | 'sandbox_clock_limit'
  // fare watch
  | 'fare_watch_opportunity_decided'
  | 'fare_watch_opportunity_expired'
  | 'fare_watch_time_limit_earlier'
  | 'fare_watch_ancillaries_not_carried'
  | 'fare_watch_nothing_worse'
  // webhooks
  | 'webhook_url_refused'
  | 'webhook_endpoint_disabled'
  | 'webhook_endpoint_mismatch'
  | 'test_event_unavailable'
  // back-office connections
  | 'back_office_host_refused'
  | 'back_office_settings_mismatch'
  // the admin assistant
  | 'assistant_plan_expired'
  | 'assistant_plan_mismatch'
  | 'assistant_plan_running';

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
    readonly source?: { pointer?: string; parameter?: string },
    /** When the caller may try again (answered as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail ?? code);
    this.name = 'DomainError';
  }
}

export const notFound = (what: string): DomainError => new DomainError('not_found', `No such ${what}.`);

/** A request field that is wrong, named by its JSON pointer. */
export const invalidField = (pointer: string, detail: string): DomainError =>
  new DomainError('validation_failed', detail, { pointer });

/** Several problems found at once (for example every dependency that does not answer). */
export class DomainErrors extends Error {
  constructor(readonly errors: [DomainError, ...DomainError[]]) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'DomainErrors';
  }
}

/** Throws what was found wrong, one error or all of them; nothing when the list is empty. */
/**
 * A settled read's value, or its refusal thrown: reads made at once with `Promise.allSettled`
 * answer the first one's refusal, as when they were made one after the other.
 */
export function settledValue<T>(read: PromiseSettledResult<T>): T {
  if (read.status === 'rejected') throw read.reason;
  return read.value;
}

export function throwAll(problems: readonly DomainError[]): void {
  const [first, ...rest] = problems;
  if (first) throw rest.length ? new DomainErrors([first, ...rest]) : first;
}
