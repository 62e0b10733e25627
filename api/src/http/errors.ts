// The error registry: every error code with its HTTP status and default title, and the one place
// that turns any failure into the wire envelope {"errors":[…],"meta":{"request_id"}}.
import type { FastifyError } from 'fastify';
import { DomainError, DomainErrors, type ErrorCode } from '../domain/errors.js';
import type { ErrorLanguage } from './error-language.js';
import { pl } from './error-texts/pl.js';
import { ua } from './error-texts/ua.js';

export const errorRegistry: Record<ErrorCode, { status: number; title: string }> = {
  validation_failed: { status: 400, title: 'The request is not valid.' },
  malformed_request: { status: 400, title: 'The request body could not be read.' },
  unauthenticated: { status: 401, title: 'Sign in or send a valid API token.' },
  invalid_credentials: { status: 401, title: 'Invalid credentials. Enter current credentials.' },
  csrf_token_invalid: { status: 403, title: 'The CSRF token is missing or does not match the session.' },
  forbidden: { status: 403, title: 'You may not do this.' },
  not_found: { status: 404, title: 'Not found.' },
  route_not_found: { status: 404, title: 'There is no such operation.' },
  idempotency_key_in_use: { status: 409, title: 'A request with this Idempotency-Key is still running.' },
  payload_too_large: { status: 413, title: 'The request body is too large.' },
  unsupported_media_type: { status: 415, title: 'Send the body as application/json.' },
  uri_too_long: { status: 414, title: 'The address is too long.' },
  headers_too_large: { status: 431, title: 'The request headers are too large.' },
  request_timeout: { status: 408, title: 'The request did not arrive in time.' },
  method_override_invalid: {
    status: 400,
    title: 'X-HTTP-Method-Override may only name PUT, PATCH or DELETE, on a POST.',
  },
  idempotency_key_reused: { status: 422, title: 'This Idempotency-Key was used with another request.' },
  rate_limited: { status: 429, title: 'Too many requests.' },
  onboarding_required: {
    status: 403,
    title: 'Finish onboarding first: accept the terms of use and the privacy policy.',
  },
  onboarding_step_done: { status: 409, title: 'This onboarding step is already done.' },
  terms_version_outdated: {
    status: 422,
    title: 'These are not the current versions of the terms and the privacy policy.',
  },
  live_mode_unavailable: { status: 422, title: "Live tokens need the agency's production API switched on." },
  test_token_sandbox_only: { status: 403, title: 'Test tokens reach sandbox channels only; use a live token.' },
  live_token_production_only: { status: 403, title: 'Live tokens reach production channels only; use a test token.' },
  production_api_off: {
    status: 403,
    title: "The agency's production API is switched off, so live tokens are refused; use a test token.",
  },
  already_in_use: { status: 409, title: 'Another account already uses this.' },
  invalid_code: { status: 422, title: 'The code is wrong or has expired. Ask for a new one.' },
  service_unavailable: { status: 503, title: 'The service cannot answer right now. Try again shortly.' },
  dependency_unavailable: { status: 503, title: 'A service this one depends on does not answer.' },
  internal_error: { status: 500, title: 'Something went wrong on our side.' },
  // flights
  no_active_channels: {
    status: 422,
    title: 'No airline channel is active for you. Ask your supervisor to switch one on.',
  },
  offer_expired: { status: 410, title: 'The airline no longer holds this fare. Search again.' },
  airline_error: { status: 502, title: 'The airline could not answer the request.' },
  airline_timeout: { status: 504, title: 'The airline did not answer in time.' },
  // marketing
  fare_calculation_unreadable: { status: 422, title: 'The fare calculation entry could not be read.' },
  demo_itinerary_unavailable: { status: 422, title: 'The sandbox airlines have no fare for this itinerary.' },
  // back office
  cannot_remove_self: { status: 409, title: 'You cannot remove yourself; ask another supervisor.' },
  invite_used: { status: 409, title: 'This invite has already been accepted; sign in instead.' },
  invite_expired: { status: 409, title: 'This invite has expired; ask for a new one.' },
  company_has_records: {
    status: 409,
    title: 'The company has ledger entries or agents, which are records to keep. Close its gate instead.',
  },
  currency_mismatch: { status: 422, title: "The amount is not in the company's balance currency." },
  exchange_rate_missing: { status: 422, title: 'No exchange rate is known for the currencies involved.' },
  insufficient_balance: { status: 422, title: 'The balance is too low for this debit.' },
  markup_invalid: { status: 422, title: 'The markup is not consistent.' },
  already_connected: { status: 409, title: 'The company is already connected to this partner.' },
  join_request_exists: {
    status: 409,
    title: 'The company already has an open request or connection. Withdraw or disconnect it first.',
  },
  join_request_answered: { status: 409, title: 'This request has already been answered.' },
  card_number_invalid: { status: 422, title: 'The card number is not valid.' },
  card_expired: { status: 422, title: 'The card has expired.' },
  credit_card_invalid: { status: 422, title: "The card is not one of this partner's cards." },
  credit_card_required: { status: 422, title: 'Paying by credit card needs a ticketing card on the channel.' },
  // Sales and analytics: the export's two notices are the product spec's texts (§8).
  no_sales_in_range: { status: 400, title: 'No tickets for selected dates' },
  sales_report_emailed: { status: 413, title: 'The report will be sent to your email soon' },
  // bookings: 416 and 400 on opening a booking are the product spec's (§8).
  booking_gone: { status: 416, title: 'The airline no longer has this booking.' },
  airline_order_mismatch: {
    status: 409,
    title: "The airline's order is not this booking's; nothing was changed.",
  },
  booking_being_issued: { status: 409, title: 'This booking is being issued right now.' },
  booking_already_issued: { status: 409, title: 'This booking is already issued.' },
  booking_closed: { status: 409, title: 'This booking has ended (cancelled, voided or expired).' },
  booking_time_limit_passed: { status: 409, title: "The booking's time limit has passed; book again." },
  ticketing_gate_closed: { status: 409, title: 'Ticketing is switched off on the way to this airline.' },
  void_window_closed: {
    status: 409,
    title: "The carrier's void window has closed. Request a refund instead.",
  },
  price_changed: { status: 409, title: 'The airline changed the price. Check the fare again and book.' },
  price_increased: { status: 409, title: 'The airline now asks more for this booking; nothing was issued or changed.' },
  sold_out: { status: 409, title: 'The booking class sold out. Search again.' },
  passenger_mismatch: { status: 422, title: 'The passengers do not match the fare searched for.' },
  passenger_data_required: {
    status: 422,
    title: 'The airline needs more passenger data for this flight: gender and travel document.',
  },
  identity_document_expired: { status: 422, title: 'The travel document expires before the last flight.' },
  ticketing_failed: { status: 422, title: 'The airline refused to issue the tickets.' },
  no_company_balance: {
    status: 422,
    title: 'This channel pays from a company balance, and the booking belongs to no company.',
  },
  // booking changes: reprice, reshop, refund and flight change requests
  booking_not_issued: { status: 409, title: 'This booking has no tickets yet; cancel or reshop it instead.' },
  refund_quote_expired: { status: 409, title: 'The refund quote has expired. Ask for a new quote.' },
  reshop_offer_expired: { status: 409, title: "The airline's offer has expired. Ask for new offers." },
  reshop_offer_gone: { status: 409, title: 'The airline no longer offers this. Ask for new offers.' },
  change_in_progress: { status: 409, title: 'Another change of this booking is being confirmed right now.' },
  booking_changed_concurrently: {
    status: 409,
    title: 'Another operation changed this booking at the same moment; nothing was done. Reload it and try again.',
  },
  request_already_confirmed: { status: 409, title: 'This request is already confirmed.' },
  request_failed: { status: 409, title: 'This request failed at the airline. Ask for a new one.' },
  change_not_allowed: { status: 422, title: 'The fare does not allow changing the flights.' },
  reissue_failed: { status: 422, title: 'The airline refused to reissue the tickets.' },
  ancillary_invalid: { status: 422, title: 'The airline does not offer this for the booking.' },
  ancillary_already_added: {
    status: 409,
    title: 'This is already on the booking, or its EMD is being issued.',
  },
  emd_request_not_failed: { status: 409, title: 'This EMD request has its EMDs; only a failed one is retried.' },
  // schedule changes
  schedule_change_decided: { status: 409, title: 'This schedule change has already been decided.' },
  // support cases
  support_case_closed: { status: 409, title: 'This support case is closed.' },
  support_offer_decided: { status: 409, title: 'This offer has already been decided.' },
  support_offer_expired: { status: 409, title: 'This offer has expired; ask support for a new one.' },
  attachment_too_large: { status: 413, title: 'An attachment is larger than 512 KiB.' },
  attachment_type_not_allowed: { status: 415, title: 'Attach PDF, PNG, JPEG, plain text or CSV files only.' },
  // agency logos
  logo_too_large: { status: 413, title: 'A logo is at most 128 KiB.' },
  logo_type_not_allowed: { status: 415, title: 'A logo is a PNG or JPEG image.' },
  action_not_available: { status: 422, title: 'This action is not available for this schedule change.' },
  sandbox_only: {
    status: 403,
    title: 'This works only in test mode: on test bookings, with a test token or the console.',
  },
  // the sandbox clock
  sandbox_clock_limit: {
    status: 409,
    title: 'The sandbox clock runs at most 400 days ahead of real time; reset it first.',
  },
  // fare watch
  fare_watch_opportunity_decided: { status: 409, title: 'This cheaper fare has already been decided.' },
  fare_watch_opportunity_expired: { status: 422, title: 'The cheaper fare has expired.' },
  fare_watch_time_limit_earlier: {
    status: 422,
    title: 'The cheaper fare must be paid sooner than the booking; accept the earlier time limit to take it.',
  },
  fare_watch_ancillaries_not_carried: {
    status: 422,
    title: "The new booking cannot have the booking's ancillaries; the booking is kept as it was.",
  },
  fare_watch_nothing_worse: {
    status: 422,
    title: 'The booking holds the lowest fare family: no fare has worse conditions.',
  },
  // webhooks
  // back-office connections
  back_office_host_refused: {
    status: 422,
    title: 'This server does not connect to that address: name the back office by a public host.',
  },
  back_office_settings_mismatch: {
    status: 400,
    title: "Give the settings of the connection's kind (sftp, https or email), and only those.",
  },
  webhook_url_refused: {
    status: 422,
    title: 'This URL cannot receive webhooks: it must be https in live mode and reach a public address.',
  },
  webhook_endpoint_disabled: { status: 409, title: 'The endpoint is switched off; switch it on first.' },
  webhook_endpoint_mismatch: {
    status: 422,
    title: "The endpoint is not of the event's agency and mode, so it cannot receive it.",
  },
  test_event_unavailable: {
    status: 422,
    title: 'There is no event of this type in this mode yet to send as a test; send a ping, or choose another type.',
  },
  // the admin assistant
  assistant_plan_expired: { status: 410, title: 'This plan has expired (plans last 10 minutes); ask again.' },
  assistant_plan_mismatch: {
    status: 409,
    title: 'The plan does not match what the assistant proposed; ask again and confirm the new plan.',
  },
  assistant_plan_running: { status: 409, title: 'This plan is running right now; ask for its result again shortly.' },
};

export interface WireError {
  status: string;
  code: string;
  title: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
}

export interface ErrorEnvelope {
  errors: WireError[];
  meta: { request_id: string };
}

export function envelope(errors: WireError[], requestId: string): ErrorEnvelope {
  return { errors: errors.length ? errors : [wire('internal_error')], meta: { request_id: requestId } };
}

function wire(code: ErrorCode, detail?: string, source?: WireError['source']): WireError {
  const entry = errorRegistry[code];
  return {
    status: String(entry.status),
    code,
    title: entry.title,
    ...(detail ? { detail } : {}),
    ...(source ? { source } : {}),
  };
}

const translatedTitles: Record<Exclude<ErrorLanguage, 'en'>, Record<ErrorCode, string>> = { ua, pl };

function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(errorRegistry, code);
}

/**
 * The errors in the caller's language. Every code has its title in each language; a detail is
 * written in English by the code that threw it, so outside English the title stands alone
 * (clients show the detail, else the title) and the pointer still says which field it is about.
 */
export function inLanguage(errors: WireError[], language: ErrorLanguage): WireError[] {
  if (language === 'en') return errors;
  return errors.map(({ detail: _english, ...error }) =>
    isErrorCode(error.code) ? { ...error, title: translatedTitles[language][error.code] } : error,
  );
}

/** Maps anything thrown during a request to its status and wire errors. 5xx never carry internals. */
export function toWireErrors(error: unknown): { status: number; errors: WireError[] } {
  if (error instanceof DomainErrors) {
    const status = errorRegistry[error.errors[0].code].status;
    return { status, errors: error.errors.map((e) => wire(e.code, e.detail, e.source)) };
  }
  if (error instanceof DomainError) {
    return { status: errorRegistry[error.code].status, errors: [wire(error.code, error.detail, error.source)] };
  }
  const fastifyError = error as Partial<FastifyError> & { errors?: unknown[] };
  // fastify-openapi-glue wraps failed security handlers; the last handler's error says why.
  if (fastifyError.name === 'Unauthorized' && Array.isArray(fastifyError.errors)) {
    const last = fastifyError.errors.findLast((e) => e instanceof DomainError);
    return toWireErrors(last ?? new DomainError('unauthenticated'));
  }
  if (fastifyError.validation) return { status: 400, errors: validationErrors(fastifyError) };
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return toWireErrors(new DomainError('payload_too_large'));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return toWireErrors(new DomainError('unsupported_media_type'));
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return toWireErrors(new DomainError('malformed_request', 'The body is not valid JSON.'));
  }
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    if (fastifyError.statusCode === 429) return toWireErrors(new DomainError('rate_limited'));
    return {
      status: fastifyError.statusCode,
      errors: [{ ...wire('malformed_request'), status: String(fastifyError.statusCode) }],
    };
  }
  return toWireErrors(new DomainError('internal_error'));
}

type AjvError = NonNullable<FastifyError['validation']>[number] & { params?: Record<string, unknown> };

function validationErrors(error: Partial<FastifyError>): WireError[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((item: AjvError) => {
    const missing = typeof item.params?.missingProperty === 'string' ? `/${item.params.missingProperty}` : '';
    const extra = typeof item.params?.additionalProperty === 'string' ? `/${item.params.additionalProperty}` : '';
    const pointer = `${item.instancePath}${missing}${extra}` || '/';
    const detail = describeValidation(pointer, item);
    if (context === 'body') return wire('validation_failed', detail, { pointer });
    const parameter = pointer.split('/')[1] ?? '';
    return wire('validation_failed', detail, { parameter: parameter || context });
  });
}

function describeValidation(pointer: string, item: AjvError): string {
  const field = pointer === '/' ? 'The body' : pointer.slice(1).replaceAll('/', '.');
  if (item.keyword === 'required') return `${field} is required.`;
  if (item.keyword === 'additionalProperties') return `${field} is not a known field.`;
  return `${field} ${item.message ?? 'is not valid'}.`;
}
