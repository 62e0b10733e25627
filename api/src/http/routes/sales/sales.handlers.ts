// sales: the list, one document, analytics and the XLSX report. Handlers only translate.
import type { AppContext } from '../../../context.js';
import type { Analytics, Bucket, Figures } from '../../../domain/sales/analytics.service.js';
import type { SalesDocument } from '../../../domain/sales/sales-document.js';
import { reportContentType, reportFileName } from '../../../domain/sales/sales-report.js';
import type { ServiceHandlers } from '../../contract.js';
import type { components } from '../../generated/openapi.generated.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<ServiceHandlers, 'listSales' | 'getSale' | 'exportSales' | 'getAnalytics'>;
type Schemas = components['schemas'];

export function salesHandlers(ctx: Pick<AppContext, 'sales'>): Handlers {
  return {
    listSales: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.sales.list(principalOf(request), {
        ticket: request.query.ticket,
        from: request.query.date_from,
        to: request.query.date_to,
        ...page,
      });
      return { status: 200, body: listBody(items.map(toWire), total, page) };
    },
    getSale: async (request) => ({
      status: 200,
      body: toWire(await ctx.sales.get(principalOf(request), request.params.id)),
    }),
    exportSales: async (request, reply) => {
      const stream = await ctx.sales.report(principalOf(request), {
        from: request.query.date_from,
        to: request.query.date_to,
      });
      // RFC 6266: the plain name for old clients, the UTF-8 form for the rest; both say the spec's name.
      reply
        .type(reportContentType)
        .header(
          'Content-Disposition',
          `attachment; filename="${reportFileName}"; filename*=UTF-8''${encodeURIComponent(reportFileName)}`,
        )
        .header('Cache-Control', 'no-store');
      return { status: 200, body: stream };
    },
    getAnalytics: async (request) => ({
      status: 200,
      body: analyticsToWire(
        await ctx.sales.analytics(principalOf(request), { from: request.query.date_from, to: request.query.date_to }),
      ),
    }),
  };
}

const money = (amount: string, currency: string) => ({ amount, currency });

function toWire(d: SalesDocument): Schemas['SalesDocument'] {
  return {
    id: d.id,
    kind: d.kind,
    number: d.number,
    locator: d.locator,
    booking_id: d.bookingId,
    related_document_id: d.relatedDocumentId,
    passenger_name: d.passengerName,
    carrier: d.carrier,
    route: d.route,
    issued_at: d.issuedAt.toISOString(),
    fare: money(d.fare, d.currency),
    taxes: money(d.taxes, d.currency),
    fees: money(d.fees, d.currency),
    markup: money(d.markup, d.currency),
    commission: money(d.commission, d.currency),
    total: money(d.total, d.currency),
    form_of_payment: d.formOfPayment,
    form_of_payment_text: d.paymentWords,
    agent: d.agent,
    company: d.company,
    agency: d.agency,
  };
}

function figuresToWire(f: Figures): Schemas['SalesFigures'] {
  return {
    revenue: money(f.revenue, f.currency),
    fees: money(f.fees, f.currency),
    markups: money(f.markups, f.currency),
    refunds: money(f.refunds, f.currency),
  };
}

const bucket = (b: Bucket) => ({ documents: b.documents, amounts: b.amounts.map(figuresToWire) });

function analyticsToWire(a: Analytics): Schemas['Analytics'] {
  return {
    date_from: a.from,
    date_to: a.to,
    totals: { ...bucket(a.totals), passengers: a.totals.passengers },
    by_day: a.byDay.map((d) => ({ date: d.date, passengers: d.passengers, ...bucket(d) })),
    by_carrier: a.byCarrier.map((c) => ({ carrier: c.carrier, ...bucket(c) })),
    by_agent: a.byAgent.map((g) => ({ agent: g.agent, ...bucket(g) })),
  };
}
