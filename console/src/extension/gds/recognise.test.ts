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

describe('recognise', () => {
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

  it('narrows to the dialect asked for', () => {
    expect(recognise('AN15DECKBPWAW', { today, dialect: 'sabre' })).toEqual([]);
    expect(recognise('AN15DECKBPWAW', { today, dialect: 'amadeus' })).toHaveLength(1);
  });
});
