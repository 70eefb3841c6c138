import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { POST as createEvent } from '@/app/api/admin/event/route';
import { GET as auditLog } from '@/app/api/admin/audit/route';
import { GET as exportRegistrations } from '@/app/api/admin/export/registrations.csv/route';
import { GET as searchPeople } from '@/app/api/admin/users/route';
import { POST as verifyTeam } from '@/app/api/event-register/user-event-verification/[eventId]/route';
import { POST as login } from '@/app/api/login/route';
import { POST as webhook } from '@/app/api/payment/webhook/route';
import { POST as register } from '@/app/api/register/route';
import { setClockForTests } from '@/lib/server/clock';
import { eventSchema } from '@/lib/schemas/admin-events';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { bodyMessages, maxBodyBytes } from '@/lib/server/http/handler';
import { paymentProvider } from '@/lib/server/payments/provider';
import { webhookSignature } from '@/lib/server/payments/signatures';
import { call } from '../support/api';
import { newRegistration, quickUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-db';

const noParams = { params: Promise.resolve({}) };

/** A POST the way a browser or curl would send it, with the headers given. */
function post(body: BodyInit, headers: Record<string, string> = {}) {
  return new Request('http://localhost/api/login', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.50', ...headers },
    duplex: 'half',
  } as RequestInit);
}

describeEachDatabase('HTTP hardening', (current) => {
  let organiser = '';
  let user = '';
  beforeAll(async () => {
    await seedIfEmpty(current().db);
    organiser = (await quickUser(current().db, { role: 'organiser' })).token;
    user = (await quickUser(current().db)).token;
  });

  it('counts sign-ups per client address: a rotated X-Forwarded-For left of the proxy’s entry changes nothing', async () => {
    // The tests run as behind one proxy; it appends the address it saw (the same caller every time).
    const statuses: number[] = [];
    // One instant for all 31: the limit counts per clock hour, and a loop that ran across the hour (it
    // takes seconds on a busy machine) would start a new count half-way.
    const at = Date.now();
    setClockForTests(() => new Date(at));
    try {
      for (let i = 0; i < 31; i += 1) {
        const answer = await call(register, {
          body: newRegistration(),
          ip: `10.9.${i}.${i}, 198.51.100.77`,
        });
        statuses.push(answer.status);
      }
    } finally {
      setClockForTests(undefined);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another caller still has its own allowance.
    expect((await call(register, { body: newRegistration(), ip: '198.51.100.78' })).status).toBe(201);
  });

  it('refuses a JSON body over 64 KB with a 413, by Content-Length or while reading', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(maxBodyBytes) });
    for (const request of [post(big), post(big, { 'content-length': String(big.length) })]) {
      const answer = await login(request, noParams);
      expect(answer.status).toBe(413);
      expect(await answer.json()).toEqual({ message: bodyMessages.tooLarge });
    }
    // A stream with no length: reading stops soon after the limit, the rest is never pulled.
    let pulled = 0;
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        if (pulled > 1000) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const answer = await login(post(endless), noParams);
    expect(answer.status).toBe(413);
    expect(pulled).toBeLessThan(10);
    // Text bodies (the webhook) are capped the same way.
    const hook = await webhook(post('x'.repeat(maxBodyBytes + 1)), noParams);
    expect(hook.status).toBe(413);
  });

  it('takes JSON only as application/json: a form or text/plain body (cross-site login) is a 415', async () => {
    const body = JSON.stringify({ email: 'a@example.com', password: 'secret12' });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const answer = await login(post(body, { 'content-type': type }), noParams);
      expect(answer.status, type).toBe(415);
      expect(await answer.json()).toEqual({ message: bodyMessages.notJson });
    }
    const withCharset = await login(
      post(body, { 'content-type': 'application/json; charset=utf-8' }),
      noParams,
    );
    expect(withCharset.status).toBe(401);
  });

  it('refuses a state-changing call from another site’s page (403); same site and no Origin pass', async () => {
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'secret12' });
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example', 'garbage']) {
      const answer = await login(post(body, { origin }), noParams);
      expect(answer.status, origin).toBe(403);
      expect(await answer.json()).toEqual({ message: bodyMessages.otherSite });
    }
    // SITE_URL's origin (http://localhost:3000 in tests), the request's own host, and no Origin at all.
    const same: Record<string, string>[] = [
      { origin: 'http://localhost:3000' },
      { origin: 'http://localhost' },
      {},
    ];
    for (const headers of same) {
      expect((await login(post(body, headers), noParams)).status).toBe(401);
    }
    // Reads are not state-changing: a GET with a foreign Origin is answered as usual.
    const read = await exportRegistrations(
      new Request('http://localhost/api/admin/export/registrations.csv', {
        headers: { authorization: `Bearer ${organiser}`, origin: 'https://evil.example' },
      }),
      noParams,
    );
    expect(read.status).toBe(200);
    // The payment provider's webhook posts without an Origin and is still heard (its signature decides).
    const hook = await webhook(post('{"event":"payment.captured"}'), noParams);
    expect(hook.status).not.toBe(403);
    expect(hook.status).not.toBe(415);
  });

  it('answers a signed webhook that is not a JSON object, or holds a NUL, with a 400 and records nothing', async () => {
    const signed = (rawBody: string) =>
      call(webhook, {
        rawBody,
        headers: {
          'x-razorpay-signature': webhookSignature(rawBody, paymentProvider().webhookSecret),
          'x-razorpay-event-id': `evt_bad_${crypto.randomUUID()}`,
        },
      });
    expect(await signed('null')).toMatchObject({
      status: 400,
      body: { message: 'The webhook body is not a JSON object.' },
    });
    expect(await signed('[1,2]')).toMatchObject({ status: 400 });
    expect(await signed('{"event":"payment.captured\\u0000"}')).toMatchObject({
      status: 400,
      body: { message: bodyMessages.nul },
    });
    const withNulOrder = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_x', order_id: 'order_\u0000' } } },
    });
    expect(await signed(withNulOrder)).toMatchObject({ status: 400, body: { message: bodyMessages.nul } });
  });

  it('refuses NUL characters in any body field, query parameter or path parameter with a 400', async () => {
    const nul = { status: 400, body: { message: bodyMessages.nul } };
    expect(await call(register, { body: newRegistration({ first_name: 'As\u0000ha' }) })).toMatchObject({
      ...nul,
      body: { ...nul.body, errors: { first_name: bodyMessages.nul } },
    });
    expect(await call(login, { body: { email: 'a@example.com', password: 'secret\u0000' } })).toMatchObject(
      nul,
    );
    expect(
      await call(verifyTeam, { token: user, params: { eventId: '1' }, body: { emails: ['a\u0000@x.co'] } }),
    ).toMatchObject({ ...nul, body: { errors: { 'emails.0': bodyMessages.nul } } });
    expect(await call(login, { rawBody: '{"email\\u0000":"a@example.com"}' })).toMatchObject(nul);
    expect(
      await call(verifyTeam, { token: user, params: { eventId: '1\u0000' }, body: { emails: ['a@x.co'] } }),
    ).toMatchObject(nul);
    const csv = await call(exportRegistrations, { token: organiser, query: '?q=%00' }).catch(() => null);
    expect(csv).toMatchObject({ ...nul, body: { errors: { q: bodyMessages.nul } } });
    expect(await call(exportRegistrations, { token: organiser, query: '?%00=1' })).toMatchObject(nul);
  });

  it('refuses a body nested thousands of levels deep with a 400, never a 500', async () => {
    // Found by the fuzzing test: walking such a body for NUL characters overflowed the stack.
    const deep = [
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    ];
    for (const rawBody of deep) {
      expect(await call(login, { rawBody })).toMatchObject({
        status: 400,
        body: { message: bodyMessages.tooDeep },
      });
    }
    // Ordinary nesting (an event's participation options) is far below the limit.
    const nested = `${'{"a":'.repeat(30)}1${'}'.repeat(30)}`;
    expect((await call(login, { rawBody: nested })).status).toBe(400);
    expect((await call(login, { rawBody: nested })).body.message).not.toBe(bodyMessages.tooDeep);
  });

  it('refuses dates that do not exist with the field’s message, never a 500', async () => {
    for (const DOB of ['2000-02-30', '2001-02-29', '0000-01-01', '1999-13-01', '1999-00-10', '1999-04-31']) {
      expect(await call(register, { body: newRegistration({ DOB }) }), DOB).toMatchObject({
        status: 400,
        body: { errors: { DOB: 'Date of birth must be a real date' } },
      });
    }
    expect((await call(register, { body: newRegistration({ DOB: '2000-02-29' }) })).status).toBe(201);
    const event = {
      categoryId: 1,
      name: 'Date check',
      description: 'A test event',
      imageUrl: '/images/x.png',
      poc1Name: 'Asha',
      poc1PhoneNo: '9876543210',
    };
    for (const startsAt of ['2027-02-30T10:00', '2027-02-29T10:00', '2027-02-10T24:00', '2027-02-10T10:60']) {
      expect(
        await call(createEvent, { token: organiser, body: { ...event, startsAt } }),
        startsAt,
      ).toMatchObject({
        status: 400,
        body: { errors: { startsAt: 'Start time must be a real date and time.' } },
      });
    }
    // A real leap day passes (checked on the schema: creating it would revalidate Next's cache).
    expect(eventSchema.safeParse({ ...event, startsAt: '2028-02-29T10:00' }).success).toBe(true);
  });

  it('caps the console’s search and audit filters too', async () => {
    const admin = (await quickUser(current().db, { role: 'admin' })).token;
    expect(await call(searchPeople, { token: admin, query: `?q=${'a'.repeat(201)}` })).toMatchObject({
      status: 400,
      body: { errors: { q: 'The search is too long.' } },
    });
    expect((await call(searchPeople, { token: admin, query: '?q=asha' })).status).toBe(200);
    expect(await call(auditLog, { token: organiser, query: `?entityId=${'9'.repeat(101)}` })).toMatchObject({
      status: 400,
      body: { errors: { entityId: 'The entity id is too long.' } },
    });
  });

  it('caps the length of names, college and team names with a message per field', async () => {
    const long = 'a'.repeat(2_000_000 / 1000);
    const answer = await call(register, {
      body: newRegistration({ first_name: long, last_name: long, Clg: long }),
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        errors: {
          first_name: 'Name must be at most 60 characters',
          last_name: 'Name must be at most 60 characters',
          Clg: 'College name must be at most 120 characters',
        },
      },
    });
    expect(
      await call(verifyTeam, {
        token: user,
        params: { eventId: '1' },
        body: { emails: ['a@x.co'], teamName: 'T'.repeat(61) },
      }),
    ).toMatchObject({
      status: 400,
      body: { errors: { teamName: 'Team name must be at most 60 characters.' } },
    });
  });
});
