import { describe, expect, it } from 'vitest';
import { recognise } from './index';

const today = new Date('2026-11-26T10:00:00Z');

const amadeusScreen = `
>AN15DECKBPWAW/ALO/CC
** AMADEUS AVAILABILITY - AN ** WAW WARSAW.PL                 170 TU 15DEC 0000
 1   LO 752  C4 D4 Z4 Y9 B9 M9 /KBP   WAW  0700    0825  E0/E95      2:25
 2   PS 101  C9 Y9 B9 M9      /KBP   WAW  1010    1135  E0/738      2:25
>NM1KOWALSKI/JAN MR;APE-JAN@EXAMPLE.COM
RP/WAWPL2100/
  1.KOWALSKI/JAN MR
`;

const sabreScreen = `
>115DECKBPWAW‡LO
 15DEC  TUE   KBP/EET    WAW/CET-1
1LO  752 C9 D9 Z9 Y9 B9 M9   KBPWAW  700A  825A 295  0 DCA /E
2PS  101 C4 Y9 B9            KBPWAW 1010A 1135A 738  0 DCA /E
>-KOWALSKI/JAN MR§9WAW48221234567-A§PE‡JAN@EXAMPLE.COM‡
*
`;

const travelportScreen = `
>A15DECKBPWAW/LO@C
 15DEC TUE  KBP/WAW
 1 LO 752 C9 D9 Y9 KBPWAW 0700 0825 E0.295 0 M
>N.1KOWALSKI/JANMR+N.1NOWAK/EWAMRS+P.WAWT*48221234567
>FDKBPWAW15DEC/LO
`;

describe('recognise', () => {
  it('finds the entries on a Sabre screen, joined entries cut at the end-item key', () => {
    const found = recognise(sabreScreen, { today, dialect: 'sabre' });
    expect(found.map((r) => [r.kind, r.entry])).toEqual([
      ['availability', '115DECKBPWAW‡LO'],
      ['pnr_names', '-KOWALSKI/JAN MR'],
      ['pnr_contact', '9WAW48221234567-A'],
      ['pnr_contact', 'PE‡JAN@EXAMPLE.COM‡'],
    ]);
  });

  it('finds the entries on a Travelport screen, joined entries cut at the end item', () => {
    const found = recognise(travelportScreen, { today, dialect: 'travelport' });
    expect(found.map((r) => [r.kind, r.entry])).toEqual([
      ['availability', 'A15DECKBPWAW/LO@C'],
      ['pnr_names', 'N.1KOWALSKI/JANMR'],
      ['pnr_names', 'N.1NOWAK/EWAMRS'],
      ['pnr_contact', 'P.WAWT*48221234567'],
      ['fare_display', 'FDKBPWAW15DEC/LO'],
    ]);
  });

  it('tells the dialects apart when none is given, and takes no dated-less word for an entry', () => {
    const found = recognise(`AN15DECKBPWAW\n115DECKBPWAW¥LO\nA15DECKBPWAW/LO\nABANDON\nANYWHERE\n1KBPWAW`, { today });
    expect(found.map((r) => [r.dialect, r.entry])).toEqual([
      ['amadeus', 'AN15DECKBPWAW'],
      ['sabre', '115DECKBPWAW¥LO'],
      ['travelport', 'A15DECKBPWAW/LO'],
    ]);
  });

  it('finds the entries on an Amadeus screen and ignores the response lines', () => {
    const found = recognise(amadeusScreen, { today });
    expect(found.map((r) => [r.kind, r.entry])).toEqual([
      ['availability', 'AN15DECKBPWAW/ALO/CC'],
      ['pnr_names', 'NM1KOWALSKI/JAN MR'],
      ['pnr_contact', 'APE-JAN@EXAMPLE.COM'],
    ]);
  });

  it('reads an agent’s lower-case selection and reports the text as it stands', () => {
    expect(recognise('  an15deckbpwaw/alo ', { today })).toMatchObject([
      { kind: 'availability', entry: 'an15deckbpwaw/alo', carriers: ['LO'] },
    ]);
  });

  it('answers nothing, and never throws, for garbage of any shape', () => {
    const junk = ['', '>', '\u0000\uffff', 'x'.repeat(100_000), '(((((/////', 'NM1(((', 'AN'.repeat(300)];
    for (const text of junk) expect(recognise(text, { today })).toEqual([]);
    expect(recognise('AN15DECKBPWAW', { today: new Date('invalid') })).toEqual([]);
  });

  it('takes an entry without its date (today) only on a prompt line of a known terminal', () => {
    expect(recognise('>1KBPWAW', { today, dialect: 'sabre' })).toMatchObject([{ departureDate: '2026-11-26' }]);
    expect(recognise('1KBPWAW', { today, dialect: 'sabre' })).toEqual([]);
    expect(recognise('ABANDON\nANYWHERE', { today, dialect: 'travelport' })).toEqual([]);
    expect(recognise('>1KBPWAW', { today })).toEqual([]);
  });

  it('narrows to the dialect asked for', () => {
    expect(recognise('AN15DECKBPWAW', { today, dialect: 'sabre' })).toEqual([]);
    expect(recognise('AN15DECKBPWAW', { today, dialect: 'amadeus' })).toHaveLength(1);
  });
});
