// The assistant's tools: an allow-list, and nothing else. Each tool names the contract operation it
// stands for (the caller must be allowed that operation, checked again at execution), takes its
// input in the contract's own schema where one exists, and acts through the same domain service as
// that operation, with the caller's principal, so the assistant can never do more than its user
// could by hand. There is no tool that takes SQL, a URL or a service name.
import type { BackOffice } from '../back-office/back-office.js';
import type { BackOfficeConnectionsService } from '../back-office-feed/connections.service.js';
import type { BookingsService } from '../bookings/bookings.service.js';
import type { Db } from '../../db/database.js';
import type { FareWatchService } from '../fare-watch/fare-watch.service.js';
import type { Principal } from '../principal.js';
import type { SalesService } from '../sales/sales.service.js';
import type { ScheduleChangesService } from '../schedule-changes/schedule-changes.service.js';
import type { WebhookEndpointsService } from '../webhooks/webhook-endpoints.service.js';

export interface ToolDeps {
  db: Db;
  backOffice: BackOffice;
  bookings: BookingsService;
  sales: SalesService;
  webhookEndpoints: WebhookEndpointsService;
  backOfficeConnections: BackOfficeConnectionsService;
  scheduleChanges: ScheduleChangesService;
  fareWatch: FareWatchService;
}

export type Cell = string | number | boolean | null;
export interface Table {
  title: string;
  columns: string[];
  rows: Cell[][];
}

/** A tool's input: its own fields (path and query parameters), and a contract body schema by name. */
export interface ToolInput {
  /** JSON Schema properties of the fields that are not the body (ids, filters). */
  own: Record<string, object>;
  /** Fields that must be there, own or body (a body field the operation leaves optional, too). */
  required?: readonly string[];
  /** The contract component the rest of the arguments must match (the operation's request body). */
  body?: string;
}

export interface Tool<A = any> {
  name: string;
  kind: 'read' | 'write';
  /** The contract operation this tool stands for: the caller's role must be allowed it. */
  operationId: string | ((args: A) => string);
  input: ToolInput;
  run(deps: ToolDeps, principal: Principal, args: A): Promise<unknown>;
}

const id = { type: 'string', minLength: 1, maxLength: 64 };
const day = { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' };
const page = { page: 1, perPage: 100 };

// reads
const findBookings: Tool<{
  q?: string;
  status?: string;
  from?: string;
  to?: string;
  agency_id?: string;
  company_id?: string;
}> = {
  name: 'find_bookings',
  kind: 'read',
  operationId: 'listBookings',
  input: {
    own: {
      q: { type: 'string', minLength: 1, maxLength: 100 },
      status: { enum: ['new', 'issuing', 'issued', 'cancelled', 'voided', 'expired', 'refunded'] },
      from: day,
      to: day,
      agency_id: id,
      company_id: id,
    },
  },
  async run(deps, principal, args) {
    const { items } = await deps.bookings.list(principal, {
      q: args.q,
      status: args.status as never,
      agencyId: args.agency_id,
      companyId: args.company_id,
      from: args.from,
      to: args.to,
      ...page,
    });
    return items;
  },
};

const bookingHistory: Tool<{ locator: string }> = {
  name: 'booking_history',
  kind: 'read',
  operationId: 'listBookingHistory',
  input: { own: { locator: { type: 'string', pattern: '^[A-Z0-9]{6}$' } }, required: ['locator'] },
  async run(deps, principal, args) {
    const [{ items: state }, { items: history }] = await Promise.all([
      deps.bookings.list(principal, { q: args.locator, ...page }),
      deps.bookings.history(principal, args.locator, page),
    ]);
    return { booking: state.find((b) => b.locator === args.locator) ?? null, history };
  },
};

const salesSummary: Tool<{ from?: string; to?: string; agency_id?: string; carrier?: string }> = {
  name: 'sales_summary',
  kind: 'read',
  operationId: 'getAnalytics',
  input: { own: { from: day, to: day, agency_id: id, carrier: { type: 'string', pattern: '^[A-Z0-9]{2}$' } } },
  async run(deps, principal, args) {
    const analytics = await deps.sales.analytics(principal, { from: args.from, to: args.to }, args.agency_id);
    return args.carrier
      ? { ...analytics, byCarrier: analytics.byCarrier.filter((c) => c.carrier === args.carrier) }
      : analytics;
  },
};

const balances: Tool<{ agency_id?: string; company_id?: string }> = {
  name: 'balances',
  kind: 'read',
  operationId: 'listCompanies',
  input: { own: { agency_id: id, company_id: id } },
  async run(deps, principal, args) {
    if (args.company_id) return [await deps.backOffice.companies.get(principal, args.company_id)];
    return (await deps.backOffice.companies.list(principal, { agencyId: args.agency_id }, page)).items;
  },
};

const ledger: Tool<{ company_id: string }> = {
  name: 'ledger',
  kind: 'read',
  operationId: 'listTransactions',
  input: { own: { company_id: id }, required: ['company_id'] },
  async run(deps, principal, args) {
    return (await deps.backOffice.balances.list(principal, args.company_id, page)).items;
  },
};

const channels: Tool<{ agency_id?: string; closed_only?: boolean }> = {
  name: 'channels',
  kind: 'read',
  operationId: 'listAgencyChannels',
  input: { own: { agency_id: id, closed_only: { type: 'boolean' } } },
  async run(deps, principal, args) {
    const [gates, { items }] = await Promise.all([
      deps.backOffice.gates.gates(),
      deps.backOffice.agencyChannels.list(principal, args.agency_id, page),
    ]);
    // "Which are closed?" lists the channels that cannot sell now, whichever switch closed them.
    return { gates, channels: args.closed_only ? items.filter((c) => !c.active) : items };
  },
};

const whoChanged: Tool<{ entity_type?: string; entity_id?: string; agency_id?: string }> = {
  name: 'who_changed',
  kind: 'read',
  operationId: 'listAuditEntries',
  input: {
    own: {
      entity_type: { type: 'string', maxLength: 64 },
      entity_id: { type: 'string', maxLength: 64 },
      agency_id: id,
    },
  },
  async run(deps, _principal, args) {
    const { items } = await deps.backOffice.auditLog({
      entityType: args.entity_type,
      entityId: args.entity_id,
      agencyId: args.agency_id,
      page: 1,
      perPage: 50,
    });
    return items;
  },
};

type Period = { agency_id?: string; from?: string; to?: string };
const period = { agency_id: id, from: day, to: day };
const periodOf = (args: Period) => ({ agencyId: args.agency_id, from: args.from, to: args.to });

const webhookFailures: Tool<Period> = {
  name: 'webhook_failures',
  kind: 'read',
  operationId: 'listWebhookDeliveryStates',
  input: { own: period },
  async run(deps, principal, args) {
    return (await deps.webhookEndpoints.failedDeliveries(principal, periodOf(args), page)).items;
  },
};

const backOfficeFailures: Tool<Period> = {
  name: 'back_office_failures',
  kind: 'read',
  operationId: 'listBackOfficeDeliveries',
  input: { own: period },
  async run(deps, principal, args) {
    return (await deps.backOfficeConnections.failedDeliveries(principal, periodOf(args), page)).items;
  },
};

const failedEmds: Tool<Period> = {
  name: 'failed_emds',
  kind: 'read',
  operationId: 'listEmdRequests',
  input: { own: period },
  async run(deps, principal, args) {
    return (await deps.bookings.emdRequests(principal, { status: 'failed', ...periodOf(args) }, page)).items;
  },
};

const scheduleChanges: Tool<{ locator?: string }> = {
  name: 'schedule_changes',
  kind: 'read',
  operationId: 'listScheduleChanges',
  input: { own: { locator: { type: 'string', pattern: '^[A-Z0-9]{6}$' } } },
  async run(deps, principal, args) {
    return (await deps.scheduleChanges.list(principal, { status: 'pending', locator: args.locator, ...page })).items;
  },
};

const fareWatchSavings: Tool<{ from?: string; to?: string }> = {
  name: 'fare_watch_savings',
  kind: 'read',
  operationId: 'getFareWatchSavings',
  input: { own: { from: day, to: day } },
  run: (deps, principal, args) => deps.fareWatch.savings(principal, { from: args.from, to: args.to }),
};

// writes: only ever through a confirmed plan
type PlatformGate = 'main' | 'agency' | 'channel';
const gateOperation: Record<PlatformGate, string> = {
  main: 'setMainGate',
  agency: 'setAgencyGate',
  channel: 'setChannelGate',
};
const setPlatformGate: Tool<{ gate: PlatformGate; active: boolean }> = {
  name: 'set_platform_gate',
  kind: 'write',
  operationId: (args) => gateOperation[args.gate],
  input: { own: { gate: { enum: ['main', 'agency', 'channel'] } }, required: ['gate'], body: 'ActiveFlag' },
  run: (deps, principal, args) => deps.backOffice.gates.setGate(principal, args.gate, args.active),
};

const setPartnerGate: Tool<{ agency_id: string; active: boolean }> = {
  name: 'set_partner_gate',
  kind: 'write',
  operationId: 'setPartnerGate',
  input: { own: { agency_id: id }, required: ['agency_id'], body: 'ActiveFlag' },
  run: (deps, principal, args) => deps.backOffice.agencies.setGate(principal, args.agency_id, args.active),
};

const setCompanyGate: Tool<{ company_id: string; active: boolean }> = {
  name: 'set_company_gate',
  kind: 'write',
  operationId: 'setCompanyGate',
  input: { own: { company_id: id }, required: ['company_id'], body: 'ActiveFlag' },
  run: (deps, principal, args) => deps.backOffice.companies.setGate(principal, args.company_id, args.active),
};

const switchChannel: Tool<{ channel_id: string; on_by_admin: boolean }> = {
  name: 'switch_channel',
  kind: 'write',
  operationId: 'updateAgencyChannel',
  input: { own: { channel_id: id }, required: ['channel_id', 'on_by_admin'], body: 'AgencyChannelUpdate' },
  run: (deps, principal, args) =>
    deps.backOffice.agencyChannels.update(principal, args.channel_id, { on_by_admin: args.on_by_admin }),
};

const changeBalance: Tool<{ company_id: string; amount: { amount: string; currency: string }; reason: string }> = {
  name: 'change_balance',
  kind: 'write',
  operationId: 'createTransaction',
  input: { own: {}, body: 'TransactionCreate' },
  run: (deps, principal, args) => deps.backOffice.balances.change(principal, args),
};

const archivePartner: Tool<{ agency_id: string }> = {
  name: 'archive_partner',
  kind: 'write',
  operationId: 'deleteAgency',
  input: { own: { agency_id: id }, required: ['agency_id'] },
  async run(deps, principal, args) {
    await deps.backOffice.agencies.archive(principal, args.agency_id);
    return { agency_id: args.agency_id, status: 'archived' };
  },
};

const resendWebhook: Tool<{ delivery_id: string }> = {
  name: 'resend_webhook',
  kind: 'write',
  operationId: 'resendWebhookDelivery',
  input: { own: { delivery_id: id }, required: ['delivery_id'] },
  run: (deps, principal, args) => deps.webhookEndpoints.resendDelivery(principal, args.delivery_id),
};

const setMarkup: Tool<{
  markup_id: string;
  carrier?: string | null;
  cabin?: 'Y' | 'C' | null;
  kind?: 'fixed' | 'percentage';
  value?: string;
  currency?: string | null;
}> = {
  name: 'set_markup',
  kind: 'write',
  operationId: 'updateMarkup',
  input: { own: { markup_id: id }, required: ['markup_id'], body: 'MarkupUpdate' },
  run: (deps, principal, { markup_id, ...input }) => deps.backOffice.markups.update(principal, markup_id, input),
};

const resendBackOfficeBatch: Tool<{ delivery_id: string }> = {
  name: 'resend_back_office_batch',
  kind: 'write',
  operationId: 'resendBackOfficeDelivery',
  input: { own: { delivery_id: id }, required: ['delivery_id'] },
  run: (deps, principal, args) => deps.backOfficeConnections.resendById(principal, args.delivery_id),
};

const answerJoinRequest: Tool<{ request_id: string; answer: 'accept' | 'decline' }> = {
  name: 'answer_join_request',
  kind: 'write',
  operationId: 'answerJoinAgencyRequest',
  input: { own: { request_id: id }, required: ['request_id'], body: 'JoinAgencyRequestAnswer' },
  run: (deps, principal, args) => deps.backOffice.joinRequests.answer(principal, args.request_id, args.answer),
};

const retryFailedEmd: Tool<{ locator: string; request_id: string }> = {
  name: 'retry_failed_emd',
  kind: 'write',
  operationId: 'retryEmdRequest',
  input: {
    own: { locator: { type: 'string', pattern: '^[A-Z0-9]{6}$' }, request_id: id },
    required: ['locator', 'request_id'],
  },
  run: (deps, principal, args) => deps.bookings.retryEmdRequest(principal, args.locator, args.request_id),
};

/** The allow-list: every tool the assistant has. Anything else does not exist for it. */
export const tools: ReadonlyMap<string, Tool> = new Map(
  [
    findBookings,
    bookingHistory,
    salesSummary,
    balances,
    ledger,
    channels,
    whoChanged,
    webhookFailures,
    backOfficeFailures,
    failedEmds,
    scheduleChanges,
    fareWatchSavings,
    setPlatformGate,
    setPartnerGate,
    setCompanyGate,
    switchChannel,
    changeBalance,
    archivePartner,
    resendWebhook,
    setMarkup,
    resendBackOfficeBatch,
    answerJoinRequest,
    retryFailedEmd,
  ].map((t) => [t.name, t as Tool]),
);

export function operationOf(tool: Tool, args: unknown): string {
  return typeof tool.operationId === 'function' ? tool.operationId(args) : tool.operationId;
}
