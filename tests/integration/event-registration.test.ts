import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as myProfile } from '@/app/api/my-profile/[id]/route';
import { POST as register } from '@/app/api/event-register/event-registration/[eventId]/route';
import { POST as verify } from '@/app/api/event-register/user-event-verification/[eventId]/route';
import { POST as createOrder } from '@/app/api/payment/create-event-order/route';
import { POST as webhook } from '@/app/api/payment/webhook/route';
import { POST as reconcileRoute } from '@/app/api/payment/reconcile/route';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { paymentOrders, webhookEvents } from '@/lib/server/db/schema';
import { listOutbox } from '@/lib/server/mail/mail-service';
import { paymentProvider } from '@/lib/server/payments/provider';
import { reconcilePayments } from '@/lib/server/payments/reconcile';
import { acceptWebhook } from '@/lib/server/payments/webhooks';
import {
  flushSandboxWebhooks,
  sandboxWebhooksSettled,
  setSandboxWebhookMode,
} from '@/lib/server/payments/sandbox/webhooks';
import { paymentSignature, webhookSignature } from '@/lib/server/payments/signatures';
import { call } from '../support/api';
import { signedInUser } from '../support/accounts';
import { createTestEvent, liveMembers, liveRegistrations } from '../support/events';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';

afterEach(() => setSandboxWebhookMode('immediate'));

type Answer = {
  message: string;
  data: Record<string, unknown> & { order: { id: string; amount: number; currency: string }; key_id: string };
};

describeEachDatabase('event registration and payments', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });

  async function team(size: number, overrides: Record<string, unknown>[] = []) {
    const people = [];
    for (let i = 0; i < size; i += 1) people.push(await signedInUser(db(), overrides[i] ?? {}));
    return people;
  }

  async function paidOrder(price = 150, size = 3) {
    const { event, option } = await createTestEvent(db(), { price, min: 2, max: 4 });
    const members = await team(size);
    const emails = members.map((m) => m.email);
    const order = await call<Answer>(createOrder, {
      token: members[0]!.token,
      body: { amount: price, eventId: event.id, participationId: option.id, emails, teamName: 'Owls' },
    });
    expect(order.status).toBe(200);
    const registerData = { emails, isDAStudent: false, teamName: 'Owls', participationId: option.id };
    return {
      event,
      option,
      members,
      emails,
      order: order.body.data.order,
      keyId: order.body.data.key_id,
      registerData,
    };
  }

  describe('verification', () => {
    it('answers the verified members leader first, with the payment flags', async () => {
      const { event, option } = await createTestEvent(db(), { price: 100, min: 2, max: 3 });
      const [leader, mate] = await team(2, [{ first_name: 'Lead' }, { first_name: 'Mate' }]);
      const answer = await call<{ message: string; data: Record<string, unknown> }>(verify, {
        token: leader!.token,
        params: { eventId: String(event.id) },
        body: { emails: [leader!.email, mate!.email.toUpperCase()], participationId: option.id },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(`All users are eligible to register in ${event.name}`);
      expect(answer.body.data).toEqual({
        verifiedCandidates: [
          { email: leader!.email, fullName: 'Lead Verma', isLeader: true },
          { email: mate!.email, fullName: 'Mate V.', isLeader: false },
        ],
        isDAStudent: false,
        isPaymentMandatory: true,
      });
    });

    it('refuses each broken rule with its own message', async () => {
      const { event, option } = await createTestEvent(db(), { price: 0, min: 2, max: 3, name: 'Rule Check' });
      const { event: closed, option: closedOption } = await createTestEvent(db(), {
        price: 0,
        min: 1,
        max: 1,
        open: false,
        name: 'Shut',
      });
      const [leader, mate, other] = await team(3);
      const ask = (
        emails: string[],
        eventId = event.id,
        participationId = option.id,
        token = leader!.token,
      ) => call(verify, { token, params: { eventId: String(eventId) }, body: { emails, participationId } });

      expect((await ask([mate!.email, leader!.email])).body.message).toBe(
        'The team leader must be you: put your own e-mail first.',
      );
      expect((await ask([leader!.email, mate!.email, mate!.email])).body.message).toBe(
        `Duplicate email found: ${mate!.email} at position 3`,
      );
      expect((await ask([leader!.email])).body.message).toBe(
        'Team needs 2 to 3 members, leader included; you listed 1.',
      );
      const unverified =
        'nobody.here@example.com does not have a verified account yet. Ask them to sign up and verify first.';
      // The refusal names the teammate's position too (leader 0), so the form marks that e-mail field.
      expect((await ask([leader!.email, 'nobody.here@example.com'])).body).toMatchObject({
        message: unverified,
        errors: { 'emails.1': unverified },
      });
      expect((await ask([leader!.email, mate!.email, mate!.email])).body.errors).toEqual({
        'emails.2': `Duplicate email found: ${mate!.email} at position 3`,
      });
      const shut = await ask([leader!.email], closed.id, closedOption.id);
      expect(shut).toMatchObject({ status: 409, body: { message: 'Registration for Shut is closed.' } });
      expect((await ask([leader!.email, mate!.email], event.id, 999999)).body.message).toBe(
        'Please choose one of this event’s ways of taking part.',
      );
      expect(
        (
          await call(verify, {
            token: leader!.token,
            params: { eventId: '999999' },
            body: { emails: [leader!.email] },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call(verify, {
            token: leader!.token,
            params: { eventId: 'abc' },
            body: { emails: [leader!.email] },
          })
        ).status,
      ).toBe(400);
      expect(
        (await call(verify, { params: { eventId: String(event.id) }, body: { emails: [leader!.email] } }))
          .status,
      ).toBe(401);

      const free = await call(register, {
        token: leader!.token,
        params: { eventId: String(event.id) },
        body: {
          registerData: {
            emails: [leader!.email, mate!.email],
            participationId: option.id,
            teamName: 'Hexers',
          },
        },
      });
      expect(free.status).toBe(201);
      const again = await ask([other!.email, mate!.email], event.id, option.id, other!.token);
      expect(again).toMatchObject({
        status: 409,
        body: {
          message: `${mate!.email} is already registered for Rule Check.`,
          errors: { 'emails.1': `${mate!.email} is already registered for Rule Check.` },
        },
      });
    });

    it('keeps institute teams inside the institute and waives their fee when the event says so', async () => {
      const { event, option } = await createTestEvent(db(), {
        price: 200,
        min: 2,
        max: 2,
        instituteFeeWaived: true,
      });
      const stamp = Date.now();
      const [leader, insider] = await team(2, [
        { email: `lead.${stamp}@daiict.ac.in` },
        { email: `mate.${stamp}@daiict.ac.in` },
      ]);
      const [outsider] = await team(1);
      const mixed = await call(verify, {
        token: leader!.token,
        params: { eventId: String(event.id) },
        body: { emails: [leader!.email, outsider!.email], participationId: option.id },
      });
      expect(mixed.body.message).toBe(
        `Every member of an institute team needs an @daiict.ac.in e-mail address: ${outsider!.email} does not have one.`,
      );
      const ok = await call<{ data: { isDAStudent: boolean; isPaymentMandatory: boolean } }>(verify, {
        token: leader!.token,
        params: { eventId: String(event.id) },
        body: { emails: [leader!.email, insider!.email], participationId: option.id },
      });
      expect(ok.body.data).toMatchObject({ isDAStudent: true, isPaymentMandatory: false });
    });
  });

  describe('free registration', () => {
    it('registers every member once, lists it on each profile and mails each a calendar file', async () => {
      const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1 });
      const [solo] = await team(1);
      const answer = await call(register, {
        token: solo!.token,
        params: { eventId: String(event.id) },
        body: {
          registerData: {
            emails: [solo!.email],
            isDAStudent: true,
            teamName: null,
            participationId: option.id,
          },
          payData: null,
        },
      });
      expect(answer).toMatchObject({
        status: 201,
        body: { message: 'Event Registration Successful. Confirmation has been sent to your mail.' },
      });
      const profile = await call<{ data: { registrationsDetails: { eventName: string }[] } }>(myProfile, {
        token: solo!.token,
        params: { id: solo!.userId },
      });
      expect(profile.body.data.registrationsDetails.map((r) => r.eventName)).toContain(event.name);
      const mails = (await listOutbox(db(), { to: solo!.email })).filter((m) =>
        m.subject.includes(event.name),
      );
      expect(mails).toHaveLength(1);
      expect(mails[0]?.attachments).toEqual([
        { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8' },
        { filename: 'festival-pass.png', contentType: 'image/png' },
      ]);
      expect(mails[0]?.text).toContain('Free registration');
      expect((await liveRegistrations(db(), event.id))[0]?.isDaStudent).toBe(false);
    });

    it('refuses a free registration for an event that must be paid', async () => {
      const { event, option } = await createTestEvent(db(), { price: 50, min: 1, max: 1 });
      const [solo] = await team(1);
      const answer = await call(register, {
        token: solo!.token,
        params: { eventId: String(event.id) },
        body: { registerData: { emails: [solo!.email], participationId: option.id }, payData: null },
      });
      expect(answer).toMatchObject({
        status: 402,
        body: { message: 'This registration needs a payment. Please pay to register.' },
      });
      expect(await liveRegistrations(db(), event.id)).toHaveLength(0);
    });

    it('needs a team name for a team option', async () => {
      const { event, option } = await createTestEvent(db(), { price: 0, min: 2, max: 3 });
      const [a, b] = await team(2);
      const answer = await call(register, {
        token: a!.token,
        params: { eventId: String(event.id) },
        body: { registerData: { emails: [a!.email, b!.email], participationId: option.id, teamName: '  ' } },
      });
      expect(answer).toMatchObject({ status: 400, body: { message: 'Team name is required.' } });
    });
  });

  describe('paid registration', () => {
    it('creates an order in paise at the server price and refuses a changed price', async () => {
      const { event, option } = await createTestEvent(db(), { price: 150, min: 1, max: 1 });
      const [solo] = await team(1);
      const body = { eventId: event.id, participationId: option.id, emails: [solo!.email] };
      const wrong = await call(createOrder, { token: solo!.token, body: { ...body, amount: 100 } });
      expect(wrong).toMatchObject({
        status: 409,
        body: {
          message: 'The price has changed to ₹ 150.00. Please review it and try again.',
          reason: 'price_changed',
        },
      });
      const right = await call<Answer>(createOrder, { token: solo!.token, body: { ...body, amount: 150 } });
      expect(right.status).toBe(200);
      expect(right.body.data.order).toMatchObject({
        amount: 15000,
        currency: 'INR',
        id: expect.stringMatching(/^order_/),
      });
      expect(right.body.data.key_id).toBe(paymentProvider().keyId);
      const [stored] = await db()
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.providerOrderId, right.body.data.order.id));
      expect(stored).toMatchObject({
        purpose: 'event',
        amountPaise: 15000,
        state: 'created',
        userId: solo!.userId,
      });
      expect(stored?.item).toMatchObject({
        eventId: event.id,
        participationId: option.id,
        emails: [solo!.email],
      });
    });

    it('refuses an order for a free registration', async () => {
      const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1 });
      const [solo] = await team(1);
      const answer = await call(createOrder, {
        token: solo!.token,
        body: { amount: 10, eventId: event.id, participationId: option.id, emails: [solo!.email] },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { message: 'This registration is free: no payment is needed.' },
      });
    });

    it('registers a paid team once, on all three profiles, and mails each member once', async () => {
      setSandboxWebhookMode('off');
      const { event, members, order, registerData } = await paidOrder();
      const payData = await sandboxPay(order.id);
      const answer = await call(register, {
        token: members[0]!.token,
        params: { eventId: String(event.id) },
        body: { registerData, payData },
      });
      expect(answer.status).toBe(201);
      for (const member of members) {
        const profile = await call<{ data: { registrationsDetails: { eventName: string }[] } }>(myProfile, {
          token: member.token,
          params: { id: member.userId },
        });
        expect(profile.body.data.registrationsDetails.map((r) => r.eventName)).toEqual([event.name]);
        const mails = (await listOutbox(db(), { to: member.email })).filter((m) =>
          m.subject.includes(event.name),
        );
        expect(mails).toHaveLength(1);
        expect(mails[0]?.text).toContain('₹ 150.00 paid');
        expect(mails[0]?.text).toContain('Team: Owls');
      }
      const [registration] = await liveRegistrations(db(), event.id);
      expect(registration).toMatchObject({ amountPaise: 15000, teamName: 'Owls' });
      const [stored] = await db()
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.providerOrderId, order.id));
      expect(stored).toMatchObject({ state: 'fulfilled', providerPaymentId: payData.razorpay_payment_id });
    });

    it('refuses a forged signature and registers nobody', async () => {
      setSandboxWebhookMode('off');
      const { event, members, order, registerData } = await paidOrder();
      const payData = await sandboxPay(order.id);
      const forged = {
        ...payData,
        razorpay_signature: paymentSignature(order.id, payData.razorpay_payment_id, 'guessed-secret'),
      };
      const answer = await call(register, {
        token: members[0]!.token,
        params: { eventId: String(event.id) },
        body: { registerData, payData: forged },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { message: 'The payment could not be verified: its signature is invalid.' },
      });
      expect(await liveRegistrations(db(), event.id)).toHaveLength(0);
    });

    it('does not register without a captured payment, even with a valid signature', async () => {
      setSandboxWebhookMode('off');
      const { event, members, order, registerData } = await paidOrder();
      const failed = await sandboxPay(order.id, 'failure');
      expect(failed.error?.reason).toBe('payment_failed');
      // A signature made with the real secret for a payment id that was never captured.
      const paymentId = 'pay_NeverCaptured01';
      const payData = {
        razorpay_order_id: order.id,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(order.id, paymentId, paymentProvider().keySecret),
      };
      const answer = await call(register, {
        token: members[0]!.token,
        params: { eventId: String(event.id) },
        body: { registerData, payData },
      });
      expect(answer.status).toBe(400);
      expect(await liveRegistrations(db(), event.id)).toHaveLength(0);
    });

    it("refuses another user's payment and a payment made for a different team", async () => {
      setSandboxWebhookMode('off');
      const { event, members, order, registerData } = await paidOrder();
      const payData = await sandboxPay(order.id);
      const stranger = (await team(1))[0]!;
      const theirs = await call(register, {
        token: stranger.token,
        params: { eventId: String(event.id) },
        body: { registerData, payData },
      });
      expect(theirs).toMatchObject({
        status: 404,
        body: { message: 'No order of yours matches this payment.' },
      });
      const swapped = { ...registerData, emails: [registerData.emails[0]!, stranger.email] };
      const other = await call(register, {
        token: members[0]!.token,
        params: { eventId: String(event.id) },
        body: { registerData: swapped, payData },
      });
      expect(other).toMatchObject({
        status: 400,
        body: { message: 'This payment was made for a different registration.' },
      });
      expect(await liveRegistrations(db(), event.id)).toHaveLength(0);
    });

    it('gives one registration when the same payment is confirmed twice', async () => {
      setSandboxWebhookMode('off');
      const { event, members, order, registerData } = await paidOrder();
      const payData = await sandboxPay(order.id);
      const first = await call(register, {
        token: members[0]!.token,
        params: { eventId: String(event.id) },
        body: { registerData, payData },
      });
      const replay = await call(register, {
        token: members[0]!.token,
        params: { eventId: String(event.id) },
        body: { registerData, payData },
      });
      expect([first.status, replay.status]).toEqual([201, 201]);
      expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
      expect(await liveMembers(db(), event.id)).toHaveLength(3);
      const mails = (await listOutbox(db(), { to: members[1]!.email })).filter((m) =>
        m.subject.includes(event.name),
      );
      expect(mails).toHaveLength(1);
    });

    it('refuses a payment reused for another order', async () => {
      setSandboxWebhookMode('off');
      const first = await paidOrder();
      const payData = await sandboxPay(first.order.id);
      await call(register, {
        token: first.members[0]!.token,
        params: { eventId: String(first.event.id) },
        body: { registerData: first.registerData, payData },
      });
      const second = await paidOrder();
      const reused = {
        razorpay_order_id: second.order.id,
        razorpay_payment_id: payData.razorpay_payment_id,
        razorpay_signature: paymentSignature(
          second.order.id,
          payData.razorpay_payment_id,
          paymentProvider().keySecret,
        ),
      };
      const answer = await call(register, {
        token: second.members[0]!.token,
        params: { eventId: String(second.event.id) },
        body: { registerData: second.registerData, payData: reused },
      });
      expect(answer).toMatchObject({
        status: 400,
        body: { message: 'This payment was made for a different order.' },
      });
      expect(await liveRegistrations(db(), second.event.id)).toHaveLength(0);
    });
  });

  describe('webhooks and reconciliation', () => {
    it('registers the team from the webhook alone when the browser never comes back', async () => {
      setSandboxWebhookMode('immediate');
      const { event, members } = await paidOrder();
      const [order] = await db()
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.userId, members[0]!.userId));
      await sandboxPay(order!.providerOrderId!);
      await sandboxWebhooksSettled();
      expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
      const mails = (await listOutbox(db(), { to: members[2]!.email })).filter((m) =>
        m.subject.includes(event.name),
      );
      expect(mails).toHaveLength(1);
    });

    it('gives one registration when the browser and the webhook race', async () => {
      setSandboxWebhookMode('manual');
      const { event, members, order, registerData } = await paidOrder();
      const payData = await sandboxPay(order.id);
      const [browser] = await Promise.all([
        call(register, {
          token: members[0]!.token,
          params: { eventId: String(event.id) },
          body: { registerData, payData },
        }),
        flushSandboxWebhooks(),
      ]);
      expect(browser.status).toBe(201);
      expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
      expect(await liveMembers(db(), event.id)).toHaveLength(3);
      for (const member of members) {
        const mails = (await listOutbox(db(), { to: member.email })).filter((m) =>
          m.subject.includes(event.name),
        );
        expect(mails).toHaveLength(1);
      }
    });

    it('answers a bad webhook signature with 401 and ignores a duplicate event', async () => {
      const body = JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_x', order_id: 'order_unknown' } } },
      });
      const bad = await call(webhook, {
        rawBody: body,
        headers: { 'x-razorpay-signature': 'deadbeef', 'x-razorpay-event-id': 'evt_bad' },
      });
      expect(bad).toMatchObject({ status: 401, body: { message: 'The webhook signature is invalid.' } });
      const signature = webhookSignature(body, paymentProvider().webhookSecret);
      const headers = { 'x-razorpay-signature': signature, 'x-razorpay-event-id': `evt_dup_${Date.now()}` };
      const first = await call(webhook, { rawBody: body, headers });
      const second = await call(webhook, { rawBody: body, headers });
      expect(first).toMatchObject({ status: 200, body: { message: 'Event received' } });
      expect(second).toMatchObject({ status: 200, body: { message: 'Duplicate event ignored' } });
    });

    it('records a webhook for a payment its order is already settled with as processed, changing nothing', async () => {
      setSandboxWebhookMode('off');
      const { event, members, order, registerData } = await paidOrder();
      const payData = await sandboxPay(order.id);
      const browser = await call(register, {
        token: members[0]!.token,
        params: { eventId: String(event.id) },
        body: { registerData, payData },
      });
      expect(browser.status).toBe(201);
      const mailsBefore = (await listOutbox(db())).length;
      const body = JSON.stringify({
        event: 'payment.captured',
        payload: {
          payment: { entity: { id: payData.razorpay_payment_id, order_id: order.id, status: 'captured' } },
        },
      });
      const eventId = `evt_late_${Date.now()}`;
      const late = await call(webhook, {
        rawBody: body,
        headers: {
          'x-razorpay-signature': webhookSignature(body, paymentProvider().webhookSecret),
          'x-razorpay-event-id': eventId,
        },
      });
      expect(late).toMatchObject({ status: 200, body: { message: 'Event received' } });
      const [recorded] = await db()
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.providerEventId, eventId));
      expect(recorded?.processedAt).toBeInstanceOf(Date);
      expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
      expect(await listOutbox(db())).toHaveLength(mailsBefore);
      const [settled] = await db()
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.providerOrderId, order.id));
      expect(settled).toMatchObject({ state: 'fulfilled', providerPaymentId: payData.razorpay_payment_id });
      // Recorded as processed by the statement that records it: nothing is left to act on.
      const accepted = await acceptWebhook(db(), {
        rawBody: body,
        signature: webhookSignature(body, paymentProvider().webhookSecret),
        eventId: `${eventId}_again`,
      });
      expect(accepted).toMatchObject({ duplicate: false, settled: true, event: 'payment.captured' });
    });

    it('reconciliation settles a paid order whose browser and webhook were both lost', async () => {
      setSandboxWebhookMode('off');
      const { event, order } = await paidOrder();
      await sandboxPay(order.id);
      expect(await liveRegistrations(db(), event.id)).toHaveLength(0);
      const report = await reconcilePayments(db(), { minAgeSeconds: 0 });
      expect(report.settled).toBeGreaterThanOrEqual(1);
      expect(report.errors).toBe(0);
      expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
      const again = await reconcilePayments(db(), { minAgeSeconds: 0 });
      expect(again.settled).toBe(0);
      expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
    });

    it('refunds a paid order that can no longer become a registration, and tells the buyer', async () => {
      setSandboxWebhookMode('off');
      const { event, option, members, order, registerData } = await paidOrder(120, 2);
      // A teammate gets registered for the same event (another team) before the payment is confirmed.
      const { insertRegistration } = await import('@/lib/server/services/event-registration-fulfilment');
      await db().transaction((tx) =>
        insertRegistration(tx, {
          eventId: event.id,
          participationId: option.id,
          teamName: 'Earlier',
          memberUserIds: [members[1]!.userId],
          paymentOrderId: null,
          amountPaise: 0,
          isDaStudent: false,
        }),
      );
      const payData = await sandboxPay(order.id);
      const answer = await call(register, {
        token: members[0]!.token,
        params: { eventId: String(event.id) },
        body: { registerData, payData },
      });
      expect(answer).toMatchObject({
        status: 409,
        body: {
          message:
            'Your payment has been refunded. Someone in this team is already registered for this event.',
        },
      });
      const [stored] = await db()
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.providerOrderId, order.id));
      expect(stored).toMatchObject({ state: 'refunded', providerRefundId: expect.stringMatching(/^rfnd_/) });
      const payment = await paymentProvider().client.fetchPayment(payData.razorpay_payment_id);
      expect(payment).toMatchObject({ status: 'refunded', amount_refunded: 12000 });
      const notice = (await listOutbox(db(), { to: members[0]!.email })).find((m) =>
        m.subject.includes('has been refunded'),
      );
      expect(notice?.text).toContain('₹ 120.00');
      expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
    });

    it('keeps the reconcile endpoint closed without the cron secret', async () => {
      const answer = await call(reconcileRoute, { body: {} });
      expect(answer.status).toBe(404);
    });
  });
});
