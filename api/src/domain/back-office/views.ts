// Row → view mappings shared by several back-office services (partners, companies, markups).
import type { AgencyRow, FeeRow } from '../../db/agencies.repository.js';
import type { CompanyRow, MarkupRow } from '../../db/companies.repository.js';

export type FeeView = ReturnType<typeof feeView>;
export type AgencyView = ReturnType<typeof agencyView>;
export type CompanyView = ReturnType<typeof companyView>;

export function feeView(r: FeeRow) {
  return {
    id: r.id,
    agency_id: r.agency_id,
    kind: r.kind,
    amount: { amount: r.amount, currency: r.currency.trim() },
    updated_at: r.updated_at.toISOString(),
  };
}

export function agencyView(r: AgencyRow, fees: FeeRow[]) {
  return {
    id: r.id,
    // Join requests name a partner by this; a partner and its agency are one record.
    agency_id: r.id,
    name: r.name,
    status: r.status as 'active' | 'suspended' | 'archived',
    production_api_on: r.production_api_on,
    corporate_number_on: r.corporate_number_on,
    ghost_segments_remarks_on: r.ghost_segments_remarks_on,
    ticketing_active: r.ticketing_active,
    supervisors_count: r.supervisors_count,
    agency_transaction_fees: fees.filter((f) => f.agency_id === r.id).map(feeView),
    created_at: r.created_at.toISOString(),
    archived_at: r.archived_at ? r.archived_at.toISOString() : null,
  };
}

export function companyView(r: CompanyRow) {
  return {
    id: r.id,
    name: r.name,
    agency_id: r.agency_id,
    balance_amount: { amount: r.balance_amount, currency: r.balance_currency.trim() },
    shared_bookings: r.shared_bookings,
    ticketing_active: r.ticketing_active,
    low_balance_threshold: r.low_balance_threshold,
    agents_count: r.agents_count,
    created_at: r.created_at.toISOString(),
  };
}

export function markupView(r: MarkupRow) {
  return {
    id: r.id,
    company_id: r.company_id,
    carrier: r.carrier,
    cabin: r.cabin,
    kind: r.kind,
    value: r.value,
    currency: r.currency ? r.currency.trim() : null,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
}
