import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import { journeysOf, parseFareCalculation } from './fare-calculation.js';

function failure(entry: string): DomainError {
  try {
    parseFareCalculation(entry);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`"${entry}" was read`);
}

describe('parseFareCalculation', () => {
  it('reads a one-way single-segment entry', () => {
    const calc = parseFareCalculation('WAW LO KBP 120.00NUC120.00END ROE1.00');
    expect(calc).toEqual({
      origin: 'WAW',
      segments: [{ from: 'WAW', to: 'KBP', carrier: 'LO', connection: false }],
      components: [{ from: 'WAW', to: 'KBP', nucCents: 12000 }],
      surchargesNucCents: 0,
      totalNucCents: 12000,
      roe: '1.00',
    });
  });

  it('reads the amount glued to the city and lower case', () => {
    const calc = parseFareCalculation('waw lo kbp120.00nuc120.00end roe3.980000');
    expect(calc.totalNucCents).toBe(12000);
    expect(calc.roe).toBe('3.980000');
  });

  it('reads a return trip as two fare components (the sandbox prints it so)', () => {
    const calc = parseFareCalculation('WAW LO FRA 120.00 LO WAW 110.00NUC230.00END ROE3.980000');
    expect(calc.components.map((c) => [c.from, c.to, c.nucCents])).toEqual([
      ['WAW', 'FRA', 12000],
      ['FRA', 'WAW', 11000],
    ]);
    expect(journeysOf(calc).map((j) => `${j.origin}-${j.destination}`)).toEqual(['WAW-FRA', 'FRA-WAW']);
  });

  it('keeps connections (X/) inside one journey', () => {
    const calc = parseFareCalculation('WAW LO X/FRA LH LIS 215.40NUC215.40END ROE0.920000');
    expect(calc.segments).toEqual([
      { from: 'WAW', to: 'FRA', carrier: 'LO', connection: true },
      { from: 'FRA', to: 'LIS', carrier: 'LH', connection: false },
    ]);
    const journeys = journeysOf(calc);
    expect(journeys).toHaveLength(1);
    expect(journeys[0]!.segments).toHaveLength(2);
  });

  it('reads a multi-segment multi-carrier round trip with connections both ways', () => {
    const calc = parseFareCalculation('VIE OS X/FRA LH LON 310.00 BA X/FRA LH VIE 290.50NUC600.50END ROE0.920000');
    expect(calc.segments.map((s) => s.carrier)).toEqual(['OS', 'LH', 'BA', 'LH']);
    expect(journeysOf(calc).map((j) => `${j.origin}-${j.destination}`)).toEqual(['VIE-LON', 'LON-VIE']);
  });

  it('reads a surface sector (/-) as an unflown segment that splits the journeys', () => {
    const calc = parseFareCalculation('WAW LO KBP/-LWO PS WAW 250.00NUC250.00END ROE1.00');
    expect(calc.segments).toEqual([
      { from: 'WAW', to: 'KBP', carrier: 'LO', connection: false },
      { from: 'KBP', to: 'LWO', carrier: null, connection: false },
      { from: 'LWO', to: 'WAW', carrier: 'PS', connection: false },
    ]);
    expect(calc.components).toEqual([{ from: 'WAW', to: 'WAW', nucCents: 25000 }]);
    expect(journeysOf(calc).map((j) => `${j.origin}-${j.destination}`)).toEqual(['WAW-KBP', 'LWO-WAW']);
  });

  it('reads a spaced surface sector too', () => {
    const calc = parseFareCalculation('WAW LO KBP /- LWO PS WAW 250.00NUC250.00END');
    expect(calc.segments[1]!.carrier).toBeNull();
    expect(calc.roe).toBeNull();
  });

  it('adds Q surcharges, with or without their city pair', () => {
    const calc = parseFareCalculation('ATH A3 CDG Q10.00 QATHCDG5.50 200.00 AF ATH Q4.50 180.00NUC400.00END ROE0.92');
    expect(calc.surchargesNucCents).toBe(2000);
    expect(calc.components.map((c) => c.nucCents)).toEqual([20000, 18000]);
  });

  it('accepts the mileage mark and the E/ prefix', () => {
    const calc = parseFareCalculation('BRU SN E/FRA LH ZRH M150.00NUC150.00END ROE0.92');
    expect(calc.segments.map((s) => s.to)).toEqual(['FRA', 'ZRH']);
  });

  it('accepts amounts without decimals and carriers with a digit', () => {
    const calc = parseFareCalculation('KBP PS LWO 80 9U KIV 40NUC120END');
    expect(calc.totalNucCents).toBe(12000);
    expect(calc.segments.map((s) => s.carrier)).toEqual(['PS', '9U']);
  });

  it('ignores an XT tax breakdown after the rate of exchange', () => {
    const calc = parseFareCalculation('WAW LO KBP 120.00NUC120.00END ROE3.98 XT 12.00PL 9.40YQ');
    expect(calc.totalNucCents).toBe(12000);
  });

  it('names the unreadable token and where it stands, pointing at /entry', () => {
    const error = failure('WAW LOT KBP 120.00NUC120.00END');
    expect(error.code).toBe('fare_calculation_unreadable');
    expect(error.source).toEqual({ pointer: '/entry' });
    expect(error.detail).toBe(
      'Could not read "LOT" at character 5: expected a two-character airline code, /- or the NUC total.',
    );
  });

  it.each([
    ['', /Enter a fare calculation/],
    ['hello world', /Could not read "HELLO" at character 1: expected the three-letter city/],
    ['WAW LO', /Could not read the end of the entry at character 7: expected the city LO flies to/],
    ['WAW LO KBP 120.00', /expected the NUC total, as in NUC120.00END/],
    ['WAW LO KBP 120.00NUC120.00', /expected END after the NUC total/],
    ['WAW LO KBP NUC120.00END', /fare component from WAW to KBP has no amount/],
    ['WAW LO KBP 100.00NUC120.00END', /add up to NUC 100.00, but the total says NUC 120.00/],
    ['WAW LO X/FRA 100.00 LH LIS NUC100.00END', /cannot end at the connection X\/FRA/],
    ['WAW/-KBP NUC10.00END', /no flown segment/],
    ['WAW LO KBP 120.00NUC120.00END ROE1.00 THANKS', /Could not read "THANKS" at character 39/],
    ['WAW LO KBP 120.00NUC120.00END ROE0', /must be above zero/],
    ['WAW LO KBP/- 120.00NUC120.00END', /expected a city code after the surface sector/],
  ])('refuses %j', (entry, message) => {
    expect(failure(entry).detail).toMatch(message);
  });

  it('refuses entries longer than 500 characters', () => {
    expect(failure(`WAW ${'LO KBP LO WAW '.repeat(40)}`).detail).toMatch(/longer than 500/);
  });
});
