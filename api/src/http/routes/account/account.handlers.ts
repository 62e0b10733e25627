// account: the caller's own account, its onboarding, sign-in method and contacts.
import type { AppContext } from '../../../context.js';
import { currentLegalVersions } from '../../../domain/accounts/legal.js';
import type { ServiceHandlers } from '../../contract.js';
import { principalOf } from '../../plugins/auth.js';
import { accountToWire } from './wire.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'getAccountDetails'
  | 'getAccountSettings'
  | 'updateAccountDetails'
  | 'updateAccountLocale'
  | 'startOnboarding'
  | 'getLegalVersions'
  | 'acceptTerms'
  | 'completeAccount'
  | 'changeEmail'
  | 'changePhone'
>;

export function accountHandlers(ctx: Pick<AppContext, 'accounts' | 'accountSettings'>): Handlers {
  const { accounts, accountSettings } = ctx;
  const changeContact = (kind: 'email' | 'phone') => async (request: Parameters<Handlers['changeEmail']>[0]) => {
    const changed = await accounts.changeContact(principalOf(request), kind, request.body.value, request.body.code);
    return changed
      ? { status: 200 as const, body: accountToWire(changed) }
      : { status: 202 as const, body: { status: 'accepted' as const } };
  };

  return {
    getAccountDetails: async (request) => ({
      status: 200,
      body: accountToWire(await accounts.details(principalOf(request))),
    }),
    getAccountSettings: async (request) => {
      const s = await accountSettings(principalOf(request));
      return {
        status: 200,
        body: {
          active: s.active,
          active_by_supervisor: s.activeBySupervisor,
          api_token: s.apiToken,
          channels: s.channels,
        },
      };
    },
    updateAccountDetails: async (request) => {
      const { first_name: firstName, last_name: lastName } = request.body;
      return {
        status: 200,
        body: accountToWire(await accounts.updateDetails(principalOf(request), { firstName, lastName })),
      };
    },
    updateAccountLocale: async (request) => ({
      status: 200,
      body: accountToWire(await accounts.updateLocale(principalOf(request), request.body.language)),
    }),
    startOnboarding: async (request) => {
      const { first_name: firstName, last_name: lastName, language } = request.body;
      return {
        status: 200,
        body: accountToWire(await accounts.startOnboarding(principalOf(request), { firstName, lastName, language })),
      };
    },
    getLegalVersions: async () => ({
      status: 200,
      body: { terms_version: currentLegalVersions.terms, privacy_version: currentLegalVersions.privacy },
    }),
    acceptTerms: async (request) => {
      const versions = { terms: request.body.terms_version, privacy: request.body.privacy_version };
      return { status: 200, body: accountToWire(await accounts.acceptTerms(principalOf(request), versions)) };
    },
    completeAccount: async (request) => {
      const choice = { authMethod: request.body.auth_method, password: request.body.password };
      return { status: 200, body: accountToWire(await accounts.chooseSignIn(principalOf(request), choice)) };
    },
    changeEmail: changeContact('email'),
    changePhone: changeContact('phone'),
  };
}
