// Amadeus cryptic entries (Selling Platform Connect), one entry at a time:
//   availability/schedule  AN|AD|SN [date] CITYPAIR [time] [/A airlines] [/C class] [/K cabin]
//                          [/F N|D|C flight type] [/X connection] [/B seats] [/O] [*return date [time]]
//                          e.g. AN15DECKBPWAW/ALO/CC, AN15DECKBPWAW1200/ALO*20DEC, SN15DECKBPWAW/XFRA
//   fare display           FQD CITYPAIR [/A airlines] [/D date] [/C class] [/K cabin] [/R,…] [/I…]
//                          e.g. FQDKBPWAW/ALO/D15DEC/CC
//   names                  NM1KOWALSKI/JAN MR, NM2SMITH/JOHN MR/JANE MRS, NM1SMITH/JOHN MR 1DOE/ANN MRS,
//                          child (CHD/01JAN18), infant (INFNOWAK/ADAM/01JAN25) or (INFADAM/01JAN25)
//   contacts               AP WAW 48 22 1234567-B, APM-+48601234567, APE-JAN@EXAMPLE.COM
// Excluding options (/A-UA, /X-AUH) are understood and left out of the carriers and connections.
// Anything else gives null.
import { cabinOfBookingClass, cabinOfCode } from './cabins';
import { birthDate, clockTime, dayMonthPattern, travelDate } from './entry-dates';
import { carrierList, emailAddress, isCity, personName, phoneNumber, splitTitle } from './entry-tokens';
import type { Recognition, RecognisedPassenger } from './recognition.types';

const availability = new RegExp(
  `^(AN|AD|SN)(${dayMonthPattern})?([A-Z]{3})([A-Z]{3})(\\d{3,4}|\\d{1,2}[APNM])?((?:/[^*/]*)*)(?:\\*(${dayMonthPattern})(\\d{3,4}|\\d{1,2}[APNM])?((?:/[^*/]*)*))?$`,
);
const fareDisplay = /^FQD([A-Z]{3})([A-Z]{3})((?:\/[^/]*)*)$/;

interface Options {
  carriers: string[];
  connections: string[];
  directOnly: boolean;
  bookingClass?: string;
  cabinCode?: string;
  date?: string;
}

/** `/ALO/CC/XFRA` → options; null when an option is malformed. */
function parseOptions(text: string, allowed: string): Options | null {
  const options: Options = { carriers: [], connections: [], directOnly: false };
  for (const option of text.split('/').slice(1)) {
    const code = option[0];
    const value = option.slice(1);
    if (code === undefined || !allowed.includes(code)) return null;
    if (value.startsWith('-')) {
      if (!/^-[A-Z0-9,]+$/.test(value)) return null;
      continue;
    }
    switch (code) {
      case 'A': {
        const carriers = carrierList(value);
        if (!carriers) return null;
        options.carriers.push(...carriers);
        break;
      }
      case 'C':
        if (!/^[A-Z]$/.test(value)) return null;
        options.bookingClass = value;
        break;
      case 'K':
        if (!/^[FCWMY]$/.test(value)) return null;
        options.cabinCode = value;
        break;
      case 'F':
        if (!/^[NDC]$/.test(value)) return null;
        options.directOnly = value !== 'C';
        break;
      case 'X': {
        const cities = value.split(',');
        if (!cities.every(isCity)) return null;
        options.connections.push(...cities);
        break;
      }
      case 'B':
        if (!/^\d{1,2}$/.test(value)) return null;
        break;
      case 'O':
        if (value !== '') return null;
        break;
      case 'D':
        if (!new RegExp(`^${dayMonthPattern}$`).test(value)) return null;
        options.date = value;
        break;
      case 'R':
      case 'I':
        if (!/^[A-Z0-9,-]*$/.test(value)) return null;
        break;
    }
  }
  return options;
}

const cabinOf = (options: Options) =>
  options.cabinCode !== undefined
    ? cabinOfCode(options.cabinCode)
    : options.bookingClass !== undefined
      ? cabinOfBookingClass(options.bookingClass)
      : undefined;

const classFields = (options: Options) => ({
  ...(options.bookingClass !== undefined ? { bookingClass: options.bookingClass } : {}),
  ...(options.cabinCode !== undefined ? { cabinCode: options.cabinCode } : {}),
});

function parseAvailability(entry: string, today: Date, requireDate: boolean): Recognition | null {
  const match = availability.exec(entry);
  if (!match) return null;
  const [, , date, origin, destination, time, optionText, returnText, , returnOptions] = match;
  if (origin === destination || (requireDate && date === undefined)) return null;
  const departureDate = date === undefined ? travelDate(todayText(today), today) : travelDate(date, today);
  const options = parseOptions(optionText ?? '', 'ACKFXBO');
  if (!departureDate || !options || (returnOptions && !parseOptions(returnOptions, 'ACKFXBO'))) return null;
  const departureTime = time === undefined ? undefined : clockTime(time);
  if (time !== undefined && !departureTime) return null;
  let returnDate: string | undefined;
  if (returnText !== undefined) {
    returnDate = travelDate(returnText, new Date(`${departureDate}T00:00:00Z`));
    if (!returnDate) return null;
  }
  const cabin = cabinOf(options);
  return {
    kind: 'availability',
    dialect: 'amadeus',
    entry,
    departureDate,
    origin: origin!,
    destination: destination!,
    carriers: options.carriers,
    ...(cabin ? { cabin } : {}),
    connections: options.connections,
    directOnly: options.directOnly,
    ...(departureTime ? { departureTime } : {}),
    ...(returnDate ? { returnDate } : {}),
    ...classFields(options),
  };
}

const monthNames = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const todayText = (today: Date) => `${today.getUTCDate()}${monthNames[today.getUTCMonth()]}`;

function parseFareDisplay(entry: string, today: Date): Recognition | null {
  const match = fareDisplay.exec(entry);
  if (!match) return null;
  const [, origin, destination, optionText] = match;
  const options = parseOptions(optionText ?? '', 'ACKDRI');
  if (!options || origin === destination) return null;
  const departureDate = options.date === undefined ? undefined : travelDate(options.date, today);
  if (options.date !== undefined && !departureDate) return null;
  const cabin = cabinOf(options);
  return {
    kind: 'fare_display',
    dialect: 'amadeus',
    entry,
    ...(departureDate ? { departureDate } : {}),
    origin: origin!,
    destination: destination!,
    carriers: options.carriers,
    ...(cabin ? { cabin } : {}),
    ...classFields(options),
  };
}

/** One first-name element with its qualifiers: `JAN MR`, `ANNA(CHD/01JAN18)`, `EWA MRS(INFADAM/01JAN25)`. */
function parseTraveller(lastName: string, text: string, today: Date): RecognisedPassenger[] | null {
  const match = /^([^()]+?)\s*((?:\([^()]*\))*)$/.exec(text);
  if (!match) return null;
  const named = splitTitle(match[1]!);
  if (!named) return null;
  const passenger: RecognisedPassenger = { lastName, ...named, type: 'ADT' };
  const infants: RecognisedPassenger[] = [];
  for (const [, qualifier] of match[2]!.matchAll(/\(([^()]*)\)/g)) {
    const parts = qualifier!.split('/');
    const head = parts[0]!;
    if (head === 'ADT') continue;
    if (head === 'CHD') {
      passenger.type = 'CHD';
      if (parts.length > 2) return null;
      if (parts[1] !== undefined) {
        const born = birthDate(parts[1], today);
        if (!born) return null;
        passenger.birthDate = born;
      }
    } else if (head.startsWith('INF')) {
      const rest = [head.slice(3), ...parts.slice(1)];
      const born = rest.length > 1 ? birthDate(rest[rest.length - 1]!, today) : undefined;
      if (born) rest.pop();
      const names = rest[0] === '' ? rest.slice(1) : rest;
      if (names.length > 2) return null;
      const infantLast = names.length === 2 ? personName(names[0]!) : lastName;
      const infantFirst = names.length === 0 ? undefined : splitTitle(names[names.length - 1]!);
      if (!infantLast || !infantFirst) return null;
      infants.push({ lastName: infantLast, ...infantFirst, type: 'INF', ...(born ? { birthDate: born } : {}) });
    } else if (!/^(?:ID|YTH|YCD|MIL|STU)/.test(head)) return null;
  }
  return [passenger, ...infants];
}

function parseNames(entry: string, today: Date): Recognition | null {
  if (!entry.startsWith('NM')) return null;
  const groups = entry
    .slice(2)
    .trim()
    .split(/\s+(?=\d+[A-Z])/);
  const passengers: RecognisedPassenger[] = [];
  for (const group of groups) {
    const match = /^(\d{1,2})([A-Z][A-Z' -]*?)\/(.+)$/.exec(group);
    if (!match) return null;
    const lastName = personName(match[2]!);
    if (!lastName) return null;
    // Slashes inside the parentheses belong to the qualifier, not to the list of first names.
    const elements = match[3]!.split(/\/(?![^()]*\))/);
    if (elements.length !== Number(match[1])) return null;
    for (const element of elements) {
      const travellers = parseTraveller(lastName, element, today);
      if (!travellers) return null;
      passengers.push(...travellers);
    }
  }
  return passengers.length ? { kind: 'pnr_names', dialect: 'amadeus', entry, passengers } : null;
}

function parseContact(entry: string): Recognition | null {
  const match = /^AP([EMBHAN]?)(?:\s*-\s*|\s+|(?=[0-9+]))(.+)$/.exec(entry);
  if (!match) return null;
  const [, type, value] = match;
  if (type === 'E' || value!.includes('@')) {
    const email = emailAddress(value!);
    return email ? { kind: 'pnr_contact', dialect: 'amadeus', entry, email } : null;
  }
  // An optional city code before the number and a type letter after it (-B business, -H home, -M mobile…).
  const phoneText = /^(?:[A-Z]{3}\s+)?(\+?[0-9][0-9 ()-]*?)(?:\s*-\s*[A-Z])?(?:\s*\/.*)?$/.exec(value!.trim());
  const phone = phoneText ? phoneNumber(phoneText[1]!) : undefined;
  return phone ? { kind: 'pnr_contact', dialect: 'amadeus', entry, phone } : null;
}

/** The Amadeus recognition of one entry (no prompt, no response text), or null. `requireDate` refuses
 *  an availability entry without its date (text from any page: `ANYWHERE` is a word, not AN YWH ERE). */
export function parseAmadeusEntry(entry: string, today: Date, requireDate = false): Recognition | null {
  return (
    parseAvailability(entry, today, requireDate) ??
    parseFareDisplay(entry, today) ??
    parseNames(entry, today) ??
    parseContact(entry)
  );
}
