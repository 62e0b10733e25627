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
};
const context = { today: '2026-05-01', firstDeparture: '2026-06-10' };

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
    const body = toBookingCreate(draft, 'fr_1', 'srch_1');
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
    const split = splitSearchError(error, bookingFieldKeys(draft));
    expect(split.fields).toEqual({ '/contacts/phone': 'phone is malformed' });
    expect(split.others).toEqual(['The fare is for 1 ADT.']);
  });
});
