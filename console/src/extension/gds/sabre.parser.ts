// Sabre cryptic entries (Sabre Red 360), one entry at a time. Sabre's special keys reach a web page
// as characters: the Cross of Lorraine as `‡` or `¥` (its keyboard substitute `'`), the Change key
// as `¤` (substitute `[`); both forms are accepted wherever Sabre takes the key.
//   availability   1 [date] CITYPAIR [time | time-time] [connection city…] [¥carriers | ¤carrier]
//                  [-class | /class] [/D direct] [/connection city]
//                  e.g. 115DECKBPWAW¥LO/C, 115DECKBPWAW12P‡LO, 115DECKBPLIS/FRA, 128SEPORDSAN1PDEN
//   fare display   FQ CITYPAIR [date] [R return date] [-carriers] [¥qualifiers]
//                  e.g. FQKBPWAW15DEC-LO, FQKBPWAW15DECR20DEC-LO‡RT
//   names          -KOWALSKI/JAN MR, -2SMITH/JOHN/JANE, -SMITH/TOMMY*C05, -I/SMITH/BABY*I or *INF
//   contacts       9WAW48221234567-A, 9406-222-3333-H, PE¥JAN@EXAMPLE.COM¥
// Anything else gives null.
import { cabinOfBookingClass } from './cabins';
import { clockTime, dayMonthPattern, travelDate } from './entry-dates';
import { carrierList, emailAddress, isCity, personName, phoneNumber, splitTitle } from './entry-tokens';
import type { Recognition, RecognisedPassenger } from './recognition.types';

const lorraine = "[‡¥']";
const time = '\\d{3,4}|\\d{1,4}[APNM]';
const availability = new RegExp(
  `^1(${dayMonthPattern})?([A-Z]{3})([A-Z]{3})(?:(${time})(?:-(?:${time}))?)?((?:[A-Z]{3}){0,2})((?:${lorraine}|[¤[]|[-/])[^]*)?$`,
);
const fareDisplay = new RegExp(
  `^FQ([A-Z]{3})([A-Z]{3})(${dayMonthPattern})?(?:R(${dayMonthPattern}))?((?:-|${lorraine})[^]*)?$`,
);

interface Qualifiers {
  carriers: string[];
  connections: string[];
  directOnly: boolean;
  bookingClass?: string;
}

/** `¥LO/C`, `‡LOLH-Y/D`, `¤LO`, `/FRA` → qualifiers; null on anything Sabre would refuse. */
function parseQualifiers(text: string): Qualifiers | null {
  const qualifiers: Qualifiers = { carriers: [], connections: [], directOnly: false };
  for (const [, key, value] of text.matchAll(/([‡¥'¤[/-])([^‡¥'¤[/-]*)/g)) {
    if (key === '-' || (key === '/' && /^[A-Z]$/.test(value!) && value !== 'D')) {
      if (!/^[A-Z]$/.test(value!)) return null;
      qualifiers.bookingClass = value;
    } else if (key === '/' && value === 'D') qualifiers.directOnly = true;
    else if (key === '/') {
      if (!isCity(value!)) return null;
      qualifiers.connections.push(value!);
    } else {
      const carriers = carrierList(value!);
      if (!carriers) return null;
      qualifiers.carriers.push(...carriers);
    }
  }
  // matchAll skips what it cannot match; the qualifiers must be the whole text.
  return text.replace(/([‡¥'¤[/-])([^‡¥'¤[/-]*)/g, '') === '' ? qualifiers : null;
}

function parseAvailability(entry: string, today: Date, requireDate: boolean): Recognition | null {
  const match = availability.exec(entry);
  if (!match) return null;
  const [, date, origin, destination, from, cities, qualifierText] = match;
  if (origin === destination || (requireDate && date === undefined)) return null;
  // Without a date Sabre shows today's flights.
  const departureDate = date === undefined ? isoDay(today) : travelDate(date, today);
  const qualifiers = parseQualifiers(qualifierText ?? '');
  if (!departureDate || !qualifiers) return null;
  const departureTime = from === undefined ? undefined : clockTime(from);
  if (from !== undefined && !departureTime) return null;
  const connections = [...(cities?.match(/.{3}/g) ?? []), ...qualifiers.connections];
  const cabin = qualifiers.bookingClass ? cabinOfBookingClass(qualifiers.bookingClass) : undefined;
  return {
    kind: 'availability',
    dialect: 'sabre',
    entry,
    departureDate,
    origin: origin!,
    destination: destination!,
    carriers: qualifiers.carriers,
    ...(cabin ? { cabin } : {}),
    connections,
    directOnly: qualifiers.directOnly,
    ...(departureTime ? { departureTime } : {}),
    ...(qualifiers.bookingClass ? { bookingClass: qualifiers.bookingClass } : {}),
  };
}

const isoDay = (today: Date) => today.toISOString().slice(0, 10);

function parseFareDisplay(entry: string, today: Date): Recognition | null {
  const match = fareDisplay.exec(entry);
  if (!match) return null;
  const [, origin, destination, date, returnText, rest] = match;
  if (origin === destination) return null;
  const departureDate = date === undefined ? undefined : travelDate(date, today);
  if (date !== undefined && !departureDate) return null;
  const returnDate =
    returnText === undefined
      ? undefined
      : travelDate(returnText, new Date(`${departureDate ?? isoDay(today)}T00:00:00Z`));
  if (returnText !== undefined && !returnDate) return null;
  // `-LO` (or `-LOLH`) names the airlines; what follows a Cross of Lorraine are fare qualifiers
  // (‡RT round trip, ‡PCNN passenger type, ‡BC booking class…), read for the class only.
  const parts = /^(?:-([A-Z0-9]+))?((?:[‡¥'][A-Z0-9*-]+)*)$/.exec(rest ?? '');
  if (!parts) return null;
  const carriers = parts[1] === undefined ? [] : carrierList(parts[1]);
  if (!carriers) return null;
  const bookingClass = /[‡¥']BK?([A-Z])(?=[‡¥']|$)/.exec(parts[2]!)?.[1];
  const cabin = bookingClass ? cabinOfBookingClass(bookingClass) : undefined;
  return {
    kind: 'fare_display',
    dialect: 'sabre',
    entry,
    ...(departureDate ? { departureDate } : {}),
    origin: origin!,
    destination: destination!,
    carriers,
    ...(cabin ? { cabin } : {}),
    ...(returnDate ? { returnDate } : {}),
    ...(bookingClass ? { bookingClass } : {}),
  };
}

/** A name element's remark: `*C05` child of 5, `*CNN`/`*CHD` child, `*I`/`*INF` infant, `*ADT`. */
function typeOfRemark(remark: string | undefined): Pick<RecognisedPassenger, 'type' | 'age'> | null {
  if (remark === undefined || remark === 'ADT') return { type: 'ADT' };
  const child = /^(?:P-)?C(\d{2})$/.exec(remark);
  if (child) return { type: 'CHD', age: { years: Number(child[1]) } };
  if (remark === 'CNN' || remark === 'CHD') return { type: 'CHD' };
  if (remark === 'I' || remark === 'INF') return { type: 'INF' };
  const infant = /^I(\d{2})(?:MTHS?)?$/.exec(remark);
  if (infant) return { type: 'INF', age: { months: Number(infant[1]) } };
  return /^[A-Z0-9]{1,20}$/.test(remark) ? { type: 'ADT' } : null;
}

function parseNames(entry: string): Recognition | null {
  const match = /^-(\d{1,2})?(I\/)?([A-Z][A-Z' -]*?)\/(.+)$/.exec(entry);
  if (!match) return null;
  const [, count, infantMark, surname, rest] = match;
  const lastName = personName(surname!);
  if (!lastName) return null;
  const elements = rest!.split('/');
  if (count !== undefined && Number(count) !== elements.length) return null;
  const passengers: RecognisedPassenger[] = [];
  for (const element of elements) {
    const [nameText, remark, extra] = element.split('*');
    if (extra !== undefined) return null;
    const named = splitTitle(nameText!);
    const kind = typeOfRemark(remark);
    if (!named || !kind) return null;
    passengers.push({ lastName, ...named, ...kind, ...(infantMark ? { type: 'INF' } : {}) });
  }
  return { kind: 'pnr_names', dialect: 'sabre', entry, passengers };
}

function parseContact(entry: string): Recognition | null {
  const email = new RegExp(`^PE${lorraine}(.+?)${lorraine}?$`).exec(entry);
  if (email) {
    const address = emailAddress(email[1]!);
    return address ? { kind: 'pnr_contact', dialect: 'sabre', entry, email: address } : null;
  }
  // 9 [city] number [-type letter: A agency, B business, H home, M mobile, F fax]
  const phone = /^9(?:[A-Z]{3})?(\+?[0-9][0-9 -]*?)(?:-[A-Z])?$/.exec(entry);
  const number = phone ? phoneNumber(phone[1]!) : undefined;
  return number ? { kind: 'pnr_contact', dialect: 'sabre', entry, phone: number } : null;
}

/** The Sabre recognition of one entry (no prompt, no response text), or null. `requireDate` refuses
 *  an availability entry without its date (text from any page). */
export function parseSabreEntry(entry: string, today: Date, requireDate = false): Recognition | null {
  return (
    parseAvailability(entry, today, requireDate) ??
    parseFareDisplay(entry, today) ??
    parseNames(entry) ??
    parseContact(entry)
  );
}
