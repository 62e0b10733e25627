import { describe, expect, it } from 'vitest';
import { parseTravelportEntry } from './travelport.parser';

const today = new Date('2026-11-26T10:00:00Z');
const parse = (entry: string) => parseTravelportEntry(entry, today);

describe('Travelport availability entries (A)', () => {
  it('reads date, city pair, airline and booking class', () => {
    expect(parse('A15DECKBPWAW/LO@C')).toEqual({
      kind: 'availability',
      dialect: 'travelport',
      entry: 'A15DECKBPWAW/LO@C',
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

  it('reads the Apollo-style carrier and direct modifiers', () => {
    expect(parse('A15DECKBPWAW+LO#')).toMatchObject({ carriers: ['LO'], directOnly: true });
    expect(parse('A15DECKBPWAW/D')).toMatchObject({ directOnly: true });
  });

  it('reads times, connections and several carriers', () => {
    expect(parse('A15DECKBPWAW12P.FRA')).toMatchObject({ departureTime: '12:00', connections: ['FRA'] });
    expect(parse('A15DECKBPLIS0800.FRA.MUC/LO/LH')).toMatchObject({
      departureTime: '08:00',
      connections: ['FRA', 'MUC'],
      carriers: ['LO', 'LH'],
    });
  });

  it('takes today without a date only inside a known terminal', () => {
    expect(parse('AKBPWAW')).toMatchObject({ departureDate: '2026-11-26' });
    expect(parseTravelportEntry('ABANDON', today, true)).toBeNull();
  });

  it('rejects follow-up entries and malformed ones', () => {
    for (const garbage of [
      'A',
      'AD',
      'AR20DEC',
      'A*',
      'A15DECKBPWAW@CC',
      'A15DECKBPWAW.FR',
      'A15DECKBPWAW/L',
      'A15DECKBPKBP',
    ])
      expect(parse(garbage), garbage).toBeNull();
  });
});

describe('Travelport fare display entries (FD)', () => {
  it('reads city pair, date and airline, in either order', () => {
    expect(parse('FDKBPWAW15DEC/LO')).toEqual({
      kind: 'fare_display',
      dialect: 'travelport',
      entry: 'FDKBPWAW15DEC/LO',
      departureDate: '2026-12-15',
      origin: 'KBP',
      destination: 'WAW',
      carriers: ['LO'],
    });
    expect(parse('FD15DECKBPWAW/LO/LH@C')).toMatchObject({
      carriers: ['LO', 'LH'],
      bookingClass: 'C',
      cabin: 'business',
    });
    expect(parse('FDKBPWAW15DEC-C')).toMatchObject({ cabinCode: 'C', cabin: 'business' });
  });

  it('rejects fare displays without a date or with odd modifiers', () => {
    for (const garbage of ['FDKBPWAW', 'FDKBPWAW15DEC.FRA', 'FDKBPWAW15DEC/D', 'FDKBPWAW35DEC'])
      expect(parse(garbage)).toBeNull();
  });
});

describe('Travelport name entries (N.)', () => {
  it('reads a name with the title spaced or typed on', () => {
    const expected = [{ lastName: 'KOWALSKI', firstName: 'JAN', title: 'MR', type: 'ADT' }];
    expect(parse('N.KOWALSKI/JAN MR')).toEqual({
      kind: 'pnr_names',
      dialect: 'travelport',
      entry: 'N.KOWALSKI/JAN MR',
      passengers: expected,
    });
    expect(parse('N.KOWALSKI/JANMR')).toMatchObject({ passengers: expected });
  });

  it('reads several first names, a child and an infant with its date of birth', () => {
    expect(parse('N.3MAYA/RMR/DMRS/PMR')).toMatchObject({
      passengers: [
        { firstName: 'R', title: 'MR' },
        { firstName: 'D', title: 'MRS' },
        { firstName: 'P', title: 'MR' },
      ],
    });
    expect(parse('N.SMITH/TOM*CHD')).toMatchObject({ passengers: [{ firstName: 'TOM', type: 'CHD' }] });
    expect(parse('N.SMITH/TOMMSTR*C05')).toMatchObject({
      passengers: [{ firstName: 'TOM', title: 'MSTR', type: 'CHD', age: { years: 5 } }],
    });
    expect(parse('N.I/JOHNSON/PAULAMISS*05MTHS DOB01JUN26')).toMatchObject({
      passengers: [{ lastName: 'JOHNSON', firstName: 'PAULA', title: 'MISS', type: 'INF', birthDate: '2026-06-01' }],
    });
  });

  it('rejects a wrong count and malformed names', () => {
    for (const garbage of ['N.2SMITH/JOHN', 'N.SMITH', 'N./JOHN', 'N.SMITH/TOM*XYZ', 'N.SMITH/TOM*DOB45JAN20'])
      expect(parse(garbage), garbage).toBeNull();
  });
});

describe('Travelport contact entries (P., MT.)', () => {
  it('reads a phone with city and type', () => {
    expect(parse('P.WAWT*48221234567')).toEqual({
      kind: 'pnr_contact',
      dialect: 'travelport',
      entry: 'P.WAWT*48221234567',
      phone: '48221234567',
    });
    expect(parse('P.WAWB*22 123 4567 EXT 12')).toMatchObject({ phone: '221234567' });
  });

  it('reads e-mail in the P. and MT. forms, with // for @ and -- for _', () => {
    expect(parse('P.WAWE*JAN//EXAMPLE.COM')).toMatchObject({ email: 'jan@example.com' });
    expect(parse('MT.JAN--KOWALSKI//EXAMPLE.COM')).toMatchObject({ email: 'jan_kowalski@example.com' });
    expect(parse('MT.JAN@EXAMPLE.COM')).toMatchObject({ email: 'jan@example.com' });
  });

  it('rejects malformed contacts', () => {
    for (const garbage of ['P.WAW*123', 'P.WAWT*12', 'MT.JAN', 'P.WAWE*NOT-AN-EMAIL'])
      expect(parse(garbage), garbage).toBeNull();
  });
});
