import { describe, expect, it } from 'vitest';
import { parseAmadeusEntry } from './amadeus.parser';

const today = new Date('2026-11-26T10:00:00Z');
const parse = (entry: string) => parseAmadeusEntry(entry, today);

describe('Amadeus availability and schedule entries', () => {
  it('reads date, city pair, airline and booking class (AN…/A…/C…)', () => {
    expect(parse('AN15DECKBPWAW/ALO/CC')).toEqual({
      kind: 'availability',
      dialect: 'amadeus',
      entry: 'AN15DECKBPWAW/ALO/CC',
      departureDate: '2026-12-15',
      origin: 'KBP',
      destination: 'WAW',
      carriers: ['LO'],
      cabin: 'business',
      bookingClass: 'C',
      connections: [],
      directOnly: false,
    });
  });

  it('reads a departure time and a return date (dual availability)', () => {
    expect(parse('AN15DECKBPWAW1200/ALO*20DEC')).toMatchObject({
      departureDate: '2026-12-15',
      departureTime: '12:00',
      returnDate: '2026-12-20',
      carriers: ['LO'],
    });
    expect(parse('AN15DECKBPWAW7P*20DEC9A')).toMatchObject({ departureTime: '19:00', returnDate: '2026-12-20' });
  });

  it('rolls a day-month past today into next year, and a return before departure too', () => {
    expect(parse('AN10JANKBPWAW')).toMatchObject({ departureDate: '2027-01-10' });
    expect(parse('AN26NOVKBPWAW')).toMatchObject({ departureDate: '2026-11-26' });
    expect(parse('AN28DECKBPWAW*03JAN')).toMatchObject({ departureDate: '2026-12-28', returnDate: '2027-01-03' });
    expect(parse('AN15DEC27KBPWAW')).toMatchObject({ departureDate: '2027-12-15' });
  });

  it('takes today when the date is left out, as Amadeus does', () => {
    expect(parse('ANKBPWAW')).toMatchObject({ departureDate: '2026-11-26' });
  });

  it('reads schedule (SN) and departure-ordered (AD) entries with connections and flight type', () => {
    expect(parse('SN15DECKBPLIS/XFRA/ALH')).toMatchObject({
      kind: 'availability',
      connections: ['FRA'],
      carriers: ['LH'],
      directOnly: false,
    });
    expect(parse('AD15DECKBPWAW/FN')).toMatchObject({ directOnly: true });
    expect(parse('AN15DECKBPWAW/FD')).toMatchObject({ directOnly: true });
    expect(parse('AN15DECKBPWAW/FC')).toMatchObject({ directOnly: false });
  });

  it('reads several airlines, a cabin code, and leaves exclusions out', () => {
    expect(parse('AN15DECKBPLIS/ALO,LH,TP/KY')).toMatchObject({
      carriers: ['LO', 'LH', 'TP'],
      cabin: 'economy',
      cabinCode: 'Y',
    });
    expect(parse('AN15DECKBPLIS/A-UA/X-AUH/XMUC/KF')).toMatchObject({
      carriers: [],
      connections: ['MUC'],
      cabin: 'business',
    });
    expect(parse('AN15DECKBPWAW/AS7/B2/O')).toMatchObject({ carriers: ['S7'] });
  });

  it('rejects what is not an availability entry', () => {
    for (const garbage of [
      'AN32DECKBPWAW',
      'AN31NOVKBPWAW',
      'AN15DECKBPKBP',
      'AN15DECKBPWA',
      'AN15DECKBPWAW/Q7',
      'AN15DECKBPWAW/A1',
      'AN15DECKBPWAW2500',
      'AN15DECKBPWAW/CCC',
      'AN15XYZKBPWAW',
      'AN15DECKBPWAW*40DEC',
      'AN 15DEC KBPWAW',
    ]) {
      expect(parse(garbage), garbage).toBeNull();
    }
  });
});

describe('Amadeus fare display entries', () => {
  it('reads FQD with airline, date and class', () => {
    expect(parse('FQDKBPWAW/ALO/D15DEC/CC')).toEqual({
      kind: 'fare_display',
      dialect: 'amadeus',
      entry: 'FQDKBPWAW/ALO/D15DEC/CC',
      departureDate: '2026-12-15',
      origin: 'KBP',
      destination: 'WAW',
      carriers: ['LO'],
      cabin: 'business',
      bookingClass: 'C',
    });
  });

  it('takes an FQD without a date or airline, and fare options', () => {
    expect(parse('FQDKBPWAW')).toEqual({
      kind: 'fare_display',
      dialect: 'amadeus',
      entry: 'FQDKBPWAW',
      origin: 'KBP',
      destination: 'WAW',
      carriers: [],
    });
    expect(parse('FQDKBPWAW/R,U/IL/KM')).toMatchObject({ cabin: 'economy' });
  });

  it('rejects a malformed FQD', () => {
    for (const garbage of ['FQDKBP', 'FQDKBPWAW/D45DEC', 'FQDKBPWAW/Q', 'FQDKBPKBP']) expect(parse(garbage)).toBeNull();
  });
});

describe('Amadeus name entries (NM)', () => {
  it('reads one passenger with a title', () => {
    expect(parse('NM1KOWALSKI/JAN MR')).toEqual({
      kind: 'pnr_names',
      dialect: 'amadeus',
      entry: 'NM1KOWALSKI/JAN MR',
      passengers: [{ lastName: 'KOWALSKI', firstName: 'JAN', title: 'MR', type: 'ADT' }],
    });
  });

  it('reads several first names under one surname, and several surnames', () => {
    expect(parse('NM2SMITH/JOHN MR/JANE MRS')).toMatchObject({
      passengers: [
        { lastName: 'SMITH', firstName: 'JOHN', title: 'MR', type: 'ADT' },
        { lastName: 'SMITH', firstName: 'JANE', title: 'MRS', type: 'ADT' },
      ],
    });
    expect(parse('NM1SMITH/JOHN MR 1DE LA CRUZ/ANA MARIA MS')).toMatchObject({
      passengers: [
        { lastName: 'SMITH', firstName: 'JOHN' },
        { lastName: 'DE LA CRUZ', firstName: 'ANA MARIA', title: 'MS' },
      ],
    });
  });

  it('reads a child with a date of birth', () => {
    expect(parse('NM1KOWALSKA/ANNA MISS(CHD/01JAN18)')).toMatchObject({
      passengers: [{ lastName: 'KOWALSKA', firstName: 'ANNA', title: 'MISS', type: 'CHD', birthDate: '2018-01-01' }],
    });
    expect(parse('NM1KOWALSKA/ANNA(CHD)')).toMatchObject({ passengers: [{ type: 'CHD' }] });
  });

  it('reads an infant on an adult, with its own surname or the adult’s', () => {
    expect(parse('NM1KOWALSKA/EWA MRS(INFNOWAK/ADAM/01JAN25)')).toMatchObject({
      passengers: [
        { lastName: 'KOWALSKA', firstName: 'EWA', type: 'ADT' },
        { lastName: 'NOWAK', firstName: 'ADAM', type: 'INF', birthDate: '2025-01-01' },
      ],
    });
    expect(parse('NM1NOWAK/EWA MRS(INFADAM/01JAN25)')).toMatchObject({
      passengers: [{ firstName: 'EWA' }, { lastName: 'NOWAK', firstName: 'ADAM', type: 'INF' }],
    });
  });

  it('rejects a count that does not match the names, and malformed names', () => {
    for (const garbage of [
      'NM2SMITH/JOHN MR',
      'NM1SMITH',
      'NM1/JOHN',
      'NM1SMITH/JOHN(CHD/45JAN18)',
      'NM1SM1TH/JOHN',
      'NM',
    ])
      expect(parse(garbage), garbage).toBeNull();
  });
});

describe('Amadeus contact entries (AP)', () => {
  it('reads a phone with a city code and a type letter', () => {
    expect(parse('AP WAW 48 22 1234567-B')).toEqual({
      kind: 'pnr_contact',
      dialect: 'amadeus',
      entry: 'AP WAW 48 22 1234567-B',
      phone: '48221234567',
    });
    expect(parse('APM-+48 601-234-567')).toMatchObject({ phone: '+48601234567' });
    expect(parse('AP 48221234567')).toMatchObject({ phone: '48221234567' });
  });

  it('reads an e-mail address', () => {
    expect(parse('APE-JAN@EXAMPLE.COM')).toMatchObject({ email: 'jan@example.com' });
    expect(parse('APE-JAN.KOWALSKI@MAIL.EXAMPLE.PL')).toMatchObject({ email: 'jan.kowalski@mail.example.pl' });
  });

  it('rejects free text and malformed contacts', () => {
    for (const garbage of ['AP TRAVEL AGENCY', 'APE-JAN@', 'APE-NOT AN EMAIL', 'AP 12', 'APPLE'])
      expect(parse(garbage), garbage).toBeNull();
  });
});
