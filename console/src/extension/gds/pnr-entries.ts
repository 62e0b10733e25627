// pnrEntries: the entries that record a Contrail booking in the GDS PNR, in the terminal's dialect —
// one passive segment per flight segment, then remarks (our locator, airline locator, tickets, price).
// Nothing here types into a terminal: the panel shows these, and inserts them only on the agent's click.
import { amadeusPnrEntries } from './amadeus.pnr-entries';
import type { Dialect, GdsBookingRecord } from './recognition.types';
import { sabrePnrEntries } from './sabre.pnr-entries';
import { travelportPnrEntries } from './travelport.pnr-entries';

const writers: Record<Dialect, (booking: GdsBookingRecord) => string[]> = {
  amadeus: amadeusPnrEntries,
  sabre: sabrePnrEntries,
  travelport: travelportPnrEntries,
};

export function pnrEntries(dialect: Dialect, booking: GdsBookingRecord): string[] {
  return writers[dialect](booking);
}
