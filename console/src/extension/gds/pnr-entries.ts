// pnrEntries: the entries that record a Contrail booking in the GDS PNR, in the terminal's dialect —
// one passive segment per flight segment, then remarks (our locator, airline locator, tickets, price).
import { amadeusPnrEntries } from './amadeus.pnr-entries';
import type { Dialect, GdsBookingRecord } from './recognition.types';

const writers: Partial<Record<Dialect, (booking: GdsBookingRecord) => string[]>> = {
  amadeus: amadeusPnrEntries,
};

export function pnrEntries(dialect: Dialect, booking: GdsBookingRecord): string[] {
  const writer = writers[dialect];
  if (!writer) throw new Error(`No PNR entries for ${dialect} yet`);
  return writer(booking);
}
