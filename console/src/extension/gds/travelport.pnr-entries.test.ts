import { describe, expect, it } from 'vitest';
import { bookingRecord } from './booking-record.fixture';
import { pnrEntries } from './pnr-entries';
import { parseTravelportEntry } from './travelport.parser';

describe('Travelport PNR entries for a Contrail booking', () => {
  it('writes one AK passive segment per flight with times, then notepad remarks', () => {
    expect(pnrEntries('travelport', bookingRecord())).toEqual([
      '0LO752C15DECKBPWAWAK2/07000825',
      '0LO281C15DECWAWLISAK2/10051350',
      'NP.CONTRAIL BOOKING CTR7QK',
      'NP.AIRLINE LOCATOR LO/LO5X2A',
      'NP.TKT 0802400000011 KOWALSKI/JAN MR',
      'NP.TKT 0802400000012 O BRIEN/ANNA MRS',
      'NP.TOTAL PLN 1234.50',
    ]);
  });

  it('keeps the end-item characters out of remark text, so one remark stays one entry', () => {
    const entries = pnrEntries(
      'travelport',
      bookingRecord({ locator: 'AB+N.X|Y', airlineLocator: undefined, tickets: [], total: undefined }),
    );
    expect(entries.at(-1)).toBe('NP.CONTRAIL BOOKING AB N.X Y');
  });

  it('never writes an entry our own parser would take for a search, a name or a contact', () => {
    for (const entry of pnrEntries('travelport', bookingRecord()))
      expect(parseTravelportEntry(entry, new Date())).toBeNull();
  });
});
