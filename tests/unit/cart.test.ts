import { describe, expect, it } from 'vitest';
import {
  addToCart,
  cartTotal,
  changeQty,
  removeFromCart,
  stayEndDate,
  stayPrice,
  type CartLine,
} from '@/lib/schemas/shop-rules';

const m = { id: 3, type: 'M', isAvailable: true, isOnSale: true };
const l = { id: 4, type: 'L', isAvailable: true, isOnSale: true };
const xxl = { id: 6, type: 'XXL', isAvailable: false, isOnSale: true };
const price = 399;

describe('cart rules', () => {
  it('adds a size with quantity 1, and one more when chosen again', () => {
    let cart: CartLine[] = addToCart([], m, price);
    expect(cart).toEqual([{ variant: m, qty: 1, totalPrice: 399 }]);
    cart = addToCart(cart, m, price);
    expect(cart).toEqual([{ variant: m, qty: 2, totalPrice: 798 }]);
  });

  it('never adds an unavailable size', () => {
    expect(addToCart([], xxl, price)).toEqual([]);
  });

  it('plus increments, minus decrements but never below 1', () => {
    let cart = addToCart([], m, price);
    cart = changeQty(cart, m.id, 3, price);
    expect(cart[0]).toMatchObject({ qty: 3, totalPrice: 1197 });
    cart = changeQty(cart, m.id, 2, price);
    cart = changeQty(cart, m.id, 1, price);
    cart = changeQty(cart, m.id, 0, price);
    expect(cart[0]).toMatchObject({ qty: 1, totalPrice: 399 });
  });

  it('removes a line and totals the rest to the paisa', () => {
    let cart = addToCart(addToCart([], m, 250.5), l, 250.5);
    cart = changeQty(cart, l.id, 3, 250.5);
    expect(cartTotal(cart)).toBe(1002);
    cart = removeFromCart(cart, m.id);
    expect(cart.map((c) => c.variant.type)).toEqual(['L']);
    expect(cartTotal(cart)).toBe(751.5);
    expect(cartTotal([])).toBe(0);
  });
});

describe('stays', () => {
  it('costs the nightly price times the nights and ends start + Days', () => {
    expect(stayPrice(600, 2)).toBe(1200);
    expect(stayEndDate('2027-02-20', 4)).toBe('2027-02-24');
    expect(stayEndDate('2027-02-22', 1)).toBe('2027-02-23');
  });
});
