// Failed EMD requests: what the airline refused or never answered, across the bookings the caller
// may see. A read for the back office (and its assistant); the domain has no retry of a failed
// request: a new POST of the ancillaries is a new request.
import { listFailedEmdRequests } from '../../db/emd-requests.repository.js';
import type { Db } from '../../db/database.js';
import { liveModeOf, type Principal } from '../principal.js';
import { visibilityOf } from './booking-access.js';

export async function failedEmdRequests(
  db: Db,
  principal: Principal,
  filter: { agencyId?: string; from?: string; to?: string },
  page: { page: number; perPage: number },
) {
  const { rows, total } = await listFailedEmdRequests(
    db,
    { scope: await visibilityOf(db, principal), liveMode: liveModeOf(principal), ...filter },
    page,
  );
  return {
    items: rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      finished_at: r.finished_at?.toISOString() ?? null,
    })),
    total,
  };
}
