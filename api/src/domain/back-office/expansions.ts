// `expand=` on partners and companies: each asked-for field is filled for the whole page with one
// query per expansion, never one per row. Expanded fields carry no secret (no credential, no card).
import type { Db } from '../../db/database.js';
import * as repo from '../../db/entity-expansions.repository.js';
import { markupView, type AgencyView, type CompanyView } from './views.js';

export const agencyExpansions = ['channels', 'supervisors'] as const;
export const companyExpansions = ['channels', 'avia_managers', 'markups'] as const;
export type AgencyExpansion = (typeof agencyExpansions)[number];
export type CompanyExpansion = (typeof companyExpansions)[number];

/** The asked-for expansions; the contract has already refused any other value. */
export function parseExpand<T extends string>(raw: string | undefined, allowed: readonly T[]): Set<T> {
  const asked = new Set<T>();
  for (const part of (raw ?? '').split(',')) if ((allowed as readonly string[]).includes(part)) asked.add(part as T);
  return asked;
}

function groupBy<R, K extends keyof R>(rows: R[], key: K): Map<R[K], R[]> {
  const m = new Map<R[K], R[]>();
  for (const r of rows) {
    const list = m.get(r[key]);
    if (list) list.push(r);
    else m.set(r[key], [r]);
  }
  return m;
}

function person(r: repo.PersonSummaryRow) {
  return { id: r.id, first_name: r.first_name, last_name: r.last_name, email: r.email };
}

export type ExpandedAgency = AgencyView & {
  channels?: ReturnType<typeof agencyChannel>[];
  supervisors?: ReturnType<typeof person>[];
};

function agencyChannel(r: repo.ChannelSummaryRow) {
  return {
    id: r.id,
    title: r.title,
    on_by_admin: r.on_by_admin,
    active_by_supervisor: r.active_by_supervisor,
    active_credential: r.credential_active,
    form_of_payment: r.form_of_payment,
  };
}

export async function expandAgencies(
  db: Db,
  views: AgencyView[],
  expand: Set<AgencyExpansion>,
): Promise<ExpandedAgency[]> {
  const ids = views.map((v) => v.id);
  const channels = expand.has('channels') ? groupBy(await repo.channelsOfAgencies(db, ids), 'agency_id') : null;
  const supervisors = expand.has('supervisors') ? groupBy(await repo.supervisorsOfAgencies(db, ids), 'owner_id') : null;
  return views.map((v) => ({
    ...v,
    ...(channels && { channels: (channels.get(v.id) ?? []).map(agencyChannel) }),
    ...(supervisors && { supervisors: (supervisors.get(v.id) ?? []).map(person) }),
  }));
}

export type ExpandedCompany = CompanyView & {
  channels?: { agency_channel_id: string; title: string; active: boolean }[];
  avia_managers?: ReturnType<typeof person>[];
  markups?: ReturnType<typeof markupView>[];
};

export async function expandCompanies(
  db: Db,
  views: CompanyView[],
  expand: Set<CompanyExpansion>,
): Promise<ExpandedCompany[]> {
  const ids = views.map((v) => v.id);
  const channels = expand.has('channels') ? groupBy(await repo.channelsOfCompanies(db, ids), 'company_id') : null;
  const managers = expand.has('avia_managers')
    ? groupBy(await repo.aviaManagersOfCompanies(db, ids), 'owner_id')
    : null;
  const markups = expand.has('markups') ? groupBy(await repo.markupsOfCompanies(db, ids), 'company_id') : null;
  return views.map((v) => ({
    ...v,
    ...(channels && {
      channels: (channels.get(v.id) ?? []).map((c) => ({
        agency_channel_id: c.agency_channel_id,
        title: c.title,
        active: c.active,
      })),
    }),
    ...(managers && { avia_managers: (managers.get(v.id) ?? []).map(person) }),
    ...(markups && { markups: (markups.get(v.id) ?? []).map(markupView) }),
  }));
}
