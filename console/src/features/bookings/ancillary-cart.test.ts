import { describe, expect, it } from 'vitest';
import { cartTotal, seatKey, serviceKey, withEntry, type Cart } from './ancillary-cart';

const eur = (amount: string) => ({ amount, currency: 'EUR' });

describe('the ancillary cart', () => {
  it('keeps one entry per service and passenger, and one seat per passenger and flight', () => {
    const bag = { service_id: 'BAG1', passenger_id: 'PAX1' };
    const seat14C = { seat: { segment_id: 'LH1', row: 14, column: 'C' }, passenger_id: 'PAX1' };
    const seat15A = { seat: { segment_id: 'LH1', row: 15, column: 'A' }, passenger_id: 'PAX1' };
    const bagKey = serviceKey('BAG1', 'PAX1');
    const seatOnLH1 = seatKey('LH1', 'PAX1');
    let cart: Cart = new Map();
    cart = withEntry(cart, bagKey, { item: bag, label: 'Bag', price: eur('35.10') });
    cart = withEntry(cart, seatOnLH1, { item: seat14C, label: '14C', price: eur('12.20') });
    cart = withEntry(cart, seatOnLH1, { item: seat15A, label: '15A', price: null });
    expect([...cart.values()].map((e) => e.label)).toEqual(['Bag', '15A']);
    expect(cartTotal(cart, 'EUR')).toEqual(eur('35.10'));
    cart = withEntry(cart, seatOnLH1, { item: seat14C, label: '14C', price: eur('12.20') });
    expect(cartTotal(cart, 'EUR')).toEqual(eur('47.30'));
    expect(cartTotal(withEntry(cart, bagKey, null), 'EUR')).toEqual(eur('12.20'));
    expect(cartTotal(new Map(), 'PLN')).toEqual({ amount: '0.00', currency: 'PLN' });
  });
});
