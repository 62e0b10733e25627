import { describe, expect, it } from 'vitest';
import { createInventory } from './inventory.js';

describe('inventory', () => {
  const flightKey = 'LH1234/2025-06-01';

  it('lowers the seats left of a class when they are held and raises them on release', () => {
    const inventory = createInventory('seed-a');
    const before = inventory.seatsLeft(flightKey, 'Y');
    expect(inventory.hold([{ flightKey, rbd: 'Y', seats: 2 }])).toEqual({ ok: true });
    expect(inventory.seatsLeft(flightKey, 'Y')).toBe(before - 2);
    inventory.release([{ flightKey, rbd: 'Y', seats: 2 }]);
    expect(inventory.seatsLeft(flightKey, 'Y')).toBe(before);
  });

  it('holds all classes or none', () => {
    const inventory = createInventory('seed-a');
    const y = inventory.seatsLeft(flightKey, 'Y');
    const result = inventory.hold([
      { flightKey, rbd: 'Y', seats: 1 },
      { flightKey, rbd: 'B', seats: 99 },
    ]);
    expect(result.ok).toBe(false);
    expect(inventory.seatsLeft(flightKey, 'Y')).toBe(y);
  });

  it('refuses a class sold out by another seller', () => {
    const inventory = createInventory('seed-a');
    inventory.sellOut(flightKey, 'M');
    expect(inventory.seatsLeft(flightKey, 'M')).toBe(0);
    expect(inventory.hold([{ flightKey, rbd: 'M', seats: 1 }])).toMatchObject({ ok: false });
  });
});
