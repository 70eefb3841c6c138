import { describe, expect, it } from 'vitest';
import {
  orderItem,
  writtenOrderItem,
  type AccommodationOrderItem,
  type EventOrderItem,
  type MerchandiseOrderItem,
} from '@/lib/server/payments/order-item';
import type { PaymentOrder } from '@/lib/server/payments/types';

/*
 * A payment order's item is read in one place, parsed as its purpose's shape: what createPaymentOrder
 * wrote comes back typed, and anything else is a bug that says which order and what is wrong.
 */

const orderId = '4f0c8a52-7d3b-4c1e-9a66-0b5e2f9d1c37';
const order = (purpose: PaymentOrder['purpose'], item: unknown) => ({ id: orderId, purpose, item });

const team: EventOrderItem = {
  eventId: 12,
  participationId: 31,
  memberUserIds: ['0d6f4a3e-5b1c-4f7a-8e2d-9c3b1a7e6f50', '8a2e7c41-3f9d-4b6a-a1c5-2e8f7d0b9c14'],
  emails: ['asha@example.com', 'ravi@example.com'],
  teamName: 'Gearheads',
  isDaStudent: false,
};
const cart: MerchandiseOrderItem = {
  lines: [
    { variantId: 4, size: 'M', qty: 2, unitPricePaise: 39900 },
    { variantId: 5, size: 'L', qty: 1, unitPricePaise: 39900 },
  ],
  productName: 'Festival Tee',
};
const stay: AccommodationOrderItem = {
  optionId: 7,
  typeName: 'Dormitory',
  startDate: '2027-02-21',
  days: 2,
  identityUploadId: null,
};

describe('orderItem', () => {
  it('reads back each purpose’s item as it was written', () => {
    expect(orderItem(order('event', team), 'event')).toEqual(team);
    expect(orderItem(order('merchandise', cart), 'merchandise')).toEqual(cart);
    expect(orderItem(order('accommodation', stay), 'accommodation')).toEqual(stay);
    const proved = { ...stay, identityUploadId: 'c3a1e6b2-9d4f-4a7e-b5c8-1f2d3e4a5b6c' };
    expect(orderItem(order('accommodation', proved), 'accommodation')).toEqual(proved);
  });

  it('rejects an item that is not its purpose’s shape, naming the order and the fault', () => {
    const read = (purpose: PaymentOrder['purpose'], item: unknown) => () =>
      orderItem(order(purpose, item), purpose);
    expect(read('event', { eventId: 12, participationId: 31 })).toThrow(
      new RegExp(`payment order ${orderId} has a malformed event item: .*memberUserIds`, 's'),
    );
    expect(read('event', { ...team, memberUserIds: [] })).toThrow(/malformed event item/);
    expect(read('merchandise', { ...cart, lines: [{ variantId: 4, size: 'M', qty: '2' }] })).toThrow(
      /malformed merchandise item: .*qty/s,
    );
    expect(read('accommodation', { ...stay, startDate: '21 Feb' })).toThrow(
      /malformed accommodation item: .*startDate/s,
    );
    expect(read('merchandise', null)).toThrow(/malformed merchandise item/);
    expect(read('event', {})).toThrow(/malformed event item/);
  });

  it('refuses to read an order of another purpose', () => {
    expect(() => orderItem(order('merchandise', cart), 'event')).toThrow(
      `payment order ${orderId} is for merchandise, not event`,
    );
  });
});

describe('writtenOrderItem', () => {
  it('passes a well-formed item and refuses one that would not read back', () => {
    expect(writtenOrderItem({ purpose: 'merchandise', item: cart })).toEqual(cart);
    expect(() =>
      writtenOrderItem({ purpose: 'merchandise', item: { ...cart, lines: [{ ...cart.lines[0]!, qty: 0 }] } }),
    ).toThrow(/a new merchandise order has a malformed merchandise item/);
  });
});
