// What the booking form holds for a searched fare, and how it becomes the API's BookingCreate: one
// passenger per traveller of the search (the type is the search's, fixed), named as on the travel
// document, and the contacts airlines require (both email and phone: no ADM for missing contact
// data). Field keys are the request's JSON pointers (`/passengers/0/first_name`), so the server's
// `source.pointer` lands on the same field as a check made here.
import type {
  BookingCreate,
  BookingPassengerInputTitle,
  IdentityDocumentType,
  OfferSearchRequest,
  PassengerGender,
  PassengerRequirements,
  PassengerType,
} from '@contrail/sdk';

/** Today's date, `YYYY-MM-DD` (UTC): no birthdate may be after it. */
export const today = () => new Date().toISOString().slice(0, 10);

export const passengerTitles: readonly BookingPassengerInputTitle[] = ['MR', 'MRS', 'MS', 'MSTR', 'MISS'];

export const passengerGenders: readonly PassengerGender[] = ['female', 'male'];
export const documentTypes: readonly IdentityDocumentType[] = ['passport', 'national_id'];

/** A travel document as the form holds it; its keys are those of the request's identity_document. */
export interface DocumentDraft {
  type: IdentityDocumentType;
  number: string;
  issuing_country: string;
  nationality: string;
  expiry_date: string;
}

export interface PassengerDraft {
  type: PassengerType;
  title: BookingPassengerInputTitle | '';
  first_name: string;
  last_name: string;
  birthdate: string;
  /** Advance passenger data (APIS): asked for when the fare's passenger_requirements say so. */
  gender: PassengerGender | '';
  identity_document: DocumentDraft;
}

/** A passenger's field as the request's pointer names it, below `/passengers/{index}`. */
export type PassengerField =
  Exclude<keyof PassengerDraft, 'type' | 'identity_document'> | `identity_document/${keyof DocumentDraft}`;

export const documentFields: readonly (keyof DocumentDraft)[] = [
  'type',
  'number',
  'issuing_country',
  'nationality',
  'expiry_date',
];

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
  documentNumber: string;
  country: string;
  documentExpired: string;
}

// The contract's patterns (BookingPassengerInput, BookingContacts).
const namePattern = /^[A-Za-z][A-Za-z '-]*$/;
const phonePattern = /^\+?[0-9][0-9 ()-]{5,24}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// IdentityDocument's patterns.
const documentNumberPattern = /^[A-Za-z0-9]{1,20}$/;
const countryPattern = /^[A-Z]{2}$/;

const emptyPassenger = (type: PassengerType): PassengerDraft => ({
  type,
  title: '',
  first_name: '',
  last_name: '',
  birthdate: '',
  gender: '',
  identity_document: { type: 'passport', number: '', issuing_country: '', nationality: '', expiry_date: '' },
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

export function toBookingCreate(
  draft: BookingDraft,
  fareId: string,
  searchResultId: string,
  requirements: PassengerRequirements,
): BookingCreate {
  return {
    fare_id: fareId,
    search_result_id: searchResultId,
    passengers: draft.passengers.map((p) => ({
      type: p.type,
      first_name: p.first_name.trim(),
      last_name: p.last_name.trim(),
      birthdate: p.birthdate,
      ...(p.title ? { title: p.title } : {}),
      // The form shows these fields only when the airline requires them.
      ...(requirements.gender && p.gender ? { gender: p.gender } : {}),
      ...(requirements.identity_document
        ? {
            identity_document: {
              ...p.identity_document,
              number: p.identity_document.number.trim().toUpperCase(),
              issuing_country: p.identity_document.issuing_country.trim().toUpperCase(),
              nationality: p.identity_document.nationality.trim().toUpperCase(),
            },
          }
        : {}),
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
  context: { today: string; firstDeparture: string; lastDeparture: string; requirements: PassengerRequirements },
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
    if (context.requirements.gender && !p.gender) errors[at('gender')] = texts.required;
    if (context.requirements.identity_document) {
      const doc = p.identity_document;
      const number = doc.number.trim();
      if (!number) errors[at('identity_document/number')] = texts.required;
      else if (!documentNumberPattern.test(number)) errors[at('identity_document/number')] = texts.documentNumber;
      for (const key of ['issuing_country', 'nationality'] as const) {
        const code = doc[key].trim().toUpperCase();
        if (!code) errors[at(`identity_document/${key}`)] = texts.required;
        else if (!countryPattern.test(code)) errors[at(`identity_document/${key}`)] = texts.country;
      }
      if (!doc.expiry_date) errors[at('identity_document/expiry_date')] = texts.required;
      else if (doc.expiry_date < context.lastDeparture)
        errors[at('identity_document/expiry_date')] = texts.documentExpired;
    }
  });
  const email = draft.email.trim();
  if (!email) errors['/contacts/email'] = texts.required;
  else if (!emailPattern.test(email)) errors['/contacts/email'] = texts.email;
  const phone = draft.phone.trim();
  if (!phone) errors['/contacts/phone'] = texts.required;
  else if (!phonePattern.test(phone)) errors['/contacts/phone'] = texts.phone;
  return errors;
}

/** The pointers the form has a field for (the APIS ones only when the airline requires them). */
export function bookingFieldKeys(draft: BookingDraft, requirements: PassengerRequirements): Set<string> {
  const keys = new Set(['/contacts/email', '/contacts/phone']);
  draft.passengers.forEach((_p, index) => {
    const fields: string[] = ['title', 'first_name', 'last_name', 'birthdate'];
    if (requirements.gender) fields.push('gender');
    // The server names a missing document as a whole: it lands on the number, the first field.
    if (requirements.identity_document)
      fields.push('identity_document', ...documentFields.map((key) => `identity_document/${key}`));
    for (const key of fields) keys.add(`/passengers/${index}/${key}`);
  });
  return keys;
}
