import { describe, expect, it } from 'vitest';
import { gdsSurcharges, surchargeFor, yearlySavings, yearlySavingsAcrossCarriers } from './gds-surcharges';

describe('GDS surcharges', () => {
  it('covers exactly the calculator carriers of the product spec', () => {
    expect(gdsSurcharges.map((s) => s.carrier)).toEqual(['LH', 'OS', 'LX', 'SN', 'AF', 'KL', 'BA', 'A3', 'OA']);
    for (const s of gdsSurcharges) expect(s.perSegment).toMatch(/^\d+\.\d{2}$/);
  });

  it('saves tickets × 12 months × 2 segments × the surcharge, in cents exactly', () => {
    expect(yearlySavings(100, 'LH')).toBe('46800.00');
    expect(yearlySavings(1, 'a3')).toBe('216.00');
    expect(yearlySavings(7.9, 'BA')).toBe('1848.00');
  });

  it('saves nothing for unknown carriers or no tickets', () => {
    expect(yearlySavings(100, 'LO')).toBe('0.00');
    expect(yearlySavings(0, 'LH')).toBe('0.00');
    expect(yearlySavings(-5, 'LH')).toBe('0.00');
    expect(yearlySavings(Number.NaN, 'LH')).toBe('0.00');
    expect(surchargeFor('XX')).toBeUndefined();
  });

  it('averages over every carrier when none is chosen', () => {
    // (4 × 19.50 + 3 × 11.00 + 2 × 9.00) / 9 = 14.33… per segment
    expect(yearlySavingsAcrossCarriers(100)).toBe('34400.00');
  });
});
