// The feed's three formats, one definition each: the JSON object (the API's AccountingDocument),
// a JSON Lines line (the same object on one line) and a CSV line (RFC 4180; the guide documents
// every column in this order). The API and the deliveries both write through here, so a file a
// back office receives and the API's answer never disagree.
import type { AccountingRow } from './accounting-document.js';

export function documentOf(r: AccountingRow) {
  return {
    sequence: Number(r.sequence),
    id: r.id,
    transaction_code: r.transaction_code,
    document_number: r.document_number,
    original_document_number: r.original_document_number,
    locator: r.locator,
    airline_order_id: r.airline_order_id,
    issued_at: r.issued_at.toISOString(),
    local_date: r.local_date,
    agent: { id: r.agent_id, name: r.agent_name },
    company: r.company_id ? { id: r.company_id, name: r.company_name ?? '' } : null,
    channel: r.channel_id ? { id: r.channel_id, name: r.channel_name } : null,
    passenger: r.passenger_name ? { name: r.passenger_name, type: r.passenger_type } : null,
    itinerary: r.itinerary,
    amounts: {
      currency: r.currency,
      base_fare: r.base_fare,
      taxes: r.taxes,
      tax_total: r.tax_total,
      commission: r.commission,
      markup: r.markup,
      service_fee: r.service_fee,
      total: r.total,
    },
    balance:
      r.balance_amount && r.balance_currency && r.balance_rate
        ? { amount: r.balance_amount, currency: r.balance_currency, rate: r.balance_rate }
        : null,
    form_of_payment: r.form_of_payment,
    settlement: r.settlement,
  };
}

export type AccountingDocument = ReturnType<typeof documentOf>;

export const jsonLine = (r: AccountingRow) => `${JSON.stringify(documentOf(r))}\n`;

export const csvColumns = [
  'sequence',
  'transaction_code',
  'document_number',
  'original_document_number',
  'locator',
  'airline_order_id',
  'issued_at',
  'local_date',
  'agent_id',
  'agent_name',
  'company_id',
  'company_name',
  'channel_id',
  'channel_name',
  'passenger_name',
  'passenger_type',
  'itinerary',
  'booking_classes',
  'fare_bases',
  'currency',
  'base_fare',
  'taxes',
  'tax_total',
  'commission',
  'markup',
  'service_fee',
  'total',
  'balance_amount',
  'balance_currency',
  'balance_rate',
  'form_of_payment',
  'settlement',
  'id',
] as const;

export const csvHeader = `${csvColumns.join(',')}\r\n`;

// A field is quoted only when it must be (a comma, a quote or a line break in it), as RFC 4180 says.
const cell = (v: string | null) => (v === null ? '' : /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

// A name typed by a person is never read as a formula by the spreadsheet an accountant opens the
// file in: one that starts with = + - @ or a tab gets a leading apostrophe (OWASP's CSV-injection
// rule). Only free text takes it; amounts keep their minus sign.
const text = (v: string | null) => (v !== null && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

export function csvLine(r: AccountingRow): string {
  const segments = r.itinerary;
  const cells: (string | null)[] = [
    r.sequence,
    r.transaction_code,
    r.document_number,
    r.original_document_number,
    r.locator,
    r.airline_order_id,
    r.issued_at.toISOString(),
    r.local_date,
    r.agent_id,
    text(r.agent_name),
    r.company_id,
    text(r.company_name),
    r.channel_id,
    text(r.channel_name),
    text(r.passenger_name),
    r.passenger_type,
    segments.map((s) => `${s.carrier}${s.flight_number} ${s.origin}-${s.destination} ${s.departure_at}`).join(' / '),
    segments.map((s) => s.booking_class).join('/'),
    segments.map((s) => s.fare_basis ?? '').join('/'),
    r.currency,
    r.base_fare,
    Object.entries(r.taxes)
      .map(([code, amount]) => `${code}:${amount}`)
      .join(' '),
    r.tax_total,
    r.commission,
    r.markup,
    r.service_fee,
    r.total,
    r.balance_amount,
    r.balance_currency,
    r.balance_rate,
    r.form_of_payment,
    r.settlement,
    r.id,
  ];
  return `${cells.map(cell).join(',')}\r\n`;
}

export type FeedFormat = 'csv' | 'jsonl';

export const feedContentType: Record<FeedFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  jsonl: 'application/x-ndjson',
};

/** The lines of a file in `format`: CSV starts with its header line. */
export function fileOf(format: FeedFormat, rows: readonly AccountingRow[]): string {
  if (format === 'jsonl') return rows.map(jsonLine).join('');
  return csvHeader + rows.map(csvLine).join('');
}
