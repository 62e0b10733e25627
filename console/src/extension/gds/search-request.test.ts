import { describe, expect, it } from 'vitest';
import { recognise, toSearchFilters, toSearchRequest, type Recognition } from './index';

const today = new Date('2026-11-26T10:00:00Z');
const one = (entry: string): Recognition => {
  const [recognition] = recognise(entry, { today });
  if (!recognition) throw new Error(`not recognised: ${entry}`);
  return recognition;
};

describe('toSearchRequest', () => {
  it('turns an availability entry into a one-leg search for one adult with cabin and carriers', () => {
    expect(toSearchRequest(one('AN15DECKBPWAW/ALO/CC'), { today })).toEqual({
      origin_destinations: [{ origin: 'KBP', destination: 'WAW', departure_date: '2026-12-15' }],
      passengers: { adults: 1, children: 0, infants: 0 },
      cabin: 'business',
      carriers: ['LO'],
    });
  });

  it('adds the return leg when the entry gives a return date', () => {
    expect(toSearchRequest(one('AN15DECKBPWAW1200/ALO*20DEC'), { today })?.origin_destinations).toEqual([
      { origin: 'KBP', destination: 'WAW', departure_date: '2026-12-15' },
      { origin: 'WAW', destination: 'KBP', departure_date: '2026-12-20' },
    ]);
    expect(toSearchRequest(one('FQKBPWAW15DECR20DEC-LO'), { today })?.origin_destinations).toHaveLength(2);
  });

  it('searches a fare display without a date for today, and leaves out what the entry does not say', () => {
    expect(toSearchRequest(one('FQDKBPWAW'), { today })).toEqual({
      origin_destinations: [{ origin: 'KBP', destination: 'WAW', departure_date: '2026-11-26' }],
      passengers: { adults: 1, children: 0, infants: 0 },
    });
  });

  it('counts the party from the PNR’s names, within the search’s limits', () => {
    const [names] = recognise('NM2KOWALSKI/JAN MR/EWA MRS(INFADAM/01JAN25) 1KOWALSKA/ANNA(CHD/01JAN18)', { today });
    const passengers = names?.kind === 'pnr_names' ? names.passengers : [];
    expect(toSearchRequest(one('A15DECKBPWAW/LO'), { today, passengers })?.passengers).toEqual({
      adults: 2,
      children: 1,
      infants: 1,
    });
    const infantsOnly = [1, 2].map(() => ({ lastName: 'X', firstName: 'Y', type: 'INF' as const }));
    expect(toSearchRequest(one('A15DECKBPWAW'), { today, passengers: infantsOnly })?.passengers).toEqual({
      adults: 1,
      children: 0,
      infants: 1,
    });
  });

  it('answers null for names and contacts, and for dates our search would refuse', () => {
    expect(toSearchRequest(one('NM1KOWALSKI/JAN MR'), { today })).toBeNull();
    expect(toSearchRequest(one('APE-JAN@EXAMPLE.COM'), { today })).toBeNull();
    expect(toSearchRequest(one('AN15NOV26KBPWAW'), { today })).toBeNull();
  });
});

describe('toSearchFilters', () => {
  it('carries direct-only and a departure time as filters on the result', () => {
    expect(toSearchFilters(one('A15DECKBPWAW12P+LO#'))).toEqual({
      max_stops: 0,
      departure_windows: [{ origin_destination: 0, from: '11:00', to: '23:59' }],
    });
    expect(toSearchFilters(one('AN15DECKBPWAW0030'))).toEqual({
      departure_windows: [{ origin_destination: 0, from: '00:00', to: '23:59' }],
    });
  });

  it('answers null when the entry asks nothing beyond the search', () => {
    expect(toSearchFilters(one('AN15DECKBPWAW/ALO'))).toBeNull();
    expect(toSearchFilters(one('FQDKBPWAW'))).toBeNull();
  });
});
