import { ApiError } from '@contrail/sdk';
import { describe, expect, it } from 'vitest';
import {
  ageOn,
  bookingFieldKeys,
  checkBookingDraft,
  initialBookingDraft,
  toBookingCreate,
  type BookingDraft,
} from './booking-draft';
import { splitSearchError } from './search-errors';

const texts = {
  required: 'Required',
  latinLetters: 'Latin letters',
  email: 'Bad email',
  phone: 'Bad phone',
  futureBirthdate: 'Future',
  age: { ADT: 'Adult 12+', CHD: 'Child 2-11', INF: 'Infant under 2' },
  documentNumber: 'Bad number',
  country: 'Bad country',
  documentExpired: 'Expires too soon',
};
const noApis = { birthdate: true, gender: false, identity_document: false } as const;
const apis = { birthdate: true, gender: true, identity_document: true } as const;
const context = {
  today: '2026-05-01',
  firstDeparture: '2026-06-10',
  lastDeparture: '2026-06-20',
  requirements: noApis,
};

function filled(): BookingDraft {
  const draft = initialBookingDraft({ adults: 1, children: 1, infants: 1 });
  const names = [
    ['Olena', 'Kovalenko', '1985-03-14'],
    ['Marta', 'Kovalenko', '2018-06-10'],
    ['Ivan', 'Kovalenko', '2025-06-11'],
  ] as const;
  draft.passengers.forEach((p, i) => {
    [p.first_name, p.last_name, p.birthdate] = names[i]!;
  });
  return { ...draft, email: 'olena@example.com', phone: '+48 600 100 200' };
}

describe('the booking form', () => {
  it('has one passenger per traveller of the search, adults first, type fixed', () => {
    const draft = initialBookingDraft({ adults: 2, infants: 1 });
    expect(draft.passengers.map((p) => p.type)).toEqual(['ADT', 'ADT', 'INF']);
  });

  it('becomes a BookingCreate with trimmed names and no empty title', () => {
    const draft = filled();
    draft.passengers[0]!.title = 'MRS';
    draft.passengers[1]!.first_name = ' Marta ';
    const body = toBookingCreate(draft, 'fr_1', 'srch_1', noApis);
    expect(body.passengers[0]).toEqual({
      type: 'ADT',
      title: 'MRS',
      first_name: 'Olena',
      last_name: 'Kovalenko',
      birthdate: '1985-03-14',
    });
    expect(body.passengers[1]).not.toHaveProperty('title');
    expect(body.passengers[1]!.first_name).toBe('Marta');
    expect(body).toMatchObject({ fare_id: 'fr_1', search_result_id: 'srch_1', contacts: { phone: '+48 600 100 200' } });
  });

  it('accepts a complete form', () => {
    expect(checkBookingDraft(filled(), context, texts)).toEqual({});
  });

  it('names each missing or malformed field by its request pointer', () => {
    const draft = filled();
    draft.passengers[0]!.first_name = '';
    draft.passengers[0]!.last_name = 'Коваленко';
    draft.passengers[1]!.birthdate = '2027-01-01';
    draft.email = 'olena@';
    draft.phone = '';
    expect(checkBookingDraft(draft, context, texts)).toEqual({
      '/passengers/0/first_name': 'Required',
      '/passengers/0/last_name': 'Latin letters',
      '/passengers/1/birthdate': 'Future',
      '/contacts/email': 'Bad email',
      '/contacts/phone': 'Required',
    });
  });

  it('checks the age for the passenger type on the day of the first flight', () => {
    expect(ageOn('2014-06-10', '2026-06-10')).toBe(12);
    expect(ageOn('2014-06-11', '2026-06-10')).toBe(11);
    const draft = filled();
    draft.passengers[0]!.birthdate = '2015-01-01';
    draft.passengers[1]!.birthdate = '2010-01-01';
    draft.passengers[2]!.birthdate = '2024-06-10';
    expect(checkBookingDraft(draft, context, texts)).toEqual({
      '/passengers/0/birthdate': 'Adult 12+',
      '/passengers/1/birthdate': 'Child 2-11',
      '/passengers/2/birthdate': 'Infant under 2',
    });
  });

  it('puts the server’s errors beside the fields they point at, the rest as notices', () => {
    const draft = filled();
    const error = new ApiError(
      422,
      [
        {
          status: '422',
          code: 'validation_failed',
          title: 'Invalid',
          detail: 'phone is malformed',
          source: { pointer: '/contacts/phone' },
        },
        {
          status: '422',
          code: 'passenger_mismatch',
          title: 'Mismatch',
          detail: 'The fare is for 1 ADT.',
          source: { pointer: '/passengers' },
        },
      ],
      undefined,
      new Headers(),
    );
    const split = splitSearchError(error, bookingFieldKeys(draft, noApis));
    expect(split.fields).toEqual({ '/contacts/phone': 'phone is malformed' });
    expect(split.others).toEqual(['The fare is for 1 ADT.']);
  });

  it('asks for gender and a travel document valid through the last flight only where the airline requires them', () => {
    const draft = filled();
    expect(checkBookingDraft(draft, context, texts)).toEqual({});
    const withApis = { ...context, requirements: apis };
    draft.passengers[1]!.gender = 'female';
    draft.passengers[1]!.identity_document = {
      type: 'passport',
      number: 'FP-12',
      issuing_country: 'Ukr',
      nationality: 'ua',
      expiry_date: '2026-06-19',
    };
    draft.passengers.forEach((p, i) => {
      if (i !== 1) p.gender = 'male';
    });
    draft.passengers[2]!.identity_document = {
      type: 'national_id',
      number: 'ab123',
      issuing_country: 'pl',
      nationality: 'PL',
      expiry_date: '2030-01-01',
    };
    draft.passengers[0]!.gender = '';
    expect(checkBookingDraft(draft, withApis, texts)).toEqual({
      '/passengers/0/gender': 'Required',
      '/passengers/0/identity_document/number': 'Required',
      '/passengers/0/identity_document/issuing_country': 'Required',
      '/passengers/0/identity_document/nationality': 'Required',
      '/passengers/0/identity_document/expiry_date': 'Required',
      '/passengers/1/identity_document/number': 'Bad number',
      '/passengers/1/identity_document/issuing_country': 'Bad country',
      '/passengers/1/identity_document/expiry_date': 'Expires too soon',
    });
    const body = toBookingCreate(draft, 'fr_1', 'srch_1', apis);
    expect(body.passengers[2]).toMatchObject({
      gender: 'male',
      identity_document: { type: 'national_id', number: 'AB123', issuing_country: 'PL', nationality: 'PL' },
    });
    // Not required: not sent, whatever the form held.
    expect(toBookingCreate(draft, 'fr_1', 'srch_1', noApis).passengers[2]).not.toHaveProperty('identity_document');
    expect(bookingFieldKeys(draft, apis)).toContain('/passengers/0/identity_document');
  });
});
