// The accounting-documents feed: JSON by default, CSV or JSON Lines by `Accept`. Handlers only
// translate; the formats are the domain's, shared with the deliveries.
import type { AppContext } from '../../../context.js';
import { documentOf, feedContentType, fileOf, type FeedFormat } from '../../../domain/accounting/accounting-formats.js';
import type { ServiceHandlers } from '../../contract.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<ServiceHandlers, 'listAccountingDocuments'>;

/** The format `Accept` asks for; JSON when it names neither CSV nor JSON Lines first. */
function formatOf(accept: string | undefined): FeedFormat | 'json' {
  for (const part of (accept ?? '').split(',')) {
    const type = part.split(';')[0]!.trim().toLowerCase();
    if (type === 'text/csv') return 'csv';
    if (type === 'application/x-ndjson' || type === 'application/jsonl') return 'jsonl';
    if (type === 'application/json') return 'json';
  }
  return 'json';
}

export function accountingDocumentHandlers(ctx: Pick<AppContext, 'accountingDocuments'>): Handlers {
  return {
    listAccountingDocuments: async (request, reply) => {
      const q = request.query;
      const afterSequence = q.after_sequence ?? 0;
      const limit = q.limit ?? 100;
      const rows = await ctx.accountingDocuments.list(principalOf(request), {
        agencyId: q.agency_id,
        afterSequence,
        limit,
        types: q.types,
        from: q.date_from,
        to: q.date_to,
      });
      const format = formatOf(request.headers.accept);
      reply.header('Vary', 'Accept');
      if (format !== 'json') {
        reply.type(feedContentType[format]).header('Cache-Control', 'no-store');
        return { status: 200, body: Buffer.from(fileOf(format, rows), 'utf8') };
      }
      const last = rows.at(-1);
      return {
        status: 200,
        body: {
          data: rows.map(documentOf),
          meta: { limit, next_after_sequence: last ? Number(last.sequence) : afterSequence },
        },
      };
    },
  };
}
