import { describe, expect, it } from 'vitest';
import { bookingRecord } from './booking-record.fixture';
import { parseAmadeusEntry } from './amadeus.parser';
import { pnrEntries } from './pnr-entries';

describe('Amadeus PNR entries for a Contrail booking', () => {
  it('writes one GK long-sell per segment with times and airline locator, then remarks', () => {
    expect(pnrEntries('amadeus', bookingRecord())).toEqual([
      'SSLO752C15DECKBPWAWGK2/07000825/LO5X2A',
      'SSLO281C15DECWAWLISGK2/10051350/LO5X2A',
      'RM CONTRAIL BOOKING CTR7QK',
      'RM AIRLINE LOCATOR LO/LO5X2A',
      'RM TKT 0802400000011 KOWALSKI/JAN MR',
      'RM TKT 0802400000012 O BRIEN/ANNA MRS',
      'RM TOTAL PLN 1234.50',
    ]);
  });

  it('leaves out what the booking does not have yet (airline locator, tickets, price)', () => {
    const entries = pnrEntries('amadeus', bookingRecord({ airlineLocator: undefined, tickets: [], total: undefined }));
    expect(entries).toEqual([
      'SSLO752C15DECKBPWAWGK2/07000825',
      'SSLO281C15DECWAWLISGK2/10051350',
      'RM CONTRAIL BOOKING CTR7QK',
    ]);
  });

  it('keeps an airline locator that is not one out of the segment, and the remark safe', () => {
    const entries = pnrEntries('amadeus', bookingRecord({ airlineLocator: 'AB;RM X', tickets: [], total: undefined }));
    expect(entries).toEqual([
      'SSLO752C15DECKBPWAWGK2/07000825',
      'SSLO281C15DECWAWLISGK2/10051350',
      'RM CONTRAIL BOOKING CTR7QK',
      'RM AIRLINE LOCATOR LO/AB RM X',
    ]);
  });

  it('never writes an entry our own parser would take for a search or a name', () => {
    for (const entry of pnrEntries('amadeus', bookingRecord())) expect(parseAmadeusEntry(entry, new Date())).toBeNull();
  });
});
