import { beforeAll, expect, it } from 'vitest';
import { POST as confirmStay } from '@/app/api/accommodation/confirm-user-accommodation/route';
import { GET as accommodationOptions } from '@/app/api/admin/accommodation-option/route';
import { POST as createMerchandise } from '@/app/api/admin/merchandise/route';
import { GET as exportRegistrations } from '@/app/api/admin/export/registrations.csv/route';
import { POST as refund } from '@/app/api/admin/payments/[id]/refund/route';
import { GET as registrationsList } from '@/app/api/admin/registrations/route';
import { PATCH as setRole } from '@/app/api/admin/users/[id]/role/route';
import { POST as upload } from '@/app/api/admin/upload/route';
import { POST as registerAlias } from '@/app/api/auth/route';
import { POST as eventRegistration } from '@/app/api/event-register/event-registration/[eventId]/route';
import { POST as verifyTeam } from '@/app/api/event-register/user-event-verification/[eventId]/route';
import { POST as forgotPassword } from '@/app/api/forgot-password/route';
import { POST as login } from '@/app/api/login/route';
import { POST as orderMerchandise } from '@/app/api/merchandise/order-merchandise/route';
import { POST as createStayOrder } from '@/app/api/payment/create-accomodation-order/route';
import { POST as createEventOrder } from '@/app/api/payment/create-event-order/route';
import { POST as createMerchOrder } from '@/app/api/payment/create-merchandise-order/route';
import { POST as webhook } from '@/app/api/payment/webhook/route';
import { POST as register } from '@/app/api/register/route';
import { POST as resendOtp } from '@/app/api/resend-otp/route';
import { POST as resetPassword } from '@/app/api/reset-password/route';
import { POST as validateOtp } from '@/app/api/validate-otp/route';
import { GET as myProfile } from '@/app/api/my-profile/[id]/route';
import { GET as getUpload } from '@/app/api/uploads/[id]/route';
import { eq } from 'drizzle-orm';
import { uploads } from '@/lib/server/db/schema';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { call, multipartRequest } from '../support/api';
import { quickUser } from '../support/accounts';
import { describeEachDatabase } from '../support/test-db';

/** Bodies a careless or hostile client might send. None may produce a 500. */
const badBodies = [
  '',
  'null',
  '[]',
  '"text"',
  '42',
  '{',
  '{}',
  '{"email": 5, "password": [], "otp": {}, "amount": "lots", "cart": "x", "emails": "a@b.co"}',
  '{"registerData": [], "payData": "x", "userId": "not-a-uuid", "accommodationId": -1}',
  '{"amount": 1e309, "eventId": "1; drop table users", "participationId": 0.5, "emails": [null]}',
  JSON.stringify({ email: 'a'.repeat(10_000) + '@x.co', password: 'p'.repeat(10_000) }),
  // NUL characters, which PostgreSQL refuses in text, in values and in a key.
  '{"email": "a\\u0000@x.co", "first_name": "\\u0000", "emails": ["\\u0000"], "cart": [{"size\\u0000": 1}]}',
  // Half a character (lone UTF-16 surrogates, which JSON escapes can carry): PGlite cannot encode them.
  '{"email": "a\\ud800@x.co", "first_name": "\\udc38", "emails": ["\\uda56"], "cart": [{"size\\ud800": 1}]}',
  // Dates that do not exist, and more than 64 KB.
  '{"DOB": "2001-02-29", "startsAt": "2027-02-30T10:00"}',
  JSON.stringify({ first_name: 'a'.repeat(70_000) }),
];

const routes = {
  register,
  registerAlias,
  validateOtp,
  resendOtp,
  login,
  forgotPassword,
  resetPassword,
  verifyTeam,
  eventRegistration,
  createEventOrder,
  createMerchOrder,
  orderMerchandise,
  createStayOrder,
  confirmStay,
  webhook,
};

describeEachDatabase('malformed input', (current) => {
  let token = '';
  beforeAll(async () => {
    await seedIfEmpty(current().db);
    token = (await quickUser(current().db)).token;
  });

  for (const [name, handler] of Object.entries(routes)) {
    it(`${name} answers every malformed body with a 4xx and a message`, async () => {
      for (const rawBody of badBodies) {
        const answer = await call(handler as never, { rawBody, token, params: { eventId: '1' } });
        expect(answer.status, `${name} with ${rawBody.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(answer.status, `${name} with ${rawBody.slice(0, 60)}`).toBeLessThan(500);
        expect(typeof answer.body.message).toBe('string');
      }
    });
  }

  it('refuses half a character in a console write with a 400 naming the field, never a 500', async () => {
    // Found by the fuzzing test: a merchandise name holding a lone surrogate reached PGlite, which could
    // not encode it (a 500). A whole character outside the BMP (a surrogate pair) is text like any other.
    const organiser = (await quickUser(current().db, { role: 'organiser' })).token;
    const product = (name: string) => ({
      name,
      description: 'A shirt',
      price: 499,
      image1Url: '/images/a.png',
      image2Url: '/images/b.png',
    });
    const refused = await call(createMerchandise, {
      token: organiser,
      rawBody: JSON.stringify(product('x')).replace('"x"', '"\\uda56\\u202e\\udc38x"'),
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message: 'Text must be valid Unicode: it holds half of a character (a lone surrogate).',
        errors: { name: 'Text must be valid Unicode: it holds half of a character (a lone surrogate).' },
      },
    });
    const accepted = await call(createMerchandise, {
      token: organiser,
      body: product('Dragon tee \u{1F409}'),
    });
    expect(accepted.status).toBe(201);
  });

  it('answers malformed ids in URLs with a 4xx', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999', "1' or '1'='1"]) {
      expect(
        (await call(verifyTeam, { token, params: { eventId: id }, body: { emails: ['x@y.co'] } })).status,
      ).toBe(400);
      expect((await call(myProfile, { token, params: { id } })).status).toBe(403);
      expect((await call(getUpload, { token, params: { id } })).status).toBe(404);
    }
  });

  it('answers an id in a body past PostgreSQL’s integer with a 400, never a 500', async () => {
    // Found by the fuzzing test: 2^31 or more reached the database as an id, whose range error was a 500.
    for (const big of [2 ** 31, Number.MAX_SAFE_INTEGER, '99999999999999999999']) {
      const bodies: [string, (typeof routes)[keyof typeof routes], unknown][] = [
        ['stay order', createStayOrder, { amount: 1, accommodationId: big }],
        [
          'event order',
          createEventOrder,
          { amount: 1, eventId: big, participationId: 1, emails: ['a@x.co'] },
        ],
        [
          'event order option',
          createEventOrder,
          { amount: 1, eventId: 1, participationId: big, emails: ['a@x.co'] },
        ],
        ['T-shirt order', createMerchOrder, { amount: 1, cart: [{ variantId: big, qty: 1 }] }],
        ['team check', verifyTeam, { emails: ['a@x.co'], participationId: big }],
        ['registration', eventRegistration, { registerData: { emails: ['a@x.co'], participationId: big } }],
      ];
      for (const [name, handler, body] of bodies) {
        const answer = await call(handler as never, { token, body, params: { eventId: '1' } });
        expect(answer.status, `${name} with ${big}`).toBe(400);
      }
    }
  });

  it('answers a malformed uuid in a URL with a 404 that names the record, never a 500', async () => {
    const admin = (await quickUser(current().db, { role: 'admin' })).token;
    for (const id of ['abc', '1', "1' or '1'='1", '0000000-0000-4000-8000-000000000000', 'x'.repeat(300)]) {
      expect(await call(refund, { token: admin, params: { id }, body: {} })).toMatchObject({
        status: 404,
        body: { message: 'No payment has that id.' },
      });
      expect(await call(getUpload, { token, params: { id } })).toMatchObject({
        status: 404,
        body: { message: 'No file has that id.' },
      });
      expect(
        await call(setRole, { token: admin, params: { id }, method: 'PATCH', body: { role: 'user' } }),
      ).toMatchObject({ status: 404, body: { message: 'No account has that id.' } });
    }
  });

  it('answers a malformed query string with a 400 and per-field errors, never a 500', async () => {
    const organiser = (await quickUser(current().db, { role: 'organiser' })).token;
    expect(await call(registrationsList, { token: organiser, query: '?page=abc' })).toMatchObject({
      status: 400,
      body: { message: 'The page must be a number.', errors: { page: 'The page must be a number.' } },
    });
    expect(
      await call(exportRegistrations, { token: organiser, query: '?eventId=-1&status=lost' }),
    ).toMatchObject({
      status: 400,
      body: {
        message: 'The event must be a positive number.',
        errors: {
          eventId: 'The event must be a positive number.',
          status: 'The status must be confirmed or cancelled.',
        },
      },
    });
    const typeMessage = 'The accommodation type id must be a positive whole number.';
    for (const typeId of ['abc', '0', '1.5', '99999999999', "1' or '1'='1"]) {
      expect(
        await call(accommodationOptions, {
          token: organiser,
          query: `?typeId=${encodeURIComponent(typeId)}`,
        }),
      ).toMatchObject({ status: 400, body: { message: typeMessage, errors: { typeId: typeMessage } } });
    }
  });

  it('saves an upload whose file name holds control characters, without them', async () => {
    // Found by the fuzzing test: a NUL in the file name reached PostgreSQL, which refuses it (a 500).
    const response = await upload(
      multipartRequest('http://localhost/api/admin/upload', token, { name: 'id\u0000\u0007card.png' }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: { url: string } };
    const [row] = await current()
      .db.select({ originalName: uploads.originalName })
      .from(uploads)
      .where(eq(uploads.id, data.url.split('/').pop()!));
    expect(row?.originalName).toBe('idcard.png');
  });

  it('answers an upload without multipart data with a 400', async () => {
    const response = await upload(
      new Request('http://localhost/api/admin/upload', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{}',
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(400);
  });
});
