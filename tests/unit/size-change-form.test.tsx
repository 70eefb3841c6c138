import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SizeChange } from '@/components/profile/plans/size-change';
import { ToastProvider } from '@/components/toast/toast-provider';
import type { MyPlans } from '@/lib/schemas/changes';

type Order = MyPlans['merchandiseOrders'][number];

const order: Order = {
  id: '0b8f6c1e-4d0c-4a57-9a43-2f0f3d1c7b11',
  summary: 'Festival Tee, M × 1',
  paidPaise: 30000,
  terms: {
    freezeAt: '2027-02-10T13:00:00.000Z',
    open: true,
    refundPaise: 0,
    refundLabel: 'No refund: as the terms say, payments are not refunded.',
  },
  lines: [
    {
      id: 7,
      productName: 'Festival Tee',
      size: 'M',
      qty: 1,
      sizes: [
        { size: 'S', available: true },
        { size: 'M', available: true },
        { size: 'L', available: false },
      ],
    },
  ],
};

const render = (o: Order) =>
  renderToStaticMarkup(
    <ToastProvider>
      <SizeChange order={o} onChanged={() => {}} />
    </ToastProvider>,
  );

describe("the profile's T-shirt size change", () => {
  it('labels the select, shows the current size chosen and a sold-out size disabled', () => {
    const html = render(order);
    const selectId = /<select id="([^"]+)"/.exec(html)?.[1];
    expect(selectId).toBeTruthy();
    expect(html).toContain(`<label for="${selectId}"`);
    expect(html).toContain('Size of your Festival Tee');
    expect(html).toMatch(/<option value="M"[^>]*selected=""[^>]*>M \(yours now\)<\/option>/);
    expect(html).toMatch(/<option value="L"[^>]*disabled=""[^>]*>L \(sold out\)<\/option>/);
    expect(html).toMatch(/<option value="S"(?![^>]*disabled)[^>]*>S<\/option>/);
    expect(html).toContain('Change size<span class="sr-only"> of your Festival Tee</span>');
    expect(html).toContain('role="alert"');
    expect(html).toContain('role="status"');
  });

  it('after the freeze, says when changes closed and offers no form', () => {
    const html = render({ ...order, terms: { ...order.terms, open: false } });
    expect(html).not.toContain('<select');
    expect(html).toContain('Size changes closed on 10 Feb 2027, 6:30 pm (India time).');
  });
});
