import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventFeePlan } from '@/components/event-registration/event-fee-plan';
import { runPurchase, type PurchaseScreen } from '@/components/payment/purchase-flow';
import type { PurchasePlan } from '@/components/payment/purchase-plan';
import { purchaseRecordKey, readPurchaseRecord } from '@/components/payment/purchase-record';
import type { CheckoutOptions, openCheckout } from '@/components/payment/razorpay-checkout';
import { ApiError } from '@/lib/api-client';
import type { FestivalEvent } from '@/lib/content-types';

/*
 * The shared checkout flow of SPEC.md part 4 with Checkout itself replaced: what each outcome shows and
 * where it leads, the refusals (price changed, sold out, any other) and the event fee's own wording.
 */

type Outcome = Parameters<typeof openCheckout>[1];

const checkout = vi.hoisted(() => ({
  loads: true,
  opened: [] as { options: Omit<CheckoutOptions, 'handler' | 'modal' | 'theme'>; outcome: Outcome }[],
}));

vi.mock('@/components/payment/razorpay-checkout', () => ({
  sdkLoadFailedMessage: 'Razorpay SDK failed to load. Please check your network and try again.',
  loadCheckout: () => Promise.resolve(checkout.loads),
  openCheckout: (options: Omit<CheckoutOptions, 'handler' | 'modal' | 'theme'>, outcome: Outcome) => {
    checkout.opened.push({ options, outcome });
  },
}));

const order = {
  data: { order: { id: 'order_1', amount: 15000, currency: 'INR' }, key_id: 'key_1' },
  message: '',
};
const payData = { razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'sig' };
const priceChanged = new ApiError(409, 'The price has changed to ₹ 200.00. Please review it and try again.', {
  reason: 'price_changed',
  fromServer: true,
});

function fakeScreen() {
  return { toast: vi.fn(), navigate: vi.fn(), setInProgress: vi.fn() } satisfies PurchaseScreen;
}

/** A merchandise-like plan: the shop's defaults, with fakes for the server calls. */
function shopPlan(overrides: Partial<PurchasePlan> = {}): PurchasePlan {
  return {
    title: 'Tee',
    description: 'User Purchase for Goodies',
    summary: { kind: 'merchandise', userId: 'u1', items: ['T-shirt, size M'], retryPath: '/merchandise' },
    createOrder: vi.fn(() => Promise.resolve(order)),
    prefill: () => ({ email: 'harry@example.com' }),
    holdsStock: true,
    confirm: vi.fn(() => Promise.resolve({ data: null, message: 'Order placed' })),
    priceChanged: { title: 'The price has changed', fallback: 'Please check your cart.', reload: vi.fn() },
    ...overrides,
  };
}

function lastCheckout() {
  const last = checkout.opened.at(-1);
  if (!last) throw new Error('Checkout was not opened');
  return last;
}

/** This tab's sessionStorage, where the flow leaves its note for the result screen. */
const tab = new Map<string, string>();

beforeEach(() => {
  checkout.loads = true;
  checkout.opened = [];
  tab.clear();
  vi.stubGlobal('window', {
    alert: vi.fn(),
    sessionStorage: { setItem: (key: string, value: string) => void tab.set(key, value) },
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an order the server refuses', () => {
  it('a changed price: the plan’s toast with the server’s message, then its reload, and the screen stays', async () => {
    const plan = shopPlan({ createOrder: () => Promise.reject(priceChanged) });
    const screen = fakeScreen();
    await runPurchase(plan, screen);

    expect(screen.toast).toHaveBeenCalledExactlyOnceWith({
      title: 'The price has changed',
      description: 'The price has changed to ₹ 200.00. Please review it and try again.',
      variant: 'error',
    });
    expect(plan.priceChanged.reload).toHaveBeenCalledOnce();
    expect(screen.setInProgress.mock.calls).toEqual([[true], [false]]);
    expect(screen.navigate).not.toHaveBeenCalled();
    expect(checkout.opened).toHaveLength(0);
    // Nothing was paid and no result screen follows: no note about this purchase.
    expect(tab.has(purchaseRecordKey)).toBe(false);
  });

  it('a changed price without a server message shows the plan’s fallback', async () => {
    const silent = new ApiError(409, 'The server answered 409.', { reason: 'price_changed' });
    const screen = fakeScreen();
    await runPurchase(shopPlan({ createOrder: () => Promise.reject(silent) }), screen);
    expect(screen.toast).toHaveBeenCalledWith(
      expect.objectContaining({ description: 'Please check your cart.' }),
    );
  });

  it('sold out uses the plan’s soldOut when it has one, else its orderFailed', async () => {
    const soldOut = new ApiError(409, 'Size M is sold out.', { reason: 'sold_out', fromServer: true });
    const reload = vi.fn();
    const withSoldOut = shopPlan({
      createOrder: () => Promise.reject(soldOut),
      soldOut: { title: 'A size in your cart has sold out', fallback: '', reload },
    });
    const screen = fakeScreen();
    await runPurchase(withSoldOut, screen);
    expect(screen.toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'A size in your cart has sold out',
        description: 'Size M is sold out.',
      }),
    );
    expect(reload).toHaveBeenCalledOnce();

    const other = fakeScreen();
    await runPurchase(
      shopPlan({
        createOrder: () => Promise.reject(soldOut),
        orderFailed: { title: 'The booking could not start', fallback: 'Something went wrong' },
      }),
      other,
    );
    expect(other.toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'The booking could not start' }),
    );
  });

  it('any other failure says the payment could not start, by default', async () => {
    const screen = fakeScreen();
    await runPurchase(
      shopPlan({ createOrder: () => Promise.reject(new ApiError(0, 'Network error')) }),
      screen,
    );
    expect(screen.toast).toHaveBeenCalledExactlyOnceWith({
      title: 'The payment could not start',
      description: 'Something went wrong',
      variant: 'error',
    });
    expect(screen.navigate).not.toHaveBeenCalled();
  });
});

describe('a payment script that will not load', () => {
  it('alerts; an order that holds stock is not even created', async () => {
    checkout.loads = false;
    const plan = shopPlan();
    const screen = fakeScreen();
    await runPurchase(plan, screen);
    expect(window.alert).toHaveBeenCalledWith(
      'Razorpay SDK failed to load. Please check your network and try again.',
    );
    expect(plan.createOrder).not.toHaveBeenCalled();
    expect(screen.setInProgress.mock.calls).toEqual([[true], [false]]);
    expect(screen.toast).not.toHaveBeenCalled();
  });

  it('an order that holds nothing is created while the script loads', async () => {
    checkout.loads = false;
    const plan = shopPlan({ holdsStock: false });
    await runPurchase(plan, fakeScreen());
    expect(plan.createOrder).toHaveBeenCalledOnce();
    expect(window.alert).toHaveBeenCalledOnce();
  });
});

describe('once Checkout is open', () => {
  it('presents the order with the plan’s title, description and prefill', async () => {
    await runPurchase(shopPlan(), fakeScreen());
    expect(lastCheckout().options).toEqual({
      key: 'key_1',
      amount: 15000,
      currency: 'INR',
      order_id: 'order_1',
      name: 'Tee',
      description: 'User Purchase for Goodies',
      prefill: { email: 'harry@example.com' },
    });
  });

  it('paid and recorded: Payment Successful with the server’s message, then /success', async () => {
    const plan = shopPlan();
    const screen = fakeScreen();
    await runPurchase(plan, screen);
    lastCheckout().outcome.paid(payData);
    await vi.waitFor(() => expect(screen.navigate).toHaveBeenCalledWith('/success'));
    expect(plan.confirm).toHaveBeenCalledWith(payData);
    expect(screen.toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Payment Successful',
      description: 'Order placed',
      variant: 'success',
    });
  });

  it('paid but not recorded: Something went wrong, then /failure', async () => {
    const screen = fakeScreen();
    await runPurchase(shopPlan({ confirm: () => Promise.reject(new ApiError(500, 'Boom')) }), screen);
    lastCheckout().outcome.paid(payData);
    await vi.waitFor(() => expect(screen.navigate).toHaveBeenCalledWith('/failure'));
    expect(screen.toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Something went wrong',
      description: undefined,
      variant: 'error',
    });
  });

  it('leaves a note for the result screen, naming the buyer, as Checkout opens', async () => {
    await runPurchase(shopPlan(), fakeScreen());
    expect(readPurchaseRecord(tab.get(purchaseRecordKey) ?? null, 'u1')).toMatchObject({
      kind: 'merchandise',
      items: ['T-shirt, size M'],
      retryPath: '/merchandise',
    });
  });

  it('a failed payment and a dismissed dialog end at /failure with their toasts', async () => {
    const failed = fakeScreen();
    await runPurchase(shopPlan(), failed);
    lastCheckout().outcome.failed({ error: { description: 'Card declined' } });
    expect(failed.toast).toHaveBeenCalledWith({
      title: 'Payment Failed',
      description: 'Card declined',
      variant: 'error',
    });
    expect(failed.navigate).toHaveBeenCalledWith('/failure');

    const dismissed = fakeScreen();
    await runPurchase(shopPlan(), dismissed);
    lastCheckout().outcome.dismissed();
    expect(dismissed.toast).toHaveBeenCalledWith({
      title: 'The payment was not completed!',
      variant: 'error',
    });
    expect(dismissed.navigate).toHaveBeenCalledWith('/failure');
  });
});

describe('the event fee plan', () => {
  const option = {
    id: 7,
    participation_name: 'Team',
    price: 150,
    min_range: 2,
    max_range: 4,
    places_left: null,
  };
  const event = { id: 3, name: 'Quidditch', participations: [option] } as unknown as FestivalEvent;
  const submission = { option, emails: ['harry@example.com', 'ron@example.com'], teamName: 'Gryffindor' };

  function plan(showNewFee = vi.fn()) {
    return eventFeePlan({
      event,
      submission,
      isDAStudent: false,
      payer: { userId: 'u1', email: 'harry@example.com' },
      showNewFee,
      retryPath: '/event/1/register?event=3',
    });
  }

  /** The API as the event screen meets it: `answers` by method and path, anything else fails the test. */
  function serve(answers: Record<string, () => Response>) {
    const calls: { key: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      const key = `${init.method} ${url}`;
      calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers[key];
      if (!answer) throw new Error(`Unexpected call ${key}`);
      return Promise.resolve(answer());
    });
    return calls;
  }
  const json = (status: number, body: unknown) => () => Response.json(body, { status });

  it('keeps the event screen’s wording and calls', async () => {
    const calls = serve({
      'POST /api/payment/create-event-order': json(200, { message: '', data: order.data }),
      'GET /api/my-profile/u1': json(200, {
        message: '',
        data: {
          first_name: 'Harry',
          last_name: 'Potter',
          email: 'harry@example.com',
          phone_number: '9876543210',
        },
      }),
      'POST /api/event-register/event-registration/3': json(200, { message: 'Registered', data: null }),
    });
    const screen = fakeScreen();
    await runPurchase(plan(), screen);

    expect(lastCheckout().options).toMatchObject({
      name: 'Quidditch Event Registration',
      description: 'User Registration for event Quidditch',
      prefill: { name: 'Harry Potter', email: 'harry@example.com', contact: '9876543210' },
    });
    lastCheckout().outcome.paid(payData);
    await vi.waitFor(() => expect(screen.navigate).toHaveBeenCalledWith('/success'));
    // A paid registration lands on /success without a toast of its own.
    expect(screen.toast).not.toHaveBeenCalled();
    // ...which says what was registered, and where to try again had it failed.
    expect(readPurchaseRecord(tab.get(purchaseRecordKey) ?? null, 'u1')).toMatchObject({
      kind: 'event',
      items: ['Quidditch (Team)'],
      retryPath: '/event/1/register?event=3',
    });
    expect(calls).toEqual([
      {
        key: 'POST /api/payment/create-event-order',
        body: {
          amount: 150,
          eventId: 3,
          participationId: 7,
          emails: submission.emails,
          teamName: 'Gryffindor',
        },
      },
      { key: 'GET /api/my-profile/u1', body: undefined },
      {
        key: 'POST /api/event-register/event-registration/3',
        body: {
          registerData: {
            emails: submission.emails,
            isDAStudent: false,
            teamName: 'Gryffindor',
            participationId: 7,
          },
          payData,
        },
      },
    ]);
  });

  it('a changed fee: The fee has changed, the page is read again, and Checkout stays closed', async () => {
    serve({
      'POST /api/payment/create-event-order': json(409, {
        message: 'The price has changed to ₹ 200.00. Please review it and try again.',
        reason: 'price_changed',
      }),
      'GET /api/my-profile/u1': json(200, { message: '', data: {} }),
    });
    const showNewFee = vi.fn();
    const screen = fakeScreen();
    await runPurchase(plan(showNewFee), screen);
    expect(screen.toast).toHaveBeenCalledExactlyOnceWith({
      title: 'The fee has changed',
      description: 'The price has changed to ₹ 200.00. Please review it and try again.',
      variant: 'error',
    });
    expect(showNewFee).toHaveBeenCalledOnce();
    expect(screen.navigate).not.toHaveBeenCalled();
    expect(checkout.opened).toHaveLength(0);
  });

  it('paid but not registered: Registration not confirmed, then /failure', async () => {
    serve({
      'POST /api/payment/create-event-order': json(200, { message: '', data: order.data }),
      'GET /api/my-profile/u1': json(500, {}),
      'POST /api/event-register/event-registration/3': json(500, {}),
    });
    const screen = fakeScreen();
    await runPurchase(plan(), screen);
    expect(lastCheckout().options.prefill).toEqual({ email: 'harry@example.com' });
    lastCheckout().outcome.paid(payData);
    await vi.waitFor(() => expect(screen.navigate).toHaveBeenCalledWith('/failure'));
    expect(screen.toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Registration not confirmed',
      description: 'Something went wrong',
      variant: 'error',
    });
  });
});
