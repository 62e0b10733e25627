// Seat maps per flight. Layouts follow the aircraft type (2-2 regional, 3-3 narrow-body, 2-4-2
// wide-body), a quarter to a half of the seats are taken (stable per seed and flight), exit and
// front rows cost more. Business seats and Flex fares choose seats free, as most carriers sell it.
import type { CabinCode } from './inventory.js';
import { randomFor } from './prng.js';
import type { Flight } from './schedule.js';

export type SeatCharacteristic = 'W' | 'A' | '9' | 'E' | 'L';

export interface SeatColumn {
  readonly id: string;
  readonly position: 'W' | 'A' | 'C';
}

export interface Seat {
  readonly column: string;
  readonly occupied: boolean;
  readonly characteristics: readonly SeatCharacteristic[];
  /** `undefined` when the seat is free of charge. */
  readonly priceMinor?: number;
}

export interface SeatRow {
  readonly number: number;
  readonly seats: readonly Seat[];
}

export interface SeatMap {
  readonly flight: Flight;
  readonly cabin: CabinCode;
  readonly columns: readonly SeatColumn[];
  readonly rows: readonly SeatRow[];
}

const layouts: Record<'regional' | 'narrow' | 'wide', { columns: SeatColumn[]; business: number; rows: number }> = {
  regional: { columns: cols('W A', 'A W', 'AC', 'DF'), business: 3, rows: 24 },
  narrow: { columns: cols('W C A', 'A C W', 'ABC', 'DEF'), business: 4, rows: 30 },
  wide: { columns: cols('W A', 'A C C A', 'A W', 'AC', 'DEFG', 'HK'), business: 7, rows: 40 },
};

function cols(...spec: string[]): SeatColumn[] {
  const half = spec.length / 2;
  const positions = spec.slice(0, half).flatMap((s) => s.split(' ')) as SeatColumn['position'][];
  const ids = spec.slice(half).join('').split('');
  return ids.map((id, i) => ({ id, position: positions[i]! }));
}

const layoutOf = (aircraft: string) =>
  ['E90', '223'].includes(aircraft)
    ? layouts.regional
    : ['333', '789'].includes(aircraft)
      ? layouts.wide
      : layouts.narrow;

export function seatMapFor(seed: string, flight: Flight, cabin: CabinCode, freeSeats: boolean, roe: number): SeatMap {
  const layout = layoutOf(flight.aircraft);
  const exitRows = new Set([layout.business + 8, layout.business + 9]);
  const [first, last] = cabin === 'C' ? [1, layout.business] : [layout.business + 1, layout.rows];
  const rows: SeatRow[] = [];
  for (let number = first; number <= last; number += 1) {
    const seats = layout.columns.map((column): Seat => {
      const random = randomFor(seed, 'seat', flight.key, number, column.id);
      const characteristics: SeatCharacteristic[] = [column.position === 'C' ? '9' : column.position];
      if (exitRows.has(number)) characteristics.push('E', 'L');
      const paidNuc = exitRows.has(number) ? 35 : number <= layout.business + 3 ? 20 : 9;
      const price = cabin === 'C' || freeSeats ? undefined : Math.round(paidNuc * roe) * 100;
      return {
        column: column.id,
        occupied: random() < 0.25 + 0.25 * randomFor(seed, 'load', flight.key)(),
        characteristics,
        ...(price ? { priceMinor: price } : {}),
      };
    });
    rows.push({ number, seats });
  }
  return { flight, cabin, columns: layout.columns, rows };
}
