// Fare Watch as the API shows it: an agency's settings (the defaults where none were saved), an
// opportunity (an open one past its offer's expiry reads as expired before the sweep marks it),
// and one line of a booking's check log.
import type { FareWatchCheckRow, FareWatchSettingsRow, OpportunityRow } from '../../db/fare-watch.repository.js';
import { money, toMinor, type Money } from '../../money.js';
import type { FareWatchEventDetail } from '../bookings/booking-events.js';
import type { FareSide } from './fare-watch-fares.js';

export interface FareWatchSettings {
  agency_id: string;
  held_enabled: boolean;
  min_saving_amount: string;
  min_saving_percent: number;
  check_every_hours: number;
  stop_before_hours: number;
  auto_apply_held: boolean;
  issued_enabled: boolean;
  issued_with_ancillaries: boolean;
  channel_ids: string[] | null;
  updated_at: string;
}

/** Everything off, a saving of at least 1 %, a check every 6 hours, none in the last 2 before the time limit. */
export function defaultSettings(agencyId: string, at: Date): FareWatchSettingsRow {
  return {
    agency_id: agencyId,
    held_enabled: false,
    min_saving_amount: '0.00',
    min_saving_percent: '1',
    check_every_hours: 6,
    stop_before_hours: 2,
    auto_apply_held: false,
    issued_enabled: false,
    issued_with_ancillaries: false,
    channel_ids: null,
    updated_by: null,
    updated_at: at,
  };
}

export function settingsView(row: FareWatchSettingsRow): FareWatchSettings {
  return {
    agency_id: row.agency_id,
    held_enabled: row.held_enabled,
    min_saving_amount: Number(row.min_saving_amount).toFixed(2),
    min_saving_percent: Number(row.min_saving_percent),
    check_every_hours: row.check_every_hours,
    stop_before_hours: row.stop_before_hours,
    auto_apply_held: row.auto_apply_held,
    issued_enabled: row.issued_enabled,
    issued_with_ancillaries: row.issued_with_ancillaries,
    channel_ids: (row.channel_ids as string[] | null) ?? null,
    updated_at: row.updated_at.toISOString(),
  };
}

const sideOf = (stored: unknown): FareSide => {
  const s = stored as FareSide;
  return {
    fare_basis: s.fare_basis,
    brand: s.brand,
    booking_classes: s.booking_classes,
    checked_bags: s.checked_bags,
    change: s.change,
    refund: s.refund,
    price: s.price,
  };
};

export function opportunityView(row: OpportunityRow, now: Date) {
  const currency = row.currency.trim();
  const original = sideOf(row.original);
  const savingMinor = toMinor(row.saving);
  const saving: Money = money(savingMinor, currency);
  const status = row.status === 'open' && row.expires_at <= now ? 'expired' : row.status;
  return {
    id: row.id,
    locator: row.locator,
    status,
    tier: row.tier,
    original,
    candidate: sideOf(row.candidate),
    saving,
    saving_percent: Math.round((savingMinor / toMinor(original.price.amount)) * 10_000) / 100,
    // A hold is rebooked, not exchanged: no penalty, nothing forfeited (net = saving).
    net_saving: money(toMinor(row.net_saving), currency),
    net_saving_parts: {
      fare_saving: saving,
      change_penalty: money(toMinor(row.change_penalty), currency),
      forfeited_residual: money(toMinor(row.forfeited_residual), currency),
      residual_refund: row.residual_refund,
    },
    expires_at: row.expires_at.toISOString(),
    decline_reason: row.decline_reason,
    decline_note: row.decline_note,
    decided_at: row.decided_at ? row.decided_at.toISOString() : null,
    decided_by: row.decided_by,
    detail: row.detail,
    live_mode: row.live_mode,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export type FareWatchOpportunity = ReturnType<typeof opportunityView>;

/** What Fare Watch's booking events say of their opportunity. */
export function eventDetailOf(row: OpportunityRow): FareWatchEventDetail {
  return {
    opportunity_id: row.id,
    tier: row.tier,
    net_saving: money(toMinor(row.net_saving), row.currency.trim()),
  };
}

export function checkView(row: FareWatchCheckRow) {
  const currency = row.currency?.trim() ?? '';
  return {
    checked_at: row.checked_at.toISOString(),
    outcome: row.outcome,
    reason: row.reason,
    candidate_price: row.candidate_total === null ? null : money(toMinor(row.candidate_total), currency),
    saving: row.saving === null ? null : money(toMinor(row.saving), currency),
    opportunity_id: row.opportunity_id,
  };
}
