// Seeded mutations of valid entries (characters dropped, doubled, swapped, replaced by the
// characters terminals use): recognise never throws, and whatever it still recognises is well
// formed — real ISO dates, three-letter cities, valid airline codes, names the API accepts.
import { describe, expect, it } from 'vitest';
import { recognise, type Recognition } from './index';

const today = new Date('2026-11-26T00:00:00Z');
const seeds = [
  'AN15DECKBPWAW1200/ALO*20DEC',
  'FQDKBPWAW/ALO/D15DEC/CC',
  'NM2SMITH/JOHN MR/JANE MRS(INFNOWAK/ADAM/01JAN25)',
  'AP WAW 48 22 1234567-B',
  '115DECKBPWAW12P‡LO/C',
  'FQKBPWAW15DECR20DEC-LO‡RT',
  '-2SMITH/JOHN MR/JANE MRS*C05',
  'PE¥JAN@EXAMPLE.COM¥',
  'A15DECKBPLIS0800.FRA/LO@C#',
  'FD15DECKBPWAW/LO/LH@C',
  'N.I/JOHNSON/PAULAMISS*05MTHS DOB01JUN26',
  'MT.JAN--K//EXAMPLE.COM',
];
const alphabet = 'A1/*-.@#+¥‡¤§;|()0 9ZNMFQD';

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(text: string, next: () => number): string {
  const chars = [...text];
  for (let n = 1 + Math.floor(next() * 3); n > 0; n--) {
    const at = Math.floor(next() * chars.length);
    const op = Math.floor(next() * 4);
    if (op === 0) chars.splice(at, 1);
    else if (op === 1) chars.splice(at, 0, chars[at] ?? 'A');
    else if (op === 2) chars[at] = alphabet[Math.floor(next() * alphabet.length)]!;
    else [chars[at], chars[(at + 1) % chars.length]] = [chars[(at + 1) % chars.length]!, chars[at]!];
  }
  return chars.join('');
}

const isRealDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toISOString().slice(0, 10) === iso;

function expectWellFormed(r: Recognition) {
  if (r.kind === 'availability' || r.kind === 'fare_display') {
    expect(r.origin).toMatch(/^[A-Z]{3}$/);
    expect(r.destination).toMatch(/^[A-Z]{3}$/);
    expect(r.origin).not.toBe(r.destination);
    for (const c of r.carriers) expect(c).toMatch(/^(?:[A-Z][A-Z0-9]|[0-9][A-Z])$/);
    for (const date of [r.departureDate, r.returnDate]) if (date !== undefined) expect(isRealDay(date)).toBe(true);
    if (r.kind === 'availability') {
      for (const c of r.connections) expect(c).toMatch(/^[A-Z]{3}$/);
      if (r.departureTime !== undefined) expect(r.departureTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    }
  } else if (r.kind === 'pnr_names') {
    expect(r.passengers.length).toBeGreaterThan(0);
    for (const p of r.passengers) {
      expect(p.lastName).toMatch(/^[A-Z][A-Z '-]*$/);
      expect(p.firstName).toMatch(/^[A-Z][A-Z '-]*$/);
      if (p.birthDate !== undefined) expect(isRealDay(p.birthDate) && p.birthDate <= '2026-11-26').toBe(true);
    }
  } else {
    expect(r.phone !== undefined || r.email !== undefined).toBe(true);
    if (r.phone !== undefined) expect(r.phone).toMatch(/^\+?[0-9]{6,20}$/);
    if (r.email !== undefined) expect(r.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/);
  }
}

describe('recognise on mutated entries', () => {
  it('never throws and recognises only well-formed entries, over 12,000 mutations', () => {
    const next = random(26);
    let recognised = 0;
    for (let round = 0; round < 1000; round++) {
      for (const seed of seeds) {
        const text = `>${mutate(seed, next)}`;
        const found = recognise(text, { today });
        for (const r of found) expectWellFormed(r);
        for (const dialect of ['amadeus', 'sabre', 'travelport'] as const)
          for (const r of recognise(text, { today, dialect })) expectWellFormed(r);
        recognised += found.length;
      }
    }
    // Some mutations leave a valid entry (a different class, a changed name): the check above saw them.
    expect(recognised).toBeGreaterThan(1000);
  });
});
