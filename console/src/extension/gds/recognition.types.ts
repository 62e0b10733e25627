// The shapes the GDS module answers in: what a cryptic entry asks for, in the API's own terms (IATA
// codes, ISO dates, the search request's cabin values), and what a booking records back in a PNR.
// Pure types: the extension's panel and content scripts and the parsers all speak these.
import type { SearchCabin } from '@contrail/sdk';

export type Dialect = 'amadeus' | 'sabre' | 'travelport';
export const dialects: readonly Dialect[] = ['amadeus', 'sabre', 'travelport'];

export type PassengerKind = 'ADT' | 'CHD' | 'INF';

export interface RecognisedPassenger {
  lastName: string;
  firstName: string;
  title?: string;
  type: PassengerKind;
  /** ISO date, when the entry gave one (a child's or an infant's date of birth). */
  birthDate?: string;
  /** Age in years or months as typed (Sabre `*C05`, Travelport `*05MTHS`), when no birth date is given. */
  age?: { years?: number; months?: number };
}

/** What an entry (or selected text) asks for. `entry` is the exact text recognised. Beyond the
 *  interface's fields, availability and fare entries carry the booking class typed (`bookingClass`)
 *  and the raw cabin code (`cabinCode`), since the API searches by cabin only. */
export type Recognition =
  | {
      kind: 'availability';
      dialect: Dialect;
      entry: string;
      departureDate: string;
      origin: string;
      destination: string;
      carriers: string[];
      cabin?: SearchCabin;
      connections: string[];
      directOnly: boolean;
      departureTime?: string;
      returnDate?: string;
      bookingClass?: string;
      cabinCode?: string;
    }
  | {
      kind: 'fare_display';
      dialect: Dialect;
      entry: string;
      departureDate?: string;
      origin: string;
      destination: string;
      carriers: string[];
      cabin?: SearchCabin;
      returnDate?: string;
      bookingClass?: string;
      cabinCode?: string;
    }
  | { kind: 'pnr_names'; dialect: Dialect; entry: string; passengers: RecognisedPassenger[] }
  | { kind: 'pnr_contact'; dialect: Dialect; entry: string; phone?: string; email?: string };

export type AvailabilityRecognition = Extract<Recognition, { kind: 'availability' }>;
export type FareDisplayRecognition = Extract<Recognition, { kind: 'fare_display' }>;

/** What a Contrail booking records in the GDS PNR (`pnrEntries`). Dates ISO, times HH:MM local. */
export interface GdsBookingRecord {
  locator: string;
  airlineLocator?: string;
  segments: {
    carrier: string;
    flightNumber: string;
    bookingClass: string;
    departureDate: string;
    origin: string;
    destination: string;
    departureTime: string;
    arrivalTime: string;
    seats: number;
  }[];
  tickets: { number: string; passenger: string }[];
  total?: { amount: string; currency: string };
}
