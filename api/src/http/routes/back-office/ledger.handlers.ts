// ledger: a company's ledger (pages and its CSV export) and transfers between an agency's companies.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<ServiceHandlers, 'listCompanyLedger' | 'exportCompanyLedger' | 'createBalanceTransfer'>;

export function ledgerHandlers(ctx: Pick<AppContext, 'backOffice'>): Handlers {
  const { ledger, transfers } = ctx.backOffice;
  return {
    listCompanyLedger: async (request) => ({
      status: 200,
      body: await ledger.page(principalOf(request), request.params.id, request.query),
    }),
    exportCompanyLedger: async (request, reply) => {
      const stream = await ledger.exportCsv(principalOf(request), request.params.id, request.query);
      const name = `ledger-${request.params.id}.csv`;
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('Cache-Control', 'no-store');
      return { status: 200, body: stream };
    },
    createBalanceTransfer: async (request) => ({
      status: 201,
      body: await transfers.transfer(principalOf(request), request.body),
    }),
  };
}
