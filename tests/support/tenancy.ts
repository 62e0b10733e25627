// The cross-agency harness: for every operation that names a resource by id, a case that makes
// the resource as a user of one agency and calls the operation as a user of another, who must get
// 404 (not 403, not the data). Later issues add their operations here; an operation with a path id
// that is neither here nor exempt fails the harness test.
import type { OperationId } from '../../api/src/http/contract.js';
import type { TestAccount, TestTenant } from './factories.js';

export interface CrossAgencyCase {
  /** Makes the resource as the owner and answers the call to try as the stranger. */
  arrange(owner: { account: TestAccount; tenant: TestTenant; headers: Record<string, string> }): Promise<{
    method: 'get' | 'put' | 'patch' | 'post' | 'delete';
    path: string;
    body?: object;
  }>;
}

export type CrossAgencyRegistry = Partial<Record<OperationId, CrossAgencyCase>>;

/** Operations with an id that belongs to no agency, and why. */
// back office
const staffOnly = 'platform staff only: every partner is theirs, and the permission matrix refuses the rest';

export const exemptFromTenancy: Partial<Record<OperationId, string>> = {
  getMailMessage: 'the mail outbox is platform staff only',
  updateMailMessage: 'the mail outbox is platform staff only',
  deleteMailMessage: 'the mail outbox is platform staff only',
  // A notification is its recipient's own, walled tighter than an agency: anyone else, staff of the
  // platform and colleagues of the same agency included, gets 404 (tests/integration/notifications.test.ts).
  readNotification: 'a notification is walled to its recipient, not to an agency',
  // back office: staff-only operations; a supervisor is refused by the permission matrix.
  updateAgency: staffOnly,
  deleteAgency: staffOnly,
  duplicateAgency: staffOnly,
  setAgencyProductionApi: staffOnly,
  setAgencyCorporateNumber: staffOnly,
  setAgencyGhostSegmentsRemarks: staffOnly,
  getSupport: staffOnly,
  updateAgencyTransactionFee: staffOnly,
  deleteCompany: staffOnly,
  listMarkups: staffOnly,
  createMarkup: staffOnly,
  getMarkup: staffOnly,
  updateMarkup: staffOnly,
  deleteMarkup: staffOnly,
  setPartnerGate: staffOnly,
  setCompanyGate: staffOnly,
  setSourceChannelSurface: staffOnly,
  deleteAgencyChannel: staffOnly,
  getAgencyChannelEndpoint: staffOnly,
  setAgencyChannelEndpoint: staffOnly,
  testAgencyChannelEndpoint: staffOnly,
  getAirlineMessage: staffOnly,
  downloadAirlineMessage: staffOnly,
  updateCreditCard: staffOnly,
  deleteCreditCard: staffOnly,
  // the admin assistant is staff only, and a conversation is walled to its author (tests/integration/assistant.test.ts).
  getAssistantConversation: staffOnly,
  // support cases: staff take cases, make and withdraw offers; a supervisor is refused by the matrix.
  assignSupportCase: staffOnly,
  createSupportCaseOffer: staffOnly,
  withdrawSupportCaseOffer: staffOnly,
  // bookings: airlines call it; the key in its URL, made for that channel, is the credential.
  receiveAirlineNotification: 'public: an airline pushes to its channel with the key only Contrail can make for it',
};
