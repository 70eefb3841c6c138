import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as confirmStay } from '@/app/api/accommodation/confirm-user-accommodation/route';
import { POST as checkIn } from '@/app/api/admin/check-in/route';
import { POST as revocation } from '@/app/api/admin/passes/revocation/route';
import { POST as upload } from '@/app/api/admin/upload/route';
import { POST as register } from '@/app/api/event-register/event-registration/[eventId]/route';
import { GET as myPass } from '@/app/api/my-pass/route';
import { POST as createStayOrder } from '@/app/api/payment/create-accomodation-order/route';
import type { CheckInResult, MyPass } from '@/lib/schemas/passes';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  accommodationOptions,
  accommodationTypes,
  auditLog,
  checkIns,
  festivalPasses,
  mailOutbox,
  registrationMembers,
  registrations,
} from '@/lib/server/db/schema';
import { setSandboxWebhookMode } from '@/lib/server/payments/sandbox/webhooks';
import { call, multipartRequest } from '../support/api';
import { quickUser } from '../support/accounts';
import { createTestEvent } from '../support/events';
import { sandboxPay } from '../support/sandbox';
import { describeEachDatabase } from '../support/test-db';
import { normalisePassCode } from '@/lib/server/passes/pass-code';

/** The text of the QR code in a PNG, as a scanner would read it (pngjs comes with the qrcode package). */
function readQr(png: Buffer): string {
  const { PNG } = createRequire(import.meta.url)('pngjs') as {
    PNG: { sync: { read(data: Buffer): { width: number; height: number; data: Buffer } } };
  };
  const image = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!found) throw new Error('no QR code found in the image');
  return found.data;
}

type Person = Awaited<ReturnType<typeof quickUser>>;
type PassAnswer = { message: string; data: MyPass };
type CheckInAnswer = { message: string; data: CheckInResult; reason?: string };

afterEach(() => {
  setClockForTests(undefined);
  setSandboxWebhookMode('immediate');
});

describeEachDatabase('festival passes and check-in', (current) => {
  const db = () => current().db;
  let organiser: Person;
  let secondOrganiser: Person;

  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
    secondOrganiser = await quickUser(db(), { role: 'admin' });
  });
  beforeEach(() => setSandboxWebhookMode('off'));

  /** A free team event with these people registered (leader first); returns the event. */
  async function registerTeam(people: Person[]) {
    const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 4 });
    const answer = await call(register, {
      token: people[0]!.token,
      params: { eventId: String(event.id) },
      body: {
        registerData: {
          emails: people.map((p) => p.email),
          participationId: option.id,
          teamName: 'Gatecrashers',
        },
        payData: null,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return event;
  }

  async function passOf(person: Person) {
    const answer = await call<PassAnswer>(myPass, { token: person.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  async function participant() {
    const person = await quickUser(db());
    const event = await registerTeam([person]);
    return { person, event, pass: await passOf(person) };
  }

  const scan = (code: string, by: Person = organiser) =>
    call<CheckInAnswer>(checkIn, { token: by.token, body: { code } });

  /** Mail rows (with their stored attachments) sent to a person. */
  async function mailsTo(email: string) {
    return db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
  }

  describe('passes are issued', () => {
    it('gives every member of a registration a pass and mails each their own QR as a PNG with the code', async () => {
      const team = [await quickUser(db()), await quickUser(db()), await quickUser(db())];
      const event = await registerTeam(team);
      const codes = new Set<string>();
      for (const member of team) {
        const [row] = await db()
          .select()
          .from(festivalPasses)
          .where(eq(festivalPasses.userId, member.userId));
        expect(row).toBeDefined();
        const pass = await passOf(member);
        expect(pass.status).toBe('valid');
        expect(pass.events.map((e) => e.eventName)).toEqual([event.name]);
        codes.add(pass.code);
        const [mail] = (await mailsTo(member.email)).filter((m) => m.subject.includes(event.name));
        expect(mail?.text).toContain(`Your festival pass code: ${pass.code}`);
        const attachments = mail!.attachments as {
          filename: string;
          contentType: string;
          contentBase64: string;
        }[];
        const qr = attachments.find((a) => a.filename === 'festival-pass.png');
        expect(qr?.contentType).toBe('image/png');
        const bytes = Buffer.from(qr!.contentBase64, 'base64');
        expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
        // A scanner reads the pass's own code from it.
        expect(normalisePassCode(readQr(bytes))).toBe(normalisePassCode(pass.code));
      }
      expect(codes.size).toBe(3);
    });

    it('keeps one pass per person across several registrations', async () => {
      const person = await quickUser(db());
      const first = await registerTeam([person]);
      const code = (await passOf(person)).code;
      const second = await registerTeam([person]);
      const rows = await db().select().from(festivalPasses).where(eq(festivalPasses.userId, person.userId));
      expect(rows).toHaveLength(1);
      const pass = await passOf(person);
      expect(pass.code).toBe(code);
      expect(pass.events.map((e) => e.eventName).sort()).toEqual([first.name, second.name].sort());
    });

    it('gives an accommodation guest a pass and attaches it to the booking mail', async () => {
      const [type] = await db()
        .insert(accommodationTypes)
        .values({ accommodationType: 'Gate hall', pricePerNight: 300 })
        .returning();
      const [option] = await db()
        .insert(accommodationOptions)
        .values({ typeId: type!.id, startDate: '2027-02-20', days: 2, capacity: 5 })
        .returning();
      const guest = await quickUser(db());
      const uploaded = await upload(multipartRequest('http://localhost/api/admin/upload', guest.token), {
        params: Promise.resolve({}),
      });
      const proof = ((await uploaded.json()) as { data: { url: string } }).data.url;
      const created = await call<{ data: { order: { id: string } } }>(createStayOrder, {
        token: guest.token,
        body: { amount: 600, accommodationId: option!.id, identityProofUrl: proof },
      });
      const payData = await sandboxPay(created.body.data.order.id);
      const confirmed = await call(confirmStay, {
        token: guest.token,
        body: { userId: guest.userId, accommodationId: option!.id, identityProofUrl: proof, payData },
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);

      const pass = await passOf(guest);
      expect(pass).toMatchObject({
        status: 'valid',
        events: [],
        accommodation: { type: 'Gate hall', startDate: '2027-02-20', endDate: '2027-02-22', nights: 2 },
      });
      const [mail] = (await mailsTo(guest.email)).filter((m) =>
        m.subject.includes('accommodation is booked'),
      );
      expect(mail?.text).toContain(pass.code);
      expect(mail?.attachments).toEqual([
        expect.objectContaining({ filename: 'festival-pass.png', contentType: 'image/png' }),
      ]);
    });
  });

  describe('GET /api/my-pass', () => {
    it('answers the caller their own pass: code, QR as SVG, name, college, events', async () => {
      const { person, event, pass } = await participant();
      expect(pass.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){7}$/);
      expect(pass.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(pass).toMatchObject({
        name: expect.stringMatching(/^Quick Buyer\d+$/),
        college: 'Test College',
        events: [{ eventName: event.name, teamName: 'Gatecrashers' }],
        accommodation: null,
      });
      // Someone else asking gets their own pass, never this one.
      const other = await participant();
      expect(other.pass.code).not.toBe(pass.code);
      expect((await passOf(person)).code).toBe(pass.code);
    });

    it('answers 404 with a clear message to someone without a pass, and 401 to the signed-out', async () => {
      const nobody = await quickUser(db());
      expect(await call(myPass, { token: nobody.token })).toMatchObject({
        status: 404,
        body: {
          message:
            'You do not have a festival pass yet. Register for an event or book accommodation to get one.',
        },
      });
      expect((await call(myPass)).status).toBe(401);
    });
  });

  describe('POST /api/admin/check-in', () => {
    it('checks a pass in from its QR payload, with the holder details, and writes the audit log', async () => {
      const { person, event, pass } = await participant();
      const answer = await scan(`AFP1:${pass.code.replace(/-/g, '')}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.message).toBe(`${pass.name} is checked in.`);
      expect(answer.body.data).toMatchObject({
        status: 'checked_in',
        name: pass.name,
        college: 'Test College',
        email: person.email,
        events: [{ eventName: event.name }],
        accommodation: null,
        checkedInBy: { email: organiser.email },
      });
      const [passRow] = await db()
        .select()
        .from(festivalPasses)
        .where(eq(festivalPasses.userId, person.userId));
      const audit = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'check_in'), eq(auditLog.entityId, passRow!.id)));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actorEmail: organiser.email, entity: 'festival_pass' });
    });

    it('a second scan the same day says when and by whom the pass was already used', async () => {
      const { pass } = await participant();
      const first = await scan(pass.code);
      expect(first.body.data.status).toBe('checked_in');
      const second = await scan(pass.code, secondOrganiser);
      expect(second.status).toBe(200);
      expect(second.body.data).toMatchObject({
        status: 'already_checked_in',
        name: pass.name,
        checkedInAt: first.body.data.checkedInAt,
        checkedInBy: { email: organiser.email, name: expect.stringMatching(/^Quick Buyer\d+$/) },
      });
      expect(second.body.message).toMatch(
        new RegExp(
          `^This pass was already used today at .+ by Quick Buyer\\d+ \\(${organiser.email.replace(/\./g, '\\.')}\\)\\.$`,
        ),
      );
    });

    it('checks the same pass in again on the next festival day (India time)', async () => {
      const { pass } = await participant();
      setClockForTests(() => new Date('2027-02-20T18:20:00Z')); // 23:50 on the 20th in India
      expect((await scan(pass.code)).body.data).toMatchObject({
        status: 'checked_in',
        festivalDay: '2027-02-20',
      });
      setClockForTests(() => new Date('2027-02-20T18:40:00Z')); // 00:10 on the 21st in India
      expect((await scan(pass.code)).body.data).toMatchObject({
        status: 'checked_in',
        festivalDay: '2027-02-21',
      });
      expect((await scan(pass.code)).body.data.status).toBe('already_checked_in');
    });

    it('accepts the typed code in any case, with dashes or spaces anywhere', async () => {
      const { pass } = await participant();
      const typed = pass.code
        .toLowerCase()
        .replace(/-/g, ' ')
        .replace(/^(.{3})/, '$1-');
      const answer = await scan(`  ${typed} `);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.status).toBe('checked_in');
    });

    it('refuses a forged code, a tampered signature and garbage with "This pass is not valid." and records nothing', async () => {
      const { pass } = await participant();
      const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
      const forged = Array.from(crypto.randomBytes(40), (b) => alphabet[b % 32]).join('');
      const raw = pass.code.replace(/-/g, '');
      const tampered = raw.slice(0, 39) + (raw[39] === 'A' ? 'B' : 'A');
      const otherId = raw.slice(0, 5) + (raw[5] === 'A' ? 'B' : 'A') + raw.slice(6);
      const before = (await db().select().from(checkIns)).length;
      for (const code of [forged, tampered, `AFP1:${tampered}`, otherId, 'hello', crypto.randomUUID()]) {
        expect(await scan(code), code).toMatchObject({
          status: 400,
          body: { message: 'This pass is not valid.' },
        });
      }
      expect(await scan('   ')).toMatchObject({
        status: 400,
        body: { message: 'Please scan a pass or type its code.' },
      });
      expect((await scan('x'.repeat(500))).status).toBe(400);
      expect((await db().select().from(checkIns)).length).toBe(before);
    });

    it('refuses a pass whose registration was cancelled (409) and a revoked pass (410)', async () => {
      const { person, pass } = await participant();
      await db()
        .update(registrationMembers)
        .set({ cancelledAt: new Date() })
        .where(eq(registrationMembers.userId, person.userId));
      await db()
        .update(registrations)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(registrations.leaderUserId, person.userId));
      expect(await scan(pass.code)).toMatchObject({
        status: 409,
        body: {
          message: `This pass is cancelled: ${pass.name} has no registration or booking left.`,
          reason: 'cancelled',
        },
      });
      expect((await passOf(person)).status).toBe('cancelled');

      const revoked = await participant();
      await db()
        .update(festivalPasses)
        .set({ revokedAt: new Date() })
        .where(eq(festivalPasses.userId, revoked.person.userId));
      expect(await scan(revoked.pass.code)).toMatchObject({
        status: 410,
        body: { reason: 'revoked', message: expect.stringContaining('This pass was revoked') },
      });
      expect((await passOf(revoked.person)).status).toBe('revoked');
      for (const userId of [person.userId, revoked.person.userId]) {
        const [passRow] = await db().select().from(festivalPasses).where(eq(festivalPasses.userId, userId));
        expect(await db().select().from(checkIns).where(eq(checkIns.passId, passRow!.id))).toEqual([]);
      }
    });

    it('an organiser revokes a pass by its code (the gate refuses it) and restores it, both audited', async () => {
      const { person, pass } = await participant();
      const revoked = await call(revocation, {
        token: organiser.token,
        body: { code: pass.code, revoked: true },
      });
      expect(revoked).toMatchObject({
        status: 200,
        body: { message: `The pass of ${person.email} is revoked: the gate will refuse it.` },
      });
      expect(await scan(pass.code)).toMatchObject({ status: 410, body: { reason: 'revoked' } });
      expect((await passOf(person)).status).toBe('revoked');

      const restored = await call(revocation, {
        token: organiser.token,
        body: { code: pass.code.toLowerCase(), revoked: false },
      });
      expect(restored).toMatchObject({
        status: 200,
        body: { message: `The pass of ${person.email} is valid again.` },
      });
      expect((await scan(pass.code)).body.data).toMatchObject({ status: 'checked_in' });

      const [passRow] = await db()
        .select()
        .from(festivalPasses)
        .where(eq(festivalPasses.userId, person.userId));
      const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, passRow!.id));
      expect(audit.map((a) => a.action).sort()).toEqual(['check_in', 'restore', 'revoke']);
    });

    it('refuses to revoke a forged code (400) or without saying revoke or restore (400)', async () => {
      const { pass } = await participant();
      const forged = `${pass.code.slice(0, -1)}${pass.code.endsWith('0') ? '1' : '0'}`;
      expect(
        await call(revocation, { token: organiser.token, body: { code: forged, revoked: true } }),
      ).toMatchObject({ status: 400, body: { message: 'This pass is not valid.' } });
      expect(await call(revocation, { token: organiser.token, body: { code: pass.code } })).toMatchObject({
        status: 400,
        body: { message: 'Say whether the pass is revoked (true) or restored (false).' },
      });
    });

    it('records one check-in when the same pass is scanned at several gates at once', async () => {
      const { person, pass } = await participant();
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) => scan(pass.code, i % 2 === 0 ? organiser : secondOrganiser)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect(answers.filter((a) => a.body.data.status === 'checked_in')).toHaveLength(1);
      expect(answers.filter((a) => a.body.data.status === 'already_checked_in')).toHaveLength(5);
      const [passRow] = await db()
        .select()
        .from(festivalPasses)
        .where(eq(festivalPasses.userId, person.userId));
      expect(await db().select().from(checkIns).where(eq(checkIns.passId, passRow!.id))).toHaveLength(1);
    });

    it('is refused to the signed-out (401) and to participants (403), even with a valid pass', async () => {
      const { person, pass } = await participant();
      expect(await call(checkIn, { body: { code: pass.code } })).toMatchObject({
        status: 401,
        body: { message: 'Please log in to continue.' },
      });
      expect(await call(checkIn, { token: person.token, body: { code: pass.code } })).toMatchObject({
        status: 403,
        body: { message: 'You do not have permission to do this.' },
      });
      expect(await call(checkIn, { token: person.token, body: { code: 'garbage' } })).toMatchObject({
        status: 403,
      });
      const [passRow] = await db()
        .select()
        .from(festivalPasses)
        .where(eq(festivalPasses.userId, person.userId));
      expect(await db().select().from(checkIns).where(eq(checkIns.passId, passRow!.id))).toEqual([]);
    });
  });
});
