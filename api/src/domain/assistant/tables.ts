// A read tool's result as the answer's words and tables.
import type { Directory } from './rules-planner.js';
import { columnLabels, say, texts, titles, type Language } from './texts.js';
import type { Cell, Table } from './tools.js';

const money = (m: { amount: string; currency: string } | null | undefined) => (m ? `${m.amount} ${m.currency}` : null);

export function tableOf(
  tool: string,
  result: any,
  language: Language,
  directory: Directory,
): { answer: string; tables: Table[] } {
  const { answer, tables } = tablesByKey(tool, result, language, directory);
  // Headings in the asker's language, as the titles and the answer are.
  const label = (key: string) => columnLabels[key]?.[language] ?? key;
  return { answer, tables: tables.map((table) => ({ ...table, columns: table.columns.map(label) })) };
}

function tablesByKey(
  tool: string,
  result: any,
  language: Language,
  directory: Directory,
): { answer: string; tables: Table[] } {
  const name = (id: string | null | undefined) =>
    id
      ? (directory.agencies.find((a) => a.id === id)?.name ?? directory.companies.find((c) => c.id === id)?.name ?? id)
      : null;
  const found = (n: number, tables: Table[]) => ({ answer: say(texts.found, language, { n }), tables });
  switch (tool) {
    case 'find_bookings':
      return found(result.length, [
        {
          title: titles.bookings[language],
          columns: ['locator', 'status', 'carrier', 'company', 'passengers', 'price', 'created_at'],
          rows: result.map((b: any): Cell[] => [
            b.locator,
            b.status,
            b.carrier,
            name(b.company_id),
            b.passengers.map((p: any) => `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim()).join(', '),
            money(b.price),
            b.created_at,
          ]),
        },
      ]);
    case 'booking_history': {
      const b = result.booking;
      if (!b) return { answer: say(texts.notFoundBooking, language), tables: [] };
      return found(1, [
        {
          title: titles.booking[language],
          columns: ['locator', 'status', 'carrier', 'airline_locator', 'price', 'time_limit', 'issued_at'],
          rows: [[b.locator, b.status, b.carrier, b.airline_locator, money(b.price), b.time_limit, b.issued_at]],
        },
        {
          title: titles.history[language],
          columns: ['at', 'action', 'actor', 'detail'],
          rows: result.history.map((h: any): Cell[] => [
            h.created_at ?? null,
            h.action ?? null,
            h.actor?.name ?? h.actor_account_id ?? null,
            typeof h.text === 'string' ? h.text : (h.comment ?? null),
          ]),
        },
      ]);
    }
    case 'sales_summary': {
      const rows = (bucket: any, label: string): Cell[][] =>
        bucket.amounts.map((a: any): Cell[] => [
          label,
          bucket.documents,
          bucket.passengers,
          a.currency,
          a.revenue,
          a.fees,
          a.markups,
          a.refunds,
        ]);
      const columns = ['', 'documents', 'passengers', 'currency', 'revenue', 'fees', 'markups', 'refunds'];
      return {
        answer: `${result.from} – ${result.to}: ${result.totals.documents}`,
        tables: [
          { title: titles.sales[language], columns, rows: rows(result.totals, 'total') },
          {
            title: titles.byCarrier[language],
            columns,
            rows: result.byCarrier.flatMap((c: any) => rows(c, c.carrier)),
          },
        ],
      };
    }
    case 'balances':
      return found(result.length, [
        {
          title: titles.balances[language],
          columns: ['company', 'id', 'partner', 'balance', 'ticketing_active'],
          rows: result.map((c: any): Cell[] => [
            c.name,
            c.id,
            name(c.agency_id),
            money(c.balance_amount),
            c.ticketing_active,
          ]),
        },
      ]);
    case 'ledger':
      return found(result.length, [
        {
          title: titles.ledger[language],
          columns: ['created_at', 'amount', 'balance_after', 'reason', 'actor'],
          rows: result.map((t: any): Cell[] => [
            t.created_at,
            money(t.amount),
            money(t.balance_after),
            t.reason,
            t.actor_account_id,
          ]),
        },
      ]);
    case 'channels':
      return found(result.channels.length, [
        {
          title: titles.gates[language],
          columns: ['main', 'agency', 'channel'],
          rows: [[result.gates.main, result.gates.agency, result.gates.channel]],
        },
        {
          title: titles.channels[language],
          columns: ['id', 'partner', 'carrier', 'active', 'on_by_admin', 'active_by_main_gate', 'active_by_supervisor'],
          rows: result.channels.map((c: any): Cell[] => [
            c.id,
            name(c.agency_id),
            c.carrier,
            c.active,
            c.on_by_admin,
            c.active_by_main_gate ?? null,
            c.active_by_supervisor ?? null,
          ]),
        },
      ]);
    case 'who_changed':
      return found(result.length, [
        {
          title: titles.audit[language],
          columns: ['created_at', 'actor', 'role', 'action', 'entity', 'via_assistant_plan', 'question'],
          rows: result.map((r: any): Cell[] => [
            r.created_at,
            r.actor_account_id,
            r.actor_user_type,
            r.action,
            `${r.entity_type} ${r.entity_id}`,
            r.via_assistant?.plan_id ?? null,
            r.via_assistant?.question ?? null,
          ]),
        },
      ]);
    case 'webhook_failures':
      return found(result.length, [
        {
          title: titles.webhookFailures[language],
          columns: ['id', 'partner', 'endpoint', 'event', 'attempts', 'last_status', 'last_error', 'created_at'],
          rows: result.map((d: any): Cell[] => [
            d.id,
            name(d.agency_id),
            d.endpoint_url,
            d.event_type,
            d.attempts,
            d.last_status_code,
            d.last_error,
            d.created_at,
          ]),
        },
      ]);
    case 'back_office_failures':
      return found(result.length, [
        {
          title: titles.backOfficeFailures[language],
          columns: ['id', 'connection', 'file', 'rows', 'attempts', 'last_error', 'created_at'],
          rows: result.map((d: any): Cell[] => [
            d.id,
            d.connection_id,
            d.file_name,
            d.rows,
            d.attempts,
            d.last_error,
            d.created_at,
          ]),
        },
      ]);
    case 'failed_emds':
      return found(result.length, [
        {
          title: titles.failedEmds[language],
          columns: ['id', 'locator', 'partner', 'company', 'amount', 'attempts', 'error', 'created_at'],
          rows: result.map((r: any): Cell[] => [
            r.id,
            r.locator,
            name(r.agency_id),
            name(r.company_id),
            `${r.amount.amount} ${r.amount.currency}`,
            r.attempts,
            r.error,
            r.created_at,
          ]),
        },
      ]);
    case 'schedule_changes':
      return found(result.length, [
        {
          title: titles.scheduleChanges[language],
          columns: ['id', 'locator', 'type', 'action_deadline', 'consequence_of_inaction', 'available_actions'],
          rows: result.map((c: any): Cell[] => [
            c.id,
            c.locator,
            c.type,
            c.action_deadline,
            c.consequence_of_inaction,
            (c.available_actions ?? []).join(', '),
          ]),
        },
      ]);
    case 'fare_watch_savings': {
      const columns = ['', 'found', 'captured', 'savings', 'declined', 'expired'];
      const row = (label: string, f: any): Cell[] => [
        label,
        f.found,
        f.captured,
        f.savings.map(money).join(', '),
        f.declined,
        f.expired,
      ];
      return {
        answer: `${result.date_from} – ${result.date_to}: ${result.totals.savings.map(money).join(', ') || '0'}`,
        tables: [
          { title: titles.fareWatchSavings[language], columns, rows: [row('total', result.totals)] },
          {
            title: titles.byMonth[language],
            columns,
            rows: result.by_month.map((m: any) => row(m.month, m.figures)),
          },
        ],
      };
    }
    default:
      return { answer: '', tables: [] };
  }
}
