// Travelport cryptic entries (Smartpoint, Galileo formats, with the Apollo carrier and direct
// modifiers Smartpoint also takes), one entry at a time:
//   availability   A [date] CITYPAIR [time] [.connection…] [/carrier…] [+carrier…] [@class] [/D or # direct]
//                  e.g. A15DECKBPWAW/LO@C, A15DECKBPWAW12P.FRA, A15DECKBPWAW+LO#
//   fare display   FD CITYPAIR date [/carriers] [@class] [-cabin] or FD date CITYPAIR …
//                  e.g. FDKBPWAW15DEC/LO, FD15DECKBPWAW/LO/LH@C
//   names          N.KOWALSKI/JAN MR, N.KOWALSKI/JANMR, N.3MAYA/RMR/DMRS/PMR, N.SMITH/TOM*CHD,
//                  N.SMITH/TOMMSTR*C05, N.I/SMITH/ADAMMSTR*12MTHS or *DOB01JAN25
//   contacts       P.WAWT*48221234567, P.WAWB*22 123 4567, P.WAWE*JAN//EXAMPLE.COM, MT.JAN//EXAMPLE.COM
// Galileo types `@` in an e-mail as `//` and `_` as `--`; both forms are read. Anything else gives null.
import { cabinOfBookingClass, cabinOfCode } from './cabins';
import { birthDate, clockTime, dayMonthPattern, travelDate } from './entry-dates';
import { carrierList, emailAddress, isCity, personName, phoneNumber, splitTitle } from './entry-tokens';
import type { Recognition, RecognisedPassenger } from './recognition.types';

const availability = new RegExp(
  `^A(${dayMonthPattern})?([A-Z]{3})([A-Z]{3})(\\d{3,4}|\\d{1,4}[APNM])?((?:[./+@][A-Z0-9]*)*)(#?)$`,
);
const fareDisplay = new RegExp(
  `^FD(?:([A-Z]{3})([A-Z]{3})(${dayMonthPattern})|(${dayMonthPattern})([A-Z]{3})([A-Z]{3}))((?:[/@-][A-Z0-9]*)*)$`,
);

interface Modifiers {
  carriers: string[];
  connections: string[];
  directOnly: boolean;
  bookingClass?: string;
  cabinCode?: string;
}

function parseModifiers(text: string): Modifiers | null {
  const modifiers: Modifiers = { carriers: [], connections: [], directOnly: false };
  for (const [, key, value] of text.matchAll(/([./+@-])([A-Z0-9]*)/g)) {
    if (key === '.') {
      if (!isCity(value!)) return null;
      modifiers.connections.push(value!);
    } else if (key === '@') {
      if (!/^[A-Z]$/.test(value!)) return null;
      modifiers.bookingClass = value;
    } else if (key === '-') {
      if (!/^[FCWY]$/.test(value!)) return null;
      modifiers.cabinCode = value;
    } else if (key === '/' && value === 'D') modifiers.directOnly = true;
    else {
      const carriers = carrierList(value!);
      if (!carriers) return null;
      modifiers.carriers.push(...carriers);
    }
  }
  return modifiers;
}

const cabinOf = (m: Modifiers) =>
  m.cabinCode ? cabinOfCode(m.cabinCode) : m.bookingClass ? cabinOfBookingClass(m.bookingClass) : undefined;

function parseAvailability(entry: string, today: Date, requireDate: boolean): Recognition | null {
  const match = availability.exec(entry);
  if (!match) return null;
  const [, date, origin, destination, time, modifierText, hash] = match;
  if (origin === destination || (requireDate && date === undefined)) return null;
  const departureDate = date === undefined ? today.toISOString().slice(0, 10) : travelDate(date, today);
  const modifiers = parseModifiers(modifierText ?? '');
  if (!departureDate || !modifiers || modifiers.cabinCode) return null;
  const departureTime = time === undefined ? undefined : clockTime(time);
  if (time !== undefined && !departureTime) return null;
  const cabin = cabinOf(modifiers);
  return {
    kind: 'availability',
    dialect: 'travelport',
    entry,
    departureDate,
    origin: origin!,
    destination: destination!,
    carriers: modifiers.carriers,
    ...(cabin ? { cabin } : {}),
    connections: modifiers.connections,
    directOnly: modifiers.directOnly || hash === '#',
    ...(departureTime ? { departureTime } : {}),
    ...(modifiers.bookingClass ? { bookingClass: modifiers.bookingClass } : {}),
  };
}

function parseFareDisplay(entry: string, today: Date): Recognition | null {
  const match = fareDisplay.exec(entry);
  if (!match) return null;
  const origin = match[1] ?? match[5];
  const destination = match[2] ?? match[6];
  const departureDate = travelDate((match[3] ?? match[4])!, today);
  const modifiers = parseModifiers(match[7] ?? '');
  if (!departureDate || !modifiers || origin === destination || modifiers.connections.length || modifiers.directOnly)
    return null;
  const cabin = cabinOf(modifiers);
  return {
    kind: 'fare_display',
    dialect: 'travelport',
    entry,
    departureDate,
    origin: origin!,
    destination: destination!,
    carriers: modifiers.carriers,
    ...(cabin ? { cabin } : {}),
    ...(modifiers.bookingClass ? { bookingClass: modifiers.bookingClass } : {}),
    ...(modifiers.cabinCode ? { cabinCode: modifiers.cabinCode } : {}),
  };
}

/** A name remark: `*CHD`, `*C05`, `*INF`, `*12MTHS`, `*DOB01JAN25`, `*ADT`. */
function typeOfRemark(remark: string | undefined, infant: boolean, today: Date): Partial<RecognisedPassenger> | null {
  const base: Partial<RecognisedPassenger> = { type: infant ? 'INF' : 'ADT' };
  if (remark === undefined) return base;
  for (const part of remark.trim().split(/\s+/)) {
    const child = /^C(\d{2})$/.exec(part);
    const months = /^(\d{1,2})MTHS?$/.exec(part);
    const dob = /^DOB(.+)$/.exec(part);
    if (part === 'CHD' || part === 'CNN') base.type = 'CHD';
    else if (child) Object.assign(base, { type: 'CHD', age: { years: Number(child[1]) } });
    else if (part === 'INF') base.type = 'INF';
    else if (months) base.age = { months: Number(months[1]) };
    else if (dob) {
      const born = birthDate(dob[1]!, today);
      if (!born) return null;
      base.birthDate = born;
    } else if (part !== 'ADT') return null;
  }
  return base;
}

function parseNames(entry: string, today: Date): Recognition | null {
  const match = /^N\.(\d{1,2})?(I\/)?([A-Z][A-Z' -]*?)\/(.+)$/.exec(entry);
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
    const named = splitTitle(nameText!, true);
    const kind = typeOfRemark(remark, infantMark !== undefined, today);
    if (!named || !kind) return null;
    passengers.push({ lastName, ...named, type: 'ADT', ...kind });
  }
  return { kind: 'pnr_names', dialect: 'travelport', entry, passengers };
}

function parseContact(entry: string): Recognition | null {
  const mail = /^MT\.(.+)$/.exec(entry);
  if (mail) {
    const email = emailAddress(mail[1]!);
    return email ? { kind: 'pnr_contact', dialect: 'travelport', entry, email } : null;
  }
  // P. city type* number — type T agency, B business, H home, M mobile, F fax, E e-mail.
  const phone = /^P\.(?:[A-Z]{3})?([TBHMFAE])\*(.+)$/.exec(entry);
  if (!phone) return null;
  const [, type, value] = phone;
  if (type === 'E' || value!.includes('//') || value!.includes('@')) {
    const email = emailAddress(value!);
    return email ? { kind: 'pnr_contact', dialect: 'travelport', entry, email } : null;
  }
  const number = phoneNumber(value!.replace(/\s+(?:EXT|X)\s*\d+$/, ''));
  return number ? { kind: 'pnr_contact', dialect: 'travelport', entry, phone: number } : null;
}

/** The Travelport recognition of one entry (no prompt, no response text), or null. `requireDate`
 *  refuses an availability entry without its date (text from any page: `ABANDON` is not A BAN DON). */
export function parseTravelportEntry(entry: string, today: Date, requireDate = false): Recognition | null {
  return (
    parseAvailability(entry, today, requireDate) ??
    parseFareDisplay(entry, today) ??
    parseNames(entry, today) ??
    parseContact(entry)
  );
}
