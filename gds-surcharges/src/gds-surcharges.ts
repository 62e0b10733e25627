// The GDS distribution surcharges that NDC booking avoids, per carrier, and the savings they add up
// to. One table for everything that quotes them: the marketing savings calculator shows these very
// figures, and the API's fare demo adds them to the GDS price. Its own package (`@contrail/gds-surcharges`)
// so the console and the API read the same module without the API depending on its SDK; it imports
// nothing, so any runtime can load it.

export interface GdsSurcharge {
  /** IATA designator of the carrier. */
  readonly carrier: string;
  readonly name: string;
  /** Charged by the carrier on every flown segment booked through a GDS, in EUR. */
  readonly perSegment: string;
}

/** The calculator's carriers (product spec §9), with the surcharge each adds to a GDS booking. */
export const gdsSurcharges: readonly GdsSurcharge[] = [
  { carrier: 'LH', name: 'Lufthansa', perSegment: '19.50' },
  { carrier: 'OS', name: 'Austrian Airlines', perSegment: '19.50' },
  { carrier: 'LX', name: 'SWISS', perSegment: '19.50' },
  { carrier: 'SN', name: 'Brussels Airlines', perSegment: '19.50' },
  { carrier: 'AF', name: 'Air France', perSegment: '11.00' },
  { carrier: 'KL', name: 'KLM', perSegment: '11.00' },
  { carrier: 'BA', name: 'British Airways', perSegment: '11.00' },
  { carrier: 'A3', name: 'Aegean Airlines', perSegment: '9.00' },
  { carrier: 'OA', name: 'Olympic Air', perSegment: '9.00' },
];

/** The surcharges are stated in EUR; the demo converts them through NUC at this IATA rate. */
export const surchargeCurrency = { currency: 'EUR', roe: '0.920000' } as const;

/** An average ticket in the calculator is a return trip of two flown segments. */
export const segmentsPerTicket = 2;

const toCents = (amount: string): number => Math.round(Number(amount) * 100);
const fromCents = (cents: number): string => (cents / 100).toFixed(2);

export function surchargeFor(carrier: string): GdsSurcharge | undefined {
  return gdsSurcharges.find((s) => s.carrier === carrier.toUpperCase());
}

/**
 * What an agency selling `ticketsPerMonth` tickets of one carrier saves in a year by booking them
 * through NDC instead of a GDS, in EUR. Unknown carriers and non-positive counts save nothing.
 */
export function yearlySavings(ticketsPerMonth: number, carrier: string): string {
  const surcharge = surchargeFor(carrier);
  if (!surcharge || !Number.isFinite(ticketsPerMonth) || ticketsPerMonth <= 0) return '0.00';
  const tickets = Math.floor(ticketsPerMonth);
  return fromCents(tickets * 12 * segmentsPerTicket * toCents(surcharge.perSegment));
}

/** The same with the tickets spread evenly over every carrier of the table. */
export function yearlySavingsAcrossCarriers(ticketsPerMonth: number): string {
  if (!Number.isFinite(ticketsPerMonth) || ticketsPerMonth <= 0) return '0.00';
  const tickets = Math.floor(ticketsPerMonth);
  const totalCents = gdsSurcharges.reduce((sum, s) => sum + toCents(s.perSegment), 0);
  return fromCents(Math.round((tickets * 12 * segmentsPerTicket * totalCents) / gdsSurcharges.length));
}
