// The back office's services, made once at the edge (context.ts) from the process's parts.
import type { Db } from '../../db/database.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { Clock } from '../clock.js';
import { createSecretBox } from '../crypto/secret-box.js';
import { createAgenciesService } from './agencies.service.js';
import { createAgencyLogoService } from './agency-logo.service.js';
import { createAgencyChannelsService } from './agency-channels.service.js';
import { createAgentsService } from './agents.service.js';
import { auditEntries, auditRecorder } from './audit.js';
import { createBalancesService } from './balances.service.js';
import { createBalanceTransfersService } from '../balances/balance-transfer.js';
import { createCompanyLedgerService } from '../balances/company-ledger.js';
import { createCompaniesService } from './companies.service.js';
import { createCompanyChannelsService } from './company-channels.service.js';
import { createCreditCardsService } from './credit-cards.service.js';
import { createExchangeRatesService } from './exchange-rates.service.js';
import { createGatesService } from './gates.service.js';
import { createJoinRequestsService } from './join-requests.service.js';
import { createMarkupsService } from './markups.service.js';
import { createPeopleService } from './people.service.js';

export function createBackOffice(deps: { db: Db; clock: Clock; auth: Authenticator; secretKey: string }) {
  const { db, clock, auth } = deps;
  const audit = auditRecorder(clock);
  const base = { db, clock, audit };
  const cards = createCreditCardsService({ ...base, box: createSecretBox(deps.secretKey, 'card-number') });
  return {
    agencies: createAgenciesService(base),
    agencyLogo: createAgencyLogoService(base),
    people: createPeopleService({ ...base, auth }),
    companies: createCompaniesService(base),
    balances: createBalancesService(base),
    ledger: createCompanyLedgerService(base),
    transfers: createBalanceTransfersService(base),
    exchangeRates: createExchangeRatesService(base),
    markups: createMarkupsService(base),
    joinRequests: createJoinRequestsService({ ...base, auth }),
    agents: createAgentsService({ ...base, auth }),
    gates: createGatesService(base),
    cards,
    agencyChannels: createAgencyChannelsService({
      ...base,
      cards,
      box: createSecretBox(deps.secretKey, 'channel-credential'),
    }),
    companyChannels: createCompanyChannelsService(base),
    auditLog: (query: Parameters<typeof auditEntries>[1]) => auditEntries(db, query),
  };
}

export type BackOffice = ReturnType<typeof createBackOffice>;
