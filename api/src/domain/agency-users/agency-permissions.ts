// What a user may do inside their agency, as data: a set of agency permissions. Supervisors give
// each user a preset (Agent, Senior agent, Accountant, Supervisor) or a custom set; an account
// without its own set holds its role's preset, so today's agents keep what they had. A supervisor
// holds every permission whatever is stored: the agency is never left without someone who manages
// its users. Staff are outside agencies and are decided by the role matrix alone.
export const agencyPermissionNames = ['search', 'book', 'issue', 'service', 'balance', 'users'] as const;
/** search; book (hold, reprice, change a held booking); issue; service (void, refund, exchange,
 *  schedule changes); balance (see the company's balance and ledger); users (manage the agency's users). */
export type AgencyPermission = (typeof agencyPermissionNames)[number];

export const presetNames = ['agent', 'senior_agent', 'accountant', 'supervisor'] as const;
export type PresetName = (typeof presetNames)[number];

export const presets: Record<PresetName, readonly AgencyPermission[]> = {
  // today's agent: books, issues, services and sees the company's balance
  agent: ['search', 'book', 'issue', 'service', 'balance'],
  // and manages the agency's agents (never its supervisors)
  senior_agent: ['search', 'book', 'issue', 'service', 'balance', 'users'],
  accountant: ['balance'],
  supervisor: agencyPermissionNames,
};

export type BookingVisibility = 'own' | 'company' | 'agency';

export const everyPermission: ReadonlySet<AgencyPermission> = new Set(agencyPermissionNames);

/** The permissions an account holds: its role's preset unless it has its own set. */
export function heldPermissions(userType: string, stored: readonly string[] | null): ReadonlySet<AgencyPermission> {
  if (userType !== 'Agent') return everyPermission;
  const own = stored ?? presets.agent;
  return new Set(agencyPermissionNames.filter((p) => own.includes(p)));
}

/** The preset a set matches exactly, or `custom`; a supervisor is the Supervisor preset. */
export function presetOf(userType: string, held: ReadonlySet<AgencyPermission>): PresetName | 'custom' {
  if (userType === 'Supervisor') return 'supervisor';
  for (const name of presetNames) {
    if (name === 'supervisor') continue;
    const set = presets[name];
    if (set.length === held.size && set.every((p) => held.has(p))) return name;
  }
  return 'custom';
}

/** In the contract's order, for views. */
export const listed = (held: ReadonlySet<AgencyPermission>): AgencyPermission[] =>
  agencyPermissionNames.filter((p) => held.has(p));
