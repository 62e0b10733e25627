// The feed's file formats: the CSV header is the guide's sample header, a field is quoted only when
// it must be, and a JSON Lines line is the API's object on one line.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AccountingRow } from './accounting-document.js';
import { csvHeader, csvLine, documentOf, fileOf, jsonLine } from './accounting-formats.js';

const row: AccountingRow = {
  id: 'acd_1',
  agency_id: 'agy_1',
  sequence: '7',
  transaction_code: 'RFND',
  document_number: '2201234567890',
  original_document_number: '2201234567890',
  locator: 'K7XQ2M',
  airline_order_id: 'LHX4Q2',
  issued_at: new Date('2026-11-27T13:20:00Z'),
  local_date: '2026-11-27',
  agent_id: 'acc_1',
  agent_name: 'Olha "Olia" Marchenko',
  company_id: 'cmp_1',
  company_name: 'Kyiv, branch',
  channel_id: null,
  channel_name: null,
  passenger_name: 'KOVALENKO/OLENA MRS',
  passenger_type: 'ADT',
  itinerary: [
    {
      carrier: 'LH',
      flight_number: '1351',
      origin: 'KBP',
      destination: 'FRA',
      departure_at: '2026-12-10T06:05:00Z',
      booking_class: 'Y',
      fare_basis: 'YOWUA',
    },
  ],
  base_fare: '-250.00',
  taxes: { XT: '-10.00' },
  tax_total: '-10.00',
  commission: '0.00',
  markup: '0.00',
  service_fee: '0.00',
  total: '-260.00',
  currency: 'EUR',
  balance_amount: null,
  balance_currency: null,
  balance_rate: null,
  form_of_payment: 'Visa ending 4242',
  settlement: 'direct',
};

describe('the feed formats', () => {
  it('never hand a spreadsheet a formula in a name, and keep the minus of an amount', () => {
    const line = csvLine({
      ...row,
      agent_name: '=HYPERLINK("http://x")',
      passenger_name: '@SUM(A1)',
      company_name: '-2+3',
    });
    expect(line).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(line).toContain(",'@SUM(A1),");
    expect(line).toContain(",'-2+3,");
    expect(line).toContain(',-250.00,');
  });

  it('write the header of the guide’s sample file', () => {
    const sample = readFileSync(
      new URL('../../../../docs/guides/samples/accounting-documents.csv', import.meta.url),
      'utf8',
    );
    expect(sample.split('\r\n')[0] + '\r\n').toBe(csvHeader);
  });

  it('quote only the fields that need it, keep signs, and end lines with CRLF', () => {
    const line = csvLine(row);
    expect(line).toBe(
      '7,RFND,2201234567890,2201234567890,K7XQ2M,LHX4Q2,2026-11-27T13:20:00.000Z,2026-11-27,acc_1,' +
        '"Olha ""Olia"" Marchenko",cmp_1,"Kyiv, branch",,,KOVALENKO/OLENA MRS,ADT,' +
        'LH1351 KBP-FRA 2026-12-10T06:05:00Z,Y,YOWUA,EUR,-250.00,XT:-10.00,-10.00,0.00,0.00,0.00,-260.00,,,,' +
        'Visa ending 4242,direct,acd_1\r\n',
    );
    expect(fileOf('csv', [row])).toBe(csvHeader + line);
  });

  it('write taxes by code as CODE:amount separated by spaces (in the order the row holds them), and as an object', () => {
    const coded = { ...row, taxes: { DE: '-17.10', UA: '-14.40', YQ: '-52.70' }, tax_total: '-84.20' };
    expect(csvLine(coded)).toContain(',EUR,-250.00,DE:-17.10 UA:-14.40 YQ:-52.70,-84.20,');
    expect(documentOf(coded).amounts.taxes).toEqual({ DE: '-17.10', UA: '-14.40', YQ: '-52.70' });
    expect(JSON.parse(jsonLine(coded)).amounts.taxes).toEqual(coded.taxes);
  });

  it('write JSON Lines as the API’s object, one per line', () => {
    expect(JSON.parse(jsonLine(row))).toEqual(JSON.parse(JSON.stringify(documentOf(row))));
    expect(fileOf('jsonl', [row, row]).split('\n')).toHaveLength(3);
  });
});
