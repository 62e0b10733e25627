// What the booking form holds for a searched fare, and how it becomes the API's BookingCreate: one
// passenger per traveller of the search (the type is the search's, fixed), named as on the travel
// document, and the contacts airlines require (both email and phone: no ADM for missing contact
// data). Field keys are the request's JSON pointers (`/passengers/0/first_name`), so the server's
// `source.pointer` lands on the same field as a check made here.
import type { BookingCreate, BookingPassengerInputTitle, OfferSearchRequest, PassengerType } from '@contrail/sdk';

/** Today's date, `YYYY-MM-DD` (UTC): no birthdate may be after it. */
export const today = () => new Date().toISOString().slice(0, 10);

export const passengerTitles: readonly BookingPassengerInputTitle[] = ['MR', 'MRS', 'MS', 'MSTR', 'MISS'];

export interface PassengerDraft {
  type: PassengerType;
  title: BookingPassengerInputTitle | '';
  first_name: string;
  last_name: string;
  birthdate: string;
}

export interface BookingDraft {
  passengers: PassengerDraft[];
  email: string;
  phone: string;
}

export type BookingErrors = Record<string, string>;

export interface BookingCheckTexts {
  required: string;
  latinLetters: string;
  email: string;
  phone: string;
  futureBirthdate: string;
  age: Record<PassengerType, string>;
}

// The contract's patterns (BookingPassengerInput, BookingContacts).
const namePattern = /^[A-Za-z][A-Za-z '-]*$/;
const phonePattern = /^\+?[0-9][0-9 ()-]{5,24}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const emptyPassenger = (type: PassengerType): PassengerDraft => ({
  type,
  title: '',
  first_name: '',
  last_name: '',
  birthdate: '',
});

/** Adults first, then children, then infants: as many of each as the search asked for. */
export function initialBookingDraft(passengers: OfferSearchRequest['passengers']): BookingDraft {
  const of = (type: PassengerType, count: number) => Array.from({ length: count }, () => emptyPassenger(type));
  return {
    passengers: [
      ...of('ADT', passengers.adults),
      ...of('CHD', passengers.children ?? 0),
      ...of('INF', passengers.infants ?? 0),
    ],
    email: '',
    phone: '',
  };
}

export function toBookingCreate(draft: BookingDraft, fareId: string, searchResultId: string): BookingCreate {
  return {
    fare_id: fareId,
    search_result_id: searchResultId,
    passengers: draft.passengers.map((p) => ({
      type: p.type,
      first_name: p.first_name.trim(),
      last_name: p.last_name.trim(),
      birthdate: p.birthdate,
      ...(p.title ? { title: p.title } : {}),
    })),
    contacts: { email: draft.email.trim(), phone: draft.phone.trim() },
  };
}

/** Full years from `birthdate` to `day` (both `YYYY-MM-DD`). */
export function ageOn(birthdate: string, day: string): number {
  const [by, bm, bd] = birthdate.split('-').map(Number) as [number, number, number];
  const [dy, dm, dd] = day.split('-').map(Number) as [number, number, number];
  return dy - by - (dm < bm || (dm === bm && dd < bd) ? 1 : 0);
}

/** Whether someone of this age travels as this type: adult 12+, child 2–11, infant under 2. */
function fitsType(type: PassengerType, age: number): boolean {
  if (type === 'ADT') return age >= 12;
  if (type === 'CHD') return age >= 2 && age < 12;
  return age < 2;
}

/**
 * What the server would refuse anyway, said before sending: missing or non-Latin names, a
 * birthdate in the future or not matching the passenger type on the day of the first flight,
 * and contacts that are missing or malformed.
 */
export function checkBookingDraft(
  draft: BookingDraft,
  context: { today: string; firstDeparture: string },
  texts: BookingCheckTexts,
): BookingErrors {
  const errors: BookingErrors = {};
  draft.passengers.forEach((p, index) => {
    const at = (key: string) => `/passengers/${index}/${key}`;
    for (const key of ['first_name', 'last_name'] as const) {
      const value = p[key].trim();
      if (!value) errors[at(key)] = texts.required;
      else if (!namePattern.test(value)) errors[at(key)] = texts.latinLetters;
    }
    if (!p.birthdate) errors[at('birthdate')] = texts.required;
    else if (p.birthdate > context.today) errors[at('birthdate')] = texts.futureBirthdate;
    else if (!fitsType(p.type, ageOn(p.birthdate, context.firstDeparture))) errors[at('birthdate')] = texts.age[p.type];
  });
  const email = draft.email.trim();
  if (!email) errors['/contacts/email'] = texts.required;
  else if (!emailPattern.test(email)) errors['/contacts/email'] = texts.email;
  const phone = draft.phone.trim();
  if (!phone) errors['/contacts/phone'] = texts.required;
  else if (!phonePattern.test(phone)) errors['/contacts/phone'] = texts.phone;
  return errors;
}

/** The pointers the form has a field for. */
export function bookingFieldKeys(draft: BookingDraft): Set<string> {
  const keys = new Set(['/contacts/email', '/contacts/phone']);
  draft.passengers.forEach((_p, index) => {
    for (const key of ['title', 'first_name', 'last_name', 'birthdate']) keys.add(`/passengers/${index}/${key}`);
  });
  return keys;
}
