// A booking as the panel hands it to pnrEntries, built fresh for each PNR-entries test.
import type { GdsBookingRecord } from './recognition.types';

export function bookingRecord(overrides: Partial<GdsBookingRecord> = {}): GdsBookingRecord {
  return {
    locator: 'CTR7QK',
    airlineLocator: 'lo5x2a',
    segments: [
      {
        carrier: 'LO',
        flightNumber: '752',
        bookingClass: 'C',
        departureDate: '2026-12-15',
        origin: 'KBP',
        destination: 'WAW',
        departureTime: '07:00',
        arrivalTime: '08:25',
        seats: 2,
      },
      {
        carrier: 'LO',
        flightNumber: '281',
        bookingClass: 'C',
        departureDate: '2026-12-15',
        origin: 'WAW',
        destination: 'LIS',
        departureTime: '10:05',
        arrivalTime: '13:50',
        seats: 2,
      },
    ],
    tickets: [
      { number: '0802400000011', passenger: 'KOWALSKI/JAN MR' },
      { number: '0802400000012', passenger: "O'BRIEN/ANNA; MRS" },
    ],
    total: { amount: '1234.50', currency: 'PLN' },
    ...overrides,
  };
}
