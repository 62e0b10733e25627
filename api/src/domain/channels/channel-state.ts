// The one place that derives a channel's flags (product spec §3 Channel) and decides whether
// ticketing may go ahead (DESIGN §4: every gate on the path must be open). Search, booking, issue
// and the back office all ask these functions, so a gate means the same thing everywhere.
export type Surface = 'api' | 'web' | 'extension';
export type FormOfPayment = 'bsp_cash' | 'credit_card' | 'company_balance';

export interface GateStates {
  readonly main: boolean;
  /** The consolidator (agency) gate: all partners at once. */
  readonly agency: boolean;
  readonly channel: boolean;
}

export interface ChannelFacts {
  readonly onByAdmin: boolean;
  readonly activeBySupervisor: boolean;
  /** The company's switch for this channel; undefined when the caller has no company. */
  readonly activeForCompany: boolean | undefined;
  readonly credentialActive: boolean;
  /** The source channel's switch for each surface. */
  readonly surfaces: Readonly<Record<Surface, boolean>>;
}

export interface ChannelFlags {
  readonly active_by_admin: boolean;
  readonly active_by_company: boolean;
  readonly active_by_main_gate: boolean;
  readonly active_by_supervisor: boolean;
  readonly active_credential: boolean;
  readonly active: boolean;
}

export function channelFlags(channel: ChannelFacts, gates: GateStates): ChannelFlags {
  const flags = {
    active_by_admin: channel.onByAdmin,
    active_by_company: channel.activeForCompany ?? true,
    active_by_main_gate: gates.main && gates.channel,
    active_by_supervisor: channel.activeBySupervisor,
    active_credential: channel.credentialActive,
  };
  return { ...flags, active: Object.values(flags).every(Boolean) };
}

/**
 * Whether a channel may be searched from a surface. Gates stop ticketing, not shopping: an agent
 * may still quote while a gate is closed, as a GDS lets one price without ticketing authority.
 */
export function searchable(channel: ChannelFacts, surface: Surface): boolean {
  return (
    channel.onByAdmin &&
    channel.activeBySupervisor &&
    (channel.activeForCompany ?? true) &&
    channel.credentialActive &&
    channel.surfaces[surface]
  );
}

export type TicketingGate = 'main' | 'agency' | 'partner' | 'company' | 'channel' | 'channel_settings';

export interface TicketingPath {
  readonly gates: GateStates;
  /** The partner's own gate. */
  readonly partnerActive: boolean;
  /** The company's own gate; undefined when ticketing for no company (agency staff). */
  readonly companyActive: boolean | undefined;
  readonly channel: ChannelFacts;
}

/** The first closed gate on the way to ticketing, in the order an operator checks them; null when open. */
export function closedTicketingGate(path: TicketingPath): TicketingGate | null {
  if (!path.gates.main) return 'main';
  if (!path.gates.agency) return 'agency';
  if (!path.partnerActive) return 'partner';
  if (path.companyActive === false) return 'company';
  if (!path.gates.channel) return 'channel';
  const { onByAdmin, activeBySupervisor, activeForCompany, credentialActive } = path.channel;
  if (!onByAdmin || !activeBySupervisor || activeForCompany === false || !credentialActive) return 'channel_settings';
  return null;
}
