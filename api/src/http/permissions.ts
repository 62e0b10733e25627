// The permission matrix: every operation of the contract and who may call it (product spec §6;
// where it is silent: Support is staff but cannot delete partners or move balances). The type makes
// an operation without an entry fail the build; a test walks every operation against every role.
import type { UserType } from '../domain/principal.js';
import type { OperationId } from './contract.js';

export interface Permission {
  /** `public`: no credential at all; `signed-in`: any role; otherwise the roles listed. */
  allow: 'public' | 'signed-in' | readonly UserType[];
  /** Account operations answer before onboarding is complete; product operations do not. */
  beforeOnboarding?: true;
}

const staff = ['Admin', 'Support'] as const;
// back office
const staffOrSupervisor = ['Admin', 'Support', 'Supervisor'] as const;
const account: Permission = { allow: 'signed-in', beforeOnboarding: true };
const open: Permission = { allow: 'public' };

export const permissions: Record<OperationId, Permission> = {
  getHealth: open,
  getReadiness: open,
  getLegalVersions: open,
  startSignIn: open,
  signIn: open,
  sendVoiceOtp: open,
  signOut: account,
  getAccountDetails: account,
  updateAccountDetails: account,
  updateAccountLocale: account,
  startOnboarding: account,
  acceptTerms: account,
  completeAccount: account,
  changePhone: account,
  changeEmail: account,
  createApiToken: { allow: 'signed-in' },
  listApiTokens: { allow: 'signed-in' },
  revokeApiToken: { allow: 'signed-in' },
  listMailMessages: { allow: staff },
  getMailMessage: { allow: staff },
  sendMail: { allow: staff },
  updateMailMessage: { allow: staff },
  deleteMailMessage: { allow: ['Admin'] },
  // flights: agents and supervisors search for their agency; staff have no channels of their own.
  searchOffers: { allow: 'signed-in' },
  filterSearchResult: { allow: 'signed-in' },
  getSearchResult: { allow: 'signed-in' },
  removeSearchFilter: { allow: 'signed-in' },
  getOfferDetails: { allow: 'signed-in' },
  listOfferAncillaries: { allow: 'signed-in' },
  listAirports: { allow: 'signed-in' },
  listCarriers: { allow: 'signed-in' },
  // marketing
  quoteDemoFare: open,
  createDemoRequest: open,
  listDemoRequests: { allow: staff },
  // landing: the neo-flights landing page (visitors are anonymous, product spec §6)
  listNeoFlights: open,
  priceNeoFlight: open,
  sendPresentationRequest: open,
  listPresentationRequests: { allow: staff },
  // back office: staff run it; supervisors reach their own partner only (rows are scoped
  // in domain/back-office/scope.ts); Support cannot archive partners, move balances or make staff.
  listAgencies: { allow: staff },
  createAgency: { allow: staff },
  getAgency: { allow: staffOrSupervisor },
  updateAgency: { allow: staff },
  deleteAgency: { allow: ['Admin'] },
  duplicateAgency: { allow: staff },
  setAgencyProductionApi: { allow: staff },
  setAgencyCorporateNumber: { allow: staff },
  setAgencyGhostSegmentsRemarks: { allow: staff },
  listSupervisors: { allow: staffOrSupervisor },
  createSupervisor: { allow: staffOrSupervisor },
  getSupervisor: { allow: staffOrSupervisor },
  updateSupervisor: { allow: staffOrSupervisor },
  deleteSupervisor: { allow: staffOrSupervisor },
  listSupports: { allow: staff },
  createSupport: { allow: ['Admin'] },
  getSupport: { allow: staff },
  listAgencyTransactionFees: { allow: staffOrSupervisor },
  getAgencyTransactionFee: { allow: staffOrSupervisor },
  updateAgencyTransactionFee: { allow: staff },
  listCompanies: { allow: staffOrSupervisor },
  createCompany: { allow: staffOrSupervisor },
  getCompany: { allow: staffOrSupervisor },
  deleteCompany: { allow: staff },
  listMarkups: { allow: staff },
  createMarkup: { allow: staff },
  getMarkup: { allow: staff },
  updateMarkup: { allow: staff },
  deleteMarkup: { allow: staff },
  listTransactions: { allow: staffOrSupervisor },
  createTransaction: { allow: ['Admin'] },
  getTransaction: { allow: staffOrSupervisor },
  // Rates move money on every later issue from a balance in another currency: like a balance
  // change, Admin's alone; supervisors read them to see what their balance will be debited.
  listExchangeRates: { allow: staffOrSupervisor },
  setExchangeRate: { allow: ['Admin'] },
  listAgentCompanyRelationships: { allow: staffOrSupervisor },
  createAgentCompanyRelationship: { allow: staffOrSupervisor },
  getAgentCompanyRelationship: { allow: staffOrSupervisor },
  deleteAgentCompanyRelationship: { allow: staffOrSupervisor },
  listJoinAgencyRequests: { allow: 'signed-in' },
  createJoinAgencyRequest: { allow: [...staff, 'Agent'] },
  getJoinAgencyRequest: { allow: 'signed-in' },
  answerJoinAgencyRequest: { allow: staffOrSupervisor },
  deleteJoinAgencyRequest: { allow: 'signed-in' },
  getTicketingGates: { allow: staff },
  setMainGate: { allow: staff },
  setAgencyGate: { allow: staff },
  setChannelGate: { allow: staff },
  setPartnerGate: { allow: staff },
  setCompanyGate: { allow: staff },
  listSourceChannels: { allow: staff },
  setSourceChannelSurface: { allow: staff },
  listAgencyChannels: { allow: staffOrSupervisor },
  createAgencyChannel: { allow: staff },
  getAgencyChannel: { allow: staffOrSupervisor },
  updateAgencyChannel: { allow: staffOrSupervisor },
  deleteAgencyChannel: { allow: staff },
  addAgencyChannelCreditCard: { allow: staffOrSupervisor },
  removeAgencyChannelCreditCard: { allow: staffOrSupervisor },
  getAgencyChannelEndpoint: { allow: staff },
  setAgencyChannelEndpoint: { allow: staff },
  testAgencyChannelEndpoint: { allow: staff },
  listAirlineMessages: { allow: staff },
  getAirlineMessage: { allow: staff },
  downloadAirlineMessage: { allow: staff },
  listCompanyChannels: { allow: staffOrSupervisor },
  getCompanyChannel: { allow: staffOrSupervisor },
  updateCompanyChannel: { allow: staffOrSupervisor },
  setCompanySharedBookings: { allow: staffOrSupervisor },
  listCreditCards: { allow: staffOrSupervisor },
  createCreditCard: { allow: staff },
  getCreditCard: { allow: staffOrSupervisor },
  updateCreditCard: { allow: staff },
  deleteCreditCard: { allow: staff },
  listAuditEntries: { allow: staff },
  // Sales and analytics: every role; what each sees is the sales scope (staff all, supervisor the
  // agency, agent own or the company's when it shares bookings).
  listSales: { allow: 'signed-in' },
  // the accounting feed: the agency's books, for its supervisors and staff
  listAccountingDocuments: { allow: staffOrSupervisor },
  // back-office connections: the agency's supervisors, staff for any agency (rows are walled in
  // domain/back-office-feed/connections.service.ts)
  listBackOfficeConnections: { allow: staffOrSupervisor },
  createBackOfficeConnection: { allow: staffOrSupervisor },
  getBackOfficeConnection: { allow: staffOrSupervisor },
  updateBackOfficeConnection: { allow: staffOrSupervisor },
  deleteBackOfficeConnection: { allow: staffOrSupervisor },
  testBackOfficeConnection: { allow: staffOrSupervisor },
  listBackOfficeDeliveries: { allow: staffOrSupervisor },
  resendBackOfficeDelivery: { allow: staffOrSupervisor },
  backfillBackOfficeConnection: { allow: staffOrSupervisor },
  previewBackOfficeBatch: { allow: staffOrSupervisor },
  getSale: { allow: 'signed-in' },
  exportSales: { allow: 'signed-in' },
  getAnalytics: { allow: 'signed-in' },
  // bookings: every role; which bookings each reaches is the bookings visibility (staff
  // all, supervisor the agency's, agent own or the company's when it shares bookings). Staff have no
  // channels, so they cannot book, but they may issue, cancel or void a booking they reach.
  listBookings: { allow: 'signed-in' },
  createBooking: { allow: 'signed-in' },
  getBooking: { allow: 'signed-in' },
  cancelBooking: { allow: 'signed-in' },
  issueBooking: { allow: 'signed-in' },
  listBookingHistory: { allow: 'signed-in' },
  repriceBooking: { allow: 'signed-in' },
  reshopBooking: { allow: 'signed-in' },
  modifyBooking: { allow: 'signed-in' },
  commentBooking: { allow: 'signed-in' },
  createRefundRequest: { allow: 'signed-in' },
  confirmRefundRequest: { allow: 'signed-in' },
  createFlightsChangeRequest: { allow: 'signed-in' },
  priceReshopOffer: { allow: 'signed-in' },
  confirmFlightsChangeRequest: { allow: 'signed-in' },
  listBookingAncillaries: { allow: 'signed-in' },
  addBookingAncillaries: { allow: 'signed-in' },
  // EMD requests: whoever may see the booking (an agent their own, staff every one).
  listEmdRequests: { allow: 'signed-in' },
  retryEmdRequest: { allow: 'signed-in' },
  // events: every role, within its wall (events.service.ts): staff all, a supervisor the agency's,
  // an agent the events of their own bookings.
  listEvents: { allow: 'signed-in' },
  getEvent: { allow: 'signed-in' },
  // the request log: every role, within its wall (request-logs.service.ts): a supervisor the
  // agency's calls, anyone else their own (each person sees the calls of their own tokens).
  listRequestLogs: { allow: 'signed-in' },
  getRequestLog: { allow: 'signed-in' },
  // the event stream stands in for a webhook endpoint on a developer's machine, and test events are
  // copies of the agency's events: those who manage its endpoints (the stream keeps the event wall).
  streamEvents: { allow: staffOrSupervisor },
  triggerTestEvent: { allow: staffOrSupervisor },
  // schedule changes: every role, within the bookings visibility of the change's booking (and a
  // token's mode); disrupting is test mode only (schedule-changes.service.ts).
  listScheduleChanges: { allow: 'signed-in' },
  getScheduleChange: { allow: 'signed-in' },
  acceptScheduleChange: { allow: 'signed-in' },
  cancelScheduleChange: { allow: 'signed-in' },
  changeScheduleChange: { allow: 'signed-in' },
  disruptSandboxBooking: { allow: 'signed-in' },
  // fare watch: supervisors set their agency's settings, staff any agency's; opportunities and a
  // booking's log within the bookings visibility (and a token's mode); the sandbox's cheaper fare is
  // test mode only (fare-watch.service.ts).
  getFareWatchSettings: { allow: staffOrSupervisor },
  updateFareWatchSettings: { allow: staffOrSupervisor },
  listFareWatchOpportunities: { allow: 'signed-in' },
  getFareWatchOpportunity: { allow: 'signed-in' },
  acceptFareWatchOpportunity: { allow: 'signed-in' },
  declineFareWatchOpportunity: { allow: 'signed-in' },
  getBookingFareWatch: { allow: 'signed-in' },
  updateBookingFareWatch: { allow: 'signed-in' },
  cheaperFareSandboxBooking: { allow: 'signed-in' },
  // sandbox: anyone may read the catalogue; the clock is an agency's, so its people's (staff have
  // no agency; the service refuses live tokens).
  listSandboxScenarios: { allow: 'signed-in' },
  getSandboxClock: { allow: ['Supervisor', 'Agent'] },
  advanceSandboxClock: { allow: ['Supervisor', 'Agent'] },
  resetSandboxClock: { allow: ['Supervisor', 'Agent'] },
  // what Fare Watch found and saved: every role, within the bookings visibility
  getFareWatchSavings: { allow: 'signed-in' },
  // Redelivery sends an agency's events out again: those who manage its endpoints.
  redeliverEvent: { allow: staffOrSupervisor },
  // webhooks: supervisors manage their agency's endpoints, staff any agency's.
  listWebhookEndpoints: { allow: staffOrSupervisor },
  createWebhookEndpoint: { allow: staffOrSupervisor },
  getWebhookEndpoint: { allow: staffOrSupervisor },
  updateWebhookEndpoint: { allow: staffOrSupervisor },
  deleteWebhookEndpoint: { allow: staffOrSupervisor },
  pingWebhookEndpoint: { allow: staffOrSupervisor },
  rotateWebhookSecret: { allow: staffOrSupervisor },
  listWebhookDeliveries: { allow: staffOrSupervisor },
  sendTestWebhookEvent: { allow: staffOrSupervisor },
  listWebhookDeliveryStates: { allow: staffOrSupervisor },
  resendWebhookDelivery: { allow: staffOrSupervisor },
  updateCompany: { allow: staffOrSupervisor },
  // notifications: every role, each their own (the wall is the recipient); action required within
  // the bookings visibility.
  listNotifications: { allow: 'signed-in' },
  readNotification: { allow: 'signed-in' },
  readAllNotifications: { allow: 'signed-in' },
  getNotificationPreferences: { allow: 'signed-in' },
  updateNotificationPreferences: { allow: 'signed-in' },
  listActionRequired: { allow: 'signed-in' },
  // Airlines push order changes here; the key in the URL, not an account, lets them in.
  receiveAirlineNotification: open,
  // the admin assistant: staff only; each tool it calls is checked again against this matrix with
  // the caller's role (domain/assistant/tools.ts names the operation each tool stands for).
  askAssistant: { allow: staff },
  executeAssistantPlan: { allow: staff },
  listAssistantConversations: { allow: staff },
  getAssistantConversation: { allow: staff },
};

export function mayCall(permission: Permission, userType: UserType): boolean {
  return permission.allow === 'public' || permission.allow === 'signed-in' || permission.allow.includes(userType);
}
