import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { GET as detailsGet, PATCH as detailsPatch } from '@/app/api/my-details/route';
import { POST as emailRoute } from '@/app/api/my-details/email/route';
import { POST as confirmRoute } from '@/app/api/my-details/email/confirm/route';
import { POST as replaceRoute } from '@/app/api/my-details/replace-certificates/route';
import type { DetailsOutcome, MyDetails } from '@/lib/schemas/own-details';
import { newCertificateId } from '@/lib/server/certificates/ids';
import { publicCertificate } from '@/lib/server/certificates/public-view';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { auditLog, certificates, mailOutbox, participantChanges, users } from '@/lib/server/db/schema';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent, registerFreeSolo } from '../support/events';
import { describeEachDatabase } from '../support/test-db';

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

type Person = Awaited<ReturnType<typeof quickUser>>;

describeEachDatabase('a participant corrects their own details', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });

  function patch(person: Person, body: unknown) {
    return call<{ message: string; data: DetailsOutcome; errors?: Record<string, string> }>(detailsPatch, {
      token: person.token,
      body,
      method: 'PATCH',
    });
  }

  async function codeFor(email: string) {
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    return mail?.text.match(/\b\d{6}\b/)?.[0] ?? null;
  }

  it('corrects each field once, audited, and refuses bad input with the sign-up messages', async () => {
    const person = await quickUser(db());
    const body = { firstName: 'Asha', lastName: 'Verma', phone: '9876543210', college: 'Nirma University' };
    const [first, second] = await Promise.all([patch(person, body), patch(person, body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.data.changed.length, second.body.data.changed.length].sort()).toEqual([0, 4]);
    const [row] = await db().select().from(users).where(eq(users.id, person.userId));
    expect(row).toMatchObject({
      firstName: 'Asha',
      lastName: 'Verma',
      phoneNumber: '9876543210',
      college: 'Nirma University',
    });
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, person.userId));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toMatchObject({
      firstName: 'Quick',
      phone: '9000000123',
      college: 'Test College',
    });
    expect(audit[0]!.after).toMatchObject({ firstName: 'Asha', phone: '9876543210' });
    const changes = await db()
      .select()
      .from(participantChanges)
      .where(eq(participantChanges.userId, person.userId));
    expect(changes).toMatchObject([{ action: 'details', entity: 'account' }]);

    const bad = await patch(person, { firstName: 'R2D2', phone: '12345' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Name must contain only letters');
    expect(JSON.stringify(bad.body)).toContain('Phone number must be 10 digits');
    expect((await patch(person, {})).status).toBe(400);
  });

  it('changes the e-mail by a code sent to the new address: wrong code counted, then confirmed', async () => {
    const person = await quickUser(db());
    const newEmail = `moved.${Date.now()}@example.com`;
    const asked = await call(emailRoute, { token: person.token, body: { email: newEmail } });
    expect(asked.status).toBe(200);
    const code = await codeFor(newEmail);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await call(confirmRoute, {
      token: person.token,
      body: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toContain('not right');
    const right = await call<{ data: { email: string; token: string } }>(confirmRoute, {
      token: person.token,
      body: { code },
    });
    expect(right.status).toBe(200);
    expect(right.body.data.email).toBe(newEmail);
    // The old token carried the old address: it no longer works; the new one does.
    expect((await call(detailsGet, { token: person.token })).status).toBe(401);
    const mine = await call<{ data: MyDetails }>(detailsGet, { token: right.body.data.token });
    expect(mine.body.data.email).toBe(newEmail);
    const toOld = await db().select().from(mailOutbox).where(eq(mailOutbox.to, person.email));
    expect(toOld.some((m) => m.subject.includes('e-mail address was changed'))).toBe(true);
    const again = await call(confirmRoute, { token: right.body.data.token, body: { code } });
    expect(again.status).toBe(400);
  });

  it('sends no code to an address another account holds, and lets one of two racing accounts take a new one', async () => {
    const person = await quickUser(db());
    const other = await quickUser(db());
    const taken = await call(emailRoute, { token: person.token, body: { email: other.email } });
    expect(taken.status).toBe(200);
    expect(await codeFor(other.email)).toBeNull();

    const a = await quickUser(db());
    const b = await quickUser(db());
    const target = `race.${Date.now()}@example.com`;
    expect((await call(emailRoute, { token: a.token, body: { email: target } })).status).toBe(200);
    const codeA = await codeFor(target);
    await db().delete(mailOutbox).where(eq(mailOutbox.to, target));
    expect((await call(emailRoute, { token: b.token, body: { email: target } })).status).toBe(200);
    const codeB = await codeFor(target);
    const results = await Promise.all([
      call(confirmRoute, { token: a.token, body: { code: codeA } }),
      call(confirmRoute, { token: b.token, body: { code: codeB } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const holders = await db().select().from(users).where(eq(users.email, target));
    expect(holders).toHaveLength(1);
  });

  it('refuses an expired code, and locks a code after five wrong tries', async () => {
    const late = await quickUser(db());
    const lateEmail = `late.${Date.now()}@example.com`;
    expect((await call(emailRoute, { token: late.token, body: { email: lateEmail } })).status).toBe(200);
    const lateCode = await codeFor(lateEmail);
    const later = new Date(Date.now() + 11 * 60_000);
    setClockForTests(() => later);
    const expired = await call(confirmRoute, { token: late.token, body: { code: lateCode } });
    setClockForTests(undefined);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ message: 'This code has expired. Ask for a new one.' });

    const guesser = await quickUser(db());
    const guessEmail = `guess.${Date.now()}@example.com`;
    expect((await call(emailRoute, { token: guesser.token, body: { email: guessEmail } })).status).toBe(200);
    const right = (await codeFor(guessEmail))!;
    const wrongCode = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const wrong = await call(confirmRoute, { token: guesser.token, body: { code: wrongCode } });
      expect(wrong.status).toBe(400);
    }
    const locked = await call(confirmRoute, { token: guesser.token, body: { code: right } });
    expect(locked.status).toBe(400);
    expect(locked.body).toMatchObject({ message: 'Too many wrong tries. Ask for a new code.' });
    const [row] = await db().select().from(users).where(eq(users.id, guesser.userId));
    expect(row!.email).toBe(guesser.email);
  });

  it('keeps an institute address while a registration relies on the institute’s rules', async () => {
    const student = await quickUser(db(), { email: `student.${Date.now()}@daiict.ac.in` });
    const { event, option } = await createTestEvent(db(), {
      price: 100,
      min: 1,
      max: 1,
      instituteFeeWaived: true,
    });
    expect((await registerFreeSolo(student, event.id, option.id)).status).toBe(201);
    const refused = await call(emailRoute, {
      token: student.token,
      body: { email: `student.${Date.now()}@example.com` },
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('was made under the institute');
    // Within the institute's domain, the change is fine.
    const within = await call(emailRoute, {
      token: student.token,
      body: { email: `student.moved.${Date.now()}@daiict.ac.in` },
    });
    expect(within.status).toBe(200);
  });

  it('offers and makes a replacement certificate after a name change; the old one says replaced', async () => {
    const person = await quickUser(db());
    const oldId = newCertificateId();
    const [row] = await db().select().from(users).where(eq(users.id, person.userId));
    await db()
      .insert(certificates)
      .values({
        id: oldId,
        kind: 'volunteer',
        userId: person.userId,
        recipientName: `${row!.firstName} ${row!.lastName}`,
        college: row!.college,
        title: 'Volunteer',
      });
    const changed = await patch(person, { firstName: 'Meera' });
    expect(changed.body.data.certificatesToReplace).toBe(1);
    const [first, second] = await Promise.all([
      call<{ data: { replaced: { oldId: string; newId: string }[] } }>(replaceRoute, {
        token: person.token,
        body: {},
      }),
      call<{ data: { replaced: { oldId: string; newId: string }[] } }>(replaceRoute, {
        token: person.token,
        body: {},
      }),
    ]);
    const replaced = [...first.body.data.replaced, ...second.body.data.replaced];
    expect(replaced).toHaveLength(1);
    const [old] = await db().select().from(certificates).where(eq(certificates.id, oldId));
    expect(publicCertificate(old!).status).toBe('replaced');
    const [fresh] = await db()
      .select()
      .from(certificates)
      .where(and(eq(certificates.id, replaced[0]!.newId), eq(certificates.userId, person.userId)));
    expect(fresh!.recipientName).toBe(`Meera ${row!.lastName}`);
  });
});
