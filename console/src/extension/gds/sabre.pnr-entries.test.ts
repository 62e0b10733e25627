import { describe, expect, it } from 'vitest';
import { bookingRecord } from './booking-record.fixture';
import { pnrEntries } from './pnr-entries';
import { parseSabreEntry } from './sabre.parser';

describe('Sabre PNR entries for a Contrail booking', () => {
  it('writes one GK segment per flight with times, then general remarks', () => {
    expect(pnrEntries('sabre', bookingRecord())).toEqual([
      '0LO752C15DECKBPWAWGK2/07000825',
      '0LO281C15DECWAWLISGK2/10051350',
      '5CONTRAIL BOOKING CTR7QK',
      '5AIRLINE LOCATOR LO/LO5X2A',
      '5TKT 0802400000011 KOWALSKI/JAN MR',
      '5TKT 0802400000012 O BRIEN/ANNA MRS',
      '5TOTAL PLN 1234.50',
    ]);
  });

  it('keeps Sabre’s special characters out of remark text', () => {
    const entries = pnrEntries(
      'sabre',
      bookingRecord({ locator: 'AB§¥‡¤1', airlineLocator: undefined, tickets: [], total: undefined }),
    );
    expect(entries.at(-1)).toBe('5CONTRAIL BOOKING AB 1');
  });

  it('refuses a segment that cannot be written, rather than writing a wrong entry', () => {
    const [segment] = bookingRecord().segments;
    expect(() => pnrEntries('sabre', bookingRecord({ segments: [{ ...segment!, origin: 'KB' }] }))).toThrow(RangeError);
    expect(() => pnrEntries('sabre', bookingRecord({ segments: [{ ...segment!, seats: 0 }] }))).toThrow(RangeError);
  });

  it('never writes an entry our own parser would take for a search, a name or a contact', () => {
    for (const entry of pnrEntries('sabre', bookingRecord())) expect(parseSabreEntry(entry, new Date())).toBeNull();
  });
});
