// The back office's rows of the permission matrix that the product spec and DESIGN §4 fix: Support
// is staff but cannot archive partners, move balances or make staff; supervisors reach their own
// partner's settings and never the platform's; agents only send connection requests.
import { expect, it } from 'vitest';
import type { UserType } from '../../api/src/domain/principal.js';
import type { OperationId } from '../../api/src/http/contract.js';
import { mayCall, permissions } from '../../api/src/http/permissions.js';

const who = (id: OperationId): UserType[] =>
  (['Admin', 'Support', 'Supervisor', 'Agent'] as const).filter((role) => mayCall(permissions[id], role));

it('keeps archiving partners, moving balances and making support users to Admin', () => {
  for (const id of ['deleteAgency', 'createTransaction', 'createSupport'] as const) expect(who(id)).toEqual(['Admin']);
});

it('keeps gates, source channels, markups, card changes and the audit log to staff', () => {
  for (const id of [
    'setMainGate',
    'setAgencyGate',
    'setChannelGate',
    'setPartnerGate',
    'setCompanyGate',
    'setSourceChannelSurface',
    'createMarkup',
    'updateMarkup',
    'deleteMarkup',
    'createCreditCard',
    'updateCreditCard',
    'deleteCreditCard',
    'createAgencyChannel',
    'deleteAgencyChannel',
    'listAgencies',
    'createAgency',
    'updateAgency',
    'duplicateAgency',
    'updateAgencyTransactionFee',
    'listAuditEntries',
  ] as const)
    expect(who(id), id).toEqual(['Admin', 'Support']);
});

it("lets supervisors run their own partner's people, channels' payment settings and visibility", () => {
  for (const id of [
    'createSupervisor',
    'updateSupervisor',
    'deleteSupervisor',
    'createCompany',
    'createAgentCompanyRelationship',
    'deleteAgentCompanyRelationship',
    'updateAgencyChannel',
    'addAgencyChannelCreditCard',
    'updateCompanyChannel',
    'setCompanySharedBookings',
    'answerJoinAgencyRequest',
  ] as const)
    expect(who(id), id).toEqual(['Admin', 'Support', 'Supervisor']);
  expect(who('createJoinAgencyRequest')).toEqual(['Admin', 'Support', 'Agent']);
});
