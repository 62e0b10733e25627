// account: the caller's own account.
import type { AppContext } from '../../../context.js';
import type { AccountDetails } from '../../../domain/accounts/accounts.service.js';
import type { ServiceHandlers } from '../../contract.js';
import type { components } from '../../generated/openapi.generated.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<ServiceHandlers, 'getAccountDetails' | 'updateAccountDetails' | 'updateAccountLocale'>;

export function accountHandlers(ctx: Pick<AppContext, 'accounts'>): Handlers {
  return {
    getAccountDetails: async (request) => ({
      status: 200,
      body: toWire(await ctx.accounts.details(principalOf(request))),
    }),
    updateAccountDetails: async (request) => {
      const { first_name: firstName, last_name: lastName } = request.body;
      const details = await ctx.accounts.updateDetails(principalOf(request), { firstName, lastName });
      return { status: 200, body: toWire(details) };
    },
    updateAccountLocale: async (request) => ({
      status: 200,
      body: toWire(await ctx.accounts.updateLocale(principalOf(request), request.body.language)),
    }),
  };
}

function toWire(d: AccountDetails): components['schemas']['AccountDetails'] {
  return {
    id: d.id,
    first_name: d.firstName,
    last_name: d.lastName,
    email: d.email,
    phone: d.phone,
    user_type: d.userType,
    language: d.language,
    company: d.company,
    agency: d.agency,
  };
}
