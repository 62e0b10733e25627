// EMD requests as the back office sees them: listed across the bookings the caller may see (what
// the airline refused, above all), and one request's state, which a retry answers with.
import { listEmdRequests, type EmdRequestListRow } from '../../db/emd-requests.repository.js';
import type { Db } from '../../db/database.js';
import { liveModeOf, type Principal } from '../principal.js';
import { visibilityOf } from './booking-access.js';

export interface EmdRequestView {
  id: string;
  locator: string;
  agency_id: string;
  company_id: string | null;
  status: EmdRequestListRow['status'];
  amount: { amount: string; currency: string };
  attempts: number;
  error: string | null;
  created_at: string;
  finished_at: string | null;
}

export function emdRequestView({ amount, currency, ...r }: EmdRequestListRow): EmdRequestView {
  return {
    ...r,
    amount: { amount, currency },
    created_at: r.created_at.toISOString(),
    finished_at: r.finished_at?.toISOString() ?? null,
  };
}

export async function emdRequestList(
  db: Db,
  principal: Principal,
  filter: {
    status?: EmdRequestListRow['status'];
    id?: string;
    locator?: string;
    agencyId?: string;
    from?: string;
    to?: string;
  },
  page: { page: number; perPage: number },
): Promise<{ items: EmdRequestView[]; total: number }> {
  const { rows, total } = await listEmdRequests(
    db,
    { scope: await visibilityOf(db, principal), liveMode: liveModeOf(principal), ...filter },
    page,
  );
  return { items: rows.map(emdRequestView), total };
}
