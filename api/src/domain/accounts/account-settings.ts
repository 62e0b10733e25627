// The signed-in user's settings: whether it may work (its supervisor's suspension and its agency's
// status), whether it holds an API token, and its company's channels with their switches.
import { findSettingsFacts } from '../../db/accounts.repository.js';
import type { Db } from '../../db/database.js';
import type { CompanyChannelsService } from '../back-office/company-channels.service.js';
import { notFound } from '../errors.js';
import type { Principal } from '../principal.js';

export type AccountSettings = {
  active: boolean;
  activeBySupervisor: boolean;
  apiToken: boolean;
  channels: Awaited<ReturnType<CompanyChannelsService['ofOwnCompany']>>;
};

export function createAccountSettings(deps: { db: Db; companyChannels: Pick<CompanyChannelsService, 'ofOwnCompany'> }) {
  return async function settings(principal: Pick<Principal, 'accountId'>): Promise<AccountSettings> {
    const facts = await findSettingsFacts(deps.db, principal.accountId);
    if (!facts) throw notFound('account');
    const activeBySupervisor = !facts.suspended;
    // Staff belong to no agency: only a suspension could stop them, and staff are never suspended.
    const agencyActive = facts.agency_status === null || facts.agency_status === 'active';
    return {
      active: activeBySupervisor && agencyActive,
      activeBySupervisor,
      apiToken: facts.has_api_token,
      channels: facts.company_id ? await deps.companyChannels.ofOwnCompany(facts.company_id) : [],
    };
  };
}

export type AccountSettingsReader = ReturnType<typeof createAccountSettings>;
