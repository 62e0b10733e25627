// The sandbox airlines: the savings calculator's carriers (product spec §9) plus IB, PS, LO and the
// neo-airline of the landing page. Hubs and spokes shape the schedule network; alliances decide
// where one carrier may sell another's flight under its own code (codeshare on connections).
export type Alliance = 'star' | 'skyteam' | 'oneworld' | 'none';

export interface Carrier {
  readonly code: string;
  readonly name: string;
  readonly alliance: Alliance;
  readonly hubs: readonly string[];
  readonly spokes: readonly string[];
  /** Currency the carrier files its fares in; taxes follow it so one offer has one currency. */
  readonly currency: string;
  /** Hours after issue during which a ticket may still be voided (airline practice: 24 h, some less). */
  readonly voidWindowHours: number;
  /** Void only until 23:59 local time (at the first hub) of the issue day, as some BSP markets rule. */
  readonly voidSameDay: boolean;
  /** IATA numeric airline code: the first three digits of its ticket and EMD numbers. */
  readonly ticketPrefix: string;
  /** Hours a held booking may stay unpaid when the fare allows a hold. */
  readonly ticketingTimeLimitHours: number;
  /** Offset that keeps each carrier's flight numbers in its own band. */
  readonly flightNumberBase: number;
  /** Branded fare family names, indexed Light / Classic / Flex. */
  readonly fareFamilies: readonly [string, string, string];
  /** Neo carriers sell direct flights only: no connections, no codeshares. */
  readonly directOnly: boolean;
}

const c = (
  carrier: Omit<Carrier, 'directOnly' | 'voidSameDay'> & { directOnly?: boolean; voidSameDay?: boolean },
): Carrier => Object.freeze({ directOnly: false, voidSameDay: false, ...carrier });

// One carrier per block reads better than one property per line.
// prettier-ignore
export const carriers: readonly Carrier[] = [
  c({
    code: 'LH', name: 'Lufthansa', alliance: 'star', hubs: ['FRA', 'MUC'], ticketPrefix: '220',
    spokes: ['BER', 'HAM', 'DUS', 'WAW', 'KRK', 'PRG', 'BUD', 'ATH', 'MAD', 'BCN', 'LIS', 'FCO', 'LHR', 'CDG', 'CPH', 'OSL', 'JFK', 'ORD', 'NRT', 'TLV'],
    currency: 'EUR', voidWindowHours: 24, ticketingTimeLimitHours: 72, flightNumberBase: 100,
    fareFamilies: ['Economy Light', 'Economy Classic', 'Economy Flex'],
  }),
  c({
    code: 'OS', name: 'Austrian Airlines', alliance: 'star', hubs: ['VIE'], ticketPrefix: '257',
    spokes: ['ZAG', 'OTP', 'SOF', 'KBP', 'ODS', 'WAW', 'BER', 'ATH', 'BRU', 'CDG', 'AMS', 'LHR', 'TLV', 'JFK', 'IST'],
    currency: 'EUR', voidWindowHours: 24, ticketingTimeLimitHours: 72, flightNumberBase: 100,
    fareFamilies: ['Economy Light', 'Economy Classic', 'Economy Flex'],
  }),
  c({
    code: 'LX', name: 'SWISS', alliance: 'star', hubs: ['ZRH', 'GVA'], ticketPrefix: '724',
    spokes: ['LHR', 'CDG', 'NCE', 'BCN', 'LIS', 'ATH', 'WAW', 'PRG', 'BER', 'JFK', 'SIN'],
    currency: 'CHF', voidWindowHours: 24, ticketingTimeLimitHours: 72, flightNumberBase: 100,
    fareFamilies: ['Economy Light', 'Economy Classic', 'Economy Flex'],
  }),
  c({
    code: 'SN', name: 'Brussels Airlines', alliance: 'star', hubs: ['BRU'], ticketPrefix: '082',
    spokes: ['LIS', 'OPO', 'MAD', 'BCN', 'FCO', 'ATH', 'VIE', 'WAW', 'KRK', 'TFN', 'DUB'],
    currency: 'EUR', voidWindowHours: 24, ticketingTimeLimitHours: 48, flightNumberBase: 2000,
    fareFamilies: ['Light', 'Classic', 'Flex'],
  }),
  c({
    code: 'AF', name: 'Air France', alliance: 'skyteam', hubs: ['CDG', 'ORY'], ticketPrefix: '057', voidSameDay: true,
    spokes: ['NCE', 'LHR', 'MAD', 'BCN', 'LIS', 'FCO', 'ATH', 'WAW', 'PRG', 'OTP', 'KBP', 'JFK', 'LAX', 'YYZ', 'DXB', 'TLV'],
    currency: 'EUR', voidWindowHours: 24, ticketingTimeLimitHours: 72, flightNumberBase: 1000,
    fareFamilies: ['Light', 'Standard', 'Flex'],
  }),
  c({
    code: 'KL', name: 'KLM', alliance: 'skyteam', hubs: ['AMS'], ticketPrefix: '074', voidSameDay: true,
    spokes: ['LHR', 'MAN', 'EDI', 'DUB', 'CPH', 'OSL', 'ARN', 'HEL', 'WAW', 'KBP', 'BUD', 'BCN', 'LIS', 'JFK', 'ORD', 'SIN'],
    currency: 'EUR', voidWindowHours: 24, ticketingTimeLimitHours: 72, flightNumberBase: 1000,
    fareFamilies: ['Economy Light', 'Economy Standard', 'Economy Flex'],
  }),
  c({
    code: 'BA', name: 'British Airways', alliance: 'oneworld', hubs: ['LHR', 'LGW'], ticketPrefix: '125',
    spokes: ['MAN', 'EDI', 'DUB', 'AMS', 'CDG', 'FRA', 'MAD', 'BCN', 'LIS', 'ATH', 'WAW', 'HEL', 'KEF', 'JFK', 'LAX', 'YYZ', 'DXB'],
    currency: 'GBP', voidWindowHours: 24, ticketingTimeLimitHours: 24, flightNumberBase: 300,
    fareFamilies: ['Basic', 'Standard', 'Flex'],
  }),
  c({
    code: 'A3', name: 'Aegean Airlines', alliance: 'star', hubs: ['ATH', 'SKG'], ticketPrefix: '390',
    spokes: ['HER', 'FCO', 'MXP', 'MUC', 'FRA', 'VIE', 'BRU', 'CDG', 'LHR', 'TLV', 'SOF', 'OTP', 'BUD'],
    currency: 'EUR', voidWindowHours: 24, ticketingTimeLimitHours: 48, flightNumberBase: 600,
    fareFamilies: ['Light', 'Flex', 'Comfort Flex'],
  }),
  c({
    code: 'OA', name: 'Olympic Air', alliance: 'none', hubs: ['ATH'], ticketPrefix: '050',
    spokes: ['HER', 'SKG'],
    currency: 'EUR', voidWindowHours: 12, ticketingTimeLimitHours: 24, flightNumberBase: 0,
    fareFamilies: ['Light', 'Flex', 'Comfort Flex'],
  }),
  c({
    code: 'IB', name: 'Iberia', alliance: 'oneworld', hubs: ['MAD'], ticketPrefix: '075',
    spokes: ['BCN', 'PMI', 'TFN', 'LPA', 'LIS', 'OPO', 'FCO', 'CDG', 'LHR', 'FRA', 'JFK', 'ORD'],
    currency: 'EUR', voidWindowHours: 24, ticketingTimeLimitHours: 72, flightNumberBase: 3000,
    fareFamilies: ['Basic', 'Classic', 'Flexible'],
  }),
  c({
    code: 'PS', name: 'Ukraine International Airlines', alliance: 'none', hubs: ['KBP'], ticketPrefix: '566',
    spokes: ['LWO', 'ODS', 'WAW', 'VIE', 'AMS', 'CDG', 'TLV', 'IST'],
    currency: 'EUR', voidWindowHours: 6, ticketingTimeLimitHours: 24, flightNumberBase: 100,
    fareFamilies: ['Light', 'Classic', 'Flex'],
  }),
  c({
    code: 'LO', name: 'LOT Polish Airlines', alliance: 'star', hubs: ['WAW'], ticketPrefix: '080',
    spokes: ['KRK', 'GDN', 'KBP', 'LWO', 'VNO', 'RIX', 'TLL', 'PRG', 'BUD', 'FRA', 'MUC', 'LHR', 'CDG', 'AMS', 'ARN', 'JFK', 'ORD', 'YYZ'],
    currency: 'PLN', voidWindowHours: 24, ticketingTimeLimitHours: 48, flightNumberBase: 200,
    fareFamilies: ['Saver', 'Standard', 'Flex'],
  }),
  c({
    code: 'NE', name: 'Neo', alliance: 'none', hubs: ['WAW'], ticketPrefix: '933',
    spokes: ['KBP', 'LWO', 'VIE', 'BER', 'BCN'],
    currency: 'EUR', voidWindowHours: 24, ticketingTimeLimitHours: 24, flightNumberBase: 7000,
    fareFamilies: ['Light', 'Classic', 'Flex'], directOnly: true,
  }),
];

const byCode = new Map(carriers.map((carrier) => [carrier.code, carrier]));

export function carrierByCode(code: string): Carrier | undefined {
  return byCode.get(code.toUpperCase());
}

/**
 * Interline agreements outside alliances: the validating carrier may ticket the partner's flight
 * on one ticket (OA is Aegean's regional arm; UIA had bilateral deals with LOT and Austrian).
 */
const interline = new Set(['A3-OA', 'OA-A3', 'PS-LO', 'LO-PS', 'PS-OS', 'OS-PS']);

export function mayInterline(validating: Carrier, operating: Carrier): boolean {
  return interline.has(`${validating.code}-${operating.code}`);
}
