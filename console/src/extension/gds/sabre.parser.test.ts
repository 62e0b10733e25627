import { describe, expect, it } from 'vitest';
import { parseSabreEntry } from './sabre.parser';

const today = new Date('2026-11-26T10:00:00Z');
const parse = (entry: string) => parseSabreEntry(entry, today);

describe('Sabre availability entries (1)', () => {
  it('reads date, city pair, airline after the Cross of Lorraine and a class', () => {
    expect(parse('115DECKBPWAW¥LO/C')).toEqual({
      kind: 'availability',
      dialect: 'sabre',
      entry: '115DECKBPWAW¥LO/C',
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

  it('accepts every form the Cross of Lorraine and the Change key take on a web page', () => {
    for (const entry of [
      '115DECKBPWAW12P‡LO',
      '115DECKBPWAW12P¥LO',
      "115DECKBPWAW12P'LO",
      '115DECKBPWAW12P¤LO',
      '115DECKBPWAW12P[LO',
    ])
      expect(parse(entry), entry).toMatchObject({ carriers: ['LO'], departureTime: '12:00' });
  });

  it('reads several airlines run together, a class after a hyphen, times and ranges', () => {
    expect(parse('123JUNSFOLAX¥UADLAA')).toMatchObject({ carriers: ['UA', 'DL', 'AA'], departureDate: '2027-06-23' });
    expect(parse('123JUNMADSJU10A-K')).toMatchObject({ departureTime: '10:00', bookingClass: 'K', cabin: 'economy' });
    expect(parse('131JULSLCCVG11A-1P')).toMatchObject({ departureTime: '11:00' });
    expect(parse('123JUNSFOLAX700-900')).toMatchObject({ departureTime: '07:00' });
    expect(parse('115DECKBPWAW1300')).toMatchObject({ departureTime: '13:00' });
  });

  it('reads connection cities (after the time or after a slash) and direct-only', () => {
    expect(parse('115DECKBPLIS/FRA')).toMatchObject({ connections: ['FRA'] });
    expect(parse('128SEPORDSAN1PDEN')).toMatchObject({ connections: ['DEN'], departureTime: '13:00' });
    expect(parse('115DECKBPLISFRAMUC¥LH')).toMatchObject({ connections: ['FRA', 'MUC'], carriers: ['LH'] });
    expect(parse('115DECKBPWAW/D')).toMatchObject({ directOnly: true });
  });

  it('takes today when the date is left out, as Sabre does', () => {
    expect(parse('1KBPWAW')).toMatchObject({ departureDate: '2026-11-26' });
    expect(parseSabreEntry('1KBPWAW', today, true)).toBeNull();
  });

  it('rejects response lines and malformed entries', () => {
    for (const garbage of [
      '1LO752',
      '1 LO 752 C4 D4',
      '115DECKBPWAW¥L',
      '115DECKBPWAW¥LO¥',
      '132DECKBPWAW',
      '115DECKBPKBP',
      '115DECKBPWAW-CC',
      '115DECKBPWAW/FR',
      '1',
      '12',
    ])
      expect(parse(garbage), garbage).toBeNull();
  });
});

describe('Sabre fare display entries (FQ)', () => {
  it('reads city pair, date and airline', () => {
    expect(parse('FQKBPWAW15DEC-LO')).toEqual({
      kind: 'fare_display',
      dialect: 'sabre',
      entry: 'FQKBPWAW15DEC-LO',
      departureDate: '2026-12-15',
      origin: 'KBP',
      destination: 'WAW',
      carriers: ['LO'],
    });
  });

  it('reads a return date and a booking-class qualifier, ignoring other qualifiers', () => {
    expect(parse('FQKBPWAW15DECR20DEC-LO‡RT')).toMatchObject({ returnDate: '2026-12-20', carriers: ['LO'] });
    expect(parse('FQKBPWAW15DEC¥BC')).toMatchObject({ bookingClass: 'C', cabin: 'business' });
    expect(parse('FQKBPWAW')).toMatchObject({ kind: 'fare_display', carriers: [] });
  });

  it('rejects malformed fare displays', () => {
    for (const garbage of ['FQKBP', 'FQKBPWAW45DEC', 'FQKBPWAW15DEC-L', 'FQKBPWAW15DEC/LO'])
      expect(parse(garbage)).toBeNull();
  });
});

describe('Sabre name entries (-)', () => {
  it('reads a name with a title', () => {
    expect(parse('-KOWALSKI/JAN MR')).toEqual({
      kind: 'pnr_names',
      dialect: 'sabre',
      entry: '-KOWALSKI/JAN MR',
      passengers: [{ lastName: 'KOWALSKI', firstName: 'JAN', title: 'MR', type: 'ADT' }],
    });
  });

  it('reads several first names with a count, a child with its age, an infant', () => {
    expect(parse('-2SMITH/JOHN/JANE')).toMatchObject({
      passengers: [
        { lastName: 'SMITH', firstName: 'JOHN', type: 'ADT' },
        { lastName: 'SMITH', firstName: 'JANE', type: 'ADT' },
      ],
    });
    expect(parse('-SMITH/TOMMY*C05')).toMatchObject({
      passengers: [{ firstName: 'TOMMY', type: 'CHD', age: { years: 5 } }],
    });
    expect(parse('-I/SMITH/BABY*I')).toMatchObject({ passengers: [{ lastName: 'SMITH', type: 'INF' }] });
    expect(parse('-SMITH/BABY*I12')).toMatchObject({ passengers: [{ type: 'INF', age: { months: 12 } }] });
  });

  it('rejects a wrong count and malformed names', () => {
    for (const garbage of ['-2SMITH/JOHN', '-SMITH', '-/JOHN', '----', '-SMITH/JOHN*C05*X', '-SM1TH/JOHN'])
      expect(parse(garbage), garbage).toBeNull();
  });
});

describe('Sabre contact entries (9, PE)', () => {
  it('reads a phone with a city and a type letter', () => {
    expect(parse('9WAW48221234567-A')).toEqual({
      kind: 'pnr_contact',
      dialect: 'sabre',
      entry: '9WAW48221234567-A',
      phone: '48221234567',
    });
    expect(parse('9406-222-3333-H')).toMatchObject({ phone: '4062223333' });
  });

  it('reads an e-mail between Crosses of Lorraine, in each form', () => {
    for (const entry of ['PE¥JAN@EXAMPLE.COM¥', 'PE‡JAN@EXAMPLE.COM‡', "PE'JAN@EXAMPLE.COM'"])
      expect(parse(entry), entry).toMatchObject({ email: 'jan@example.com' });
  });

  it('rejects malformed contacts', () => {
    for (const garbage of ['9', '9ABC', '912', 'PE¥JAN¥', 'PEJAN@EXAMPLE.COM'])
      expect(parse(garbage), garbage).toBeNull();
  });
});
