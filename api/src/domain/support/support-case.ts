// A support case as its readers see it, and who may see it: staff every case; a supervisor their
// agency's; an agent the cases they opened, and their company's when it shares bookings (the
// bookings visibility, so a case about a booking is seen by whoever sees the booking's side).
import type { VisibilityScope } from '../../db/bookings.repository.js';
import type { SupportCaseRead } from '../../db/support-cases.repository.js';
import type { SupportOfferRow } from '../../db/support-offers.repository.js';
import { isStaff, type Principal } from '../principal.js';
import { summaryFor } from './support-offer-summary.js';

export type SupportSide = 'agent' | 'staff';

export interface SupportCaseMessageView {
  id: string;
  side: SupportSide;
  author: string;
  body: string;
  attachments: { id: string; file_name: string; content_type: string; size: number }[];
  created_at: string;
}

export interface SupportOfferView {
  id: string;
  kind: SupportOfferRow['kind'];
  summary: string;
  status: SupportOfferRow['status'];
  booking_request_id: string;
  alternative_id: string | null;
  expires_at: string;
  consent_id: string | null;
  decided_at: string | null;
  outcome: string | null;
  created_at: string;
}

export interface SupportCaseView {
  id: string;
  kind: SupportCaseRead['kind'];
  subject: string;
  status: SupportCaseRead['status'];
  mode: 'test' | 'live';
  locator: string | null;
  agency_id: string | null;
  opened_by: { id: string; name: string };
  assignee: { id: string; name: string } | null;
  waiting_since: string | null;
  first_response_at: string | null;
  first_response_seconds: number | null;
  last_message_at: string;
  created_at: string;
  closed_at: string | null;
  messages?: SupportCaseMessageView[];
  offers?: SupportOfferView[];
}

export const sideOf = (principal: Principal): SupportSide => (isStaff(principal) ? 'staff' : 'agent');

export function seesCase(scope: VisibilityScope, principal: Principal, row: SupportCaseRead): boolean {
  if (row.opened_by === principal.accountId) return true;
  switch (scope.kind) {
    case 'all':
      return true;
    case 'agency':
      return row.agency_id === scope.id;
    case 'company':
      return row.company_id === scope.id;
    case 'agent':
      return false;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function caseView(row: SupportCaseRead): SupportCaseView {
  return {
    id: row.id,
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    mode: row.live ? 'live' : 'test',
    locator: row.locator,
    agency_id: row.agency_id,
    opened_by: { id: row.opened_by, name: row.opened_by_name },
    assignee: row.assignee_id ? { id: row.assignee_id, name: row.assignee_name ?? '' } : null,
    waiting_since: iso(row.waiting_since),
    first_response_at: iso(row.first_response_at),
    first_response_seconds: row.first_response_at
      ? Math.round((row.first_response_at.getTime() - row.created_at.getTime()) / 1000)
      : null,
    last_message_at: row.last_message_at.toISOString(),
    created_at: row.created_at.toISOString(),
    closed_at: iso(row.closed_at),
  };
}

export function offerView(row: SupportOfferRow, language: 'en' | 'ua' | 'pl'): SupportOfferView {
  return {
    id: row.id,
    kind: row.kind,
    summary: summaryFor(row, language),
    status: row.status,
    booking_request_id: row.booking_request_id,
    alternative_id: row.alternative_id,
    expires_at: row.expires_at.toISOString(),
    consent_id: row.consent_id,
    decided_at: iso(row.decided_at),
    outcome: row.outcome,
    created_at: row.created_at.toISOString(),
  };
}
