import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { POST as issue } from '@/app/api/admin/certificates/issue/route';
import { POST as setProof } from '@/app/api/admin/certificates/proof/route';
import { POST as replace } from '@/app/api/admin/certificates/replace/route';
import { POST as revoke } from '@/app/api/admin/certificates/revoke/route';
import { GET as pdfOf } from '@/app/api/certificates/[id]/pdf/route';
import { GET as lookup } from '@/app/api/certificates/[id]/route';
import { GET as mine } from '@/app/api/my-certificates/route';
import { warmUpRenderer } from '@/lib/server/certificates/pdf-cache';
import type { PublicCertificate } from '@/lib/server/certificates/public-view';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  attendance,
  eventSessions,
  mailOutbox,
  publishedResults,
  registrationMembers,
  resultPlacings,
  users,
  venues,
} from '@/lib/server/db/schema';
import { call } from '../support/api';
import { quickUser } from '../support/accounts';
import { createTestEvent, registerFreeTeams } from '../support/events';
import { describeEachDatabase } from '../support/test-db';

type Person = Awaited<ReturnType<typeof quickUser>>;
type Mine = { data: { certificates: PublicCertificate[] } };

describeEachDatabase('certificates', (current) => {
  const db = () => current().db;
  let organiser: Person;

  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
  });

  async function teamEvent(people: Person[]) {
    const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 4 });
    const [registrationId] = await registerFreeTeams(db(), event.id, option.id, [people], () => 'Quills');
    return { event, registrationId: registrationId! };
  }

  const issueFor = (kind: string, eventId?: number) =>
    call<{ data: { issued: number; eligible: number } }>(issue, {
      token: organiser.token,
      body: eventId ? { kind, eventId } : { kind },
    });

  async function certificatesOf(person: Person) {
    const answer = await call<Mine>(mine, { token: person.token });
    expect(answer.status).toBe(200);
    return answer.body.data.certificates;
  }

  const lookUp = (id: string) => call<{ data: PublicCertificate }>(lookup, { params: { id } });

  it('participation by attendance: only members marked present, cancelled members left out', async () => {
    const [a, b, c] = [await quickUser(db()), await quickUser(db()), await quickUser(db())];
    const { event, registrationId } = await teamEvent([a, b, c]);
    const [venue] = await db().insert(venues).values({ name: 'Hall' }).returning();
    const [session] = await db()
      .insert(eventSessions)
      .values({
        eventId: event.id,
        venueId: venue!.id,
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 3600e3),
      })
      .returning();
    for (const person of [a, c]) {
      await db().insert(attendance).values({
        sessionId: session!.id,
        userId: person.userId,
        registrationId,
        scanId: crypto.randomUUID(),
        scannedAt: new Date(),
      });
    }
    await db()
      .update(registrationMembers)
      .set({ cancelledAt: new Date() })
      .where(eq(registrationMembers.userId, c.userId));
    const first = await issueFor('participation', event.id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.issued).toBe(1);
    expect(await certificatesOf(a)).toHaveLength(1);
    expect(await certificatesOf(b)).toHaveLength(0);
    expect(await certificatesOf(c)).toHaveLength(0);

    // With registration as proof, b becomes eligible; a is not issued twice nor mailed twice.
    expect(
      (await call(setProof, { token: organiser.token, body: { eventId: event.id, proof: 'registration' } }))
        .status,
    ).toBe(200);
    const second = await issueFor('participation', event.id);
    expect(second.body.data.issued).toBe(1);
    const third = await issueFor('participation', event.id);
    expect(third.body.data.issued).toBe(0);
    for (const person of [a, b]) {
      const mails = (await db().select().from(mailOutbox).where(eq(mailOutbox.to, person.email))).filter(
        (m) => m.subject.includes('your certificate'),
      );
      expect(mails).toHaveLength(1);
      const [cert] = await certificatesOf(person);
      expect(mails[0]!.text).toContain(`/certificates/${cert!.id}`);
    }
  });

  it('merit only once the results are published, titled by place', async () => {
    const [a] = [await quickUser(db())];
    const { event, registrationId } = await teamEvent([a]);
    await db().insert(resultPlacings).values({ eventId: event.id, registrationId, place: 1 });
    expect((await issueFor('merit', event.id)).body.data.issued).toBe(0);
    // The published snapshot decides, as results.ts writes it: a placing still in the draft gives nothing.
    await db()
      .insert(publishedResults)
      .values({
        eventId: event.id,
        placings: [{ registrationId, place: 1, mention: null, name: 'Team', college: 'X', members: [] }],
      });
    const b = await quickUser(db());
    const other = await teamEvent([b]);
    await db()
      .insert(resultPlacings)
      .values({ eventId: other.event.id, registrationId: other.registrationId, place: 2 });
    await db().insert(publishedResults).values({ eventId: other.event.id, placings: [] });
    expect((await issueFor('merit', other.event.id)).body.data.issued).toBe(0);
    expect((await issueFor('merit', event.id)).body.data.issued).toBe(1);
    const [cert] = await certificatesOf(a);
    expect(cert!.title).toBe(`First place in ${event.name}`);
  });

  it('the public look-up: no e-mail, 404 for unknown and malformed ids, revoke and replace', async () => {
    const a = await quickUser(db());
    const { event } = await teamEvent([a]);
    await call(setProof, { token: organiser.token, body: { eventId: event.id, proof: 'registration' } });
    await issueFor('participation', event.id);
    const [cert] = await certificatesOf(a);
    const answer = await lookUp(cert!.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data.status).toBe('valid');
    expect(JSON.stringify(answer.body)).not.toContain(a.email);
    expect(JSON.stringify(answer.body)).not.toContain(a.userId);
    expect((await lookUp('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await lookUp('not-an-id')).status).toBe(404);

    await db().update(users).set({ firstName: 'Corrected' }).where(eq(users.id, a.userId));
    const replaced = await call<{ data: { replacedBy: string } }>(replace, {
      token: organiser.token,
      body: { id: cert!.id },
    });
    expect(replaced.status).toBe(200);
    const old = await lookUp(cert!.id);
    expect(old.body.data.status).toBe('replaced');
    expect(old.body.data.replacedBy).toBe(replaced.body.data.replacedBy);
    const fresh = await lookUp(replaced.body.data.replacedBy);
    expect(fresh.body.data.status).toBe('valid');
    expect(fresh.body.data.recipientName).toMatch(/^Corrected /);

    expect(
      (await call(revoke, { token: organiser.token, body: { id: fresh.body.data.id, reason: '' } })).status,
    ).toBe(400);
    expect(
      (
        await call(revoke, {
          token: organiser.token,
          body: { id: fresh.body.data.id, reason: 'Issued in error' },
        })
      ).status,
    ).toBe(200);
    const revoked = await lookUp(fresh.body.data.id);
    expect(revoked.body.data.status).toBe('revoked');
    expect(revoked.body.data.revokedReason).toBe('Issued in error');
  });

  it('the PDF carries the name, the event and the id', async () => {
    const a = await quickUser(db());
    await db().update(users).set({ firstName: 'Ananya', lastName: 'Sharma' }).where(eq(users.id, a.userId));
    const { event } = await teamEvent([a]);
    await call(setProof, { token: organiser.token, body: { eventId: event.id, proof: 'registration' } });
    await issueFor('participation', event.id);
    const [cert] = await certificatesOf(a);
    const answer = await pdfOf(new Request(`http://localhost/api/certificates/${cert!.id}/pdf`), {
      params: Promise.resolve({ id: cert!.id }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const document = await pdfjs.getDocument({ data: bytes.slice() }).promise;
    expect(document.numPages).toBe(1);
    // The title names the person and the event (the page text is subset glyphs pdfjs does not map back here).
    const { info } = (await document.getMetadata()) as { info: { Title?: string } };
    expect(info.Title).toContain('Ananya Sharma');
    expect(info.Title).toContain(event.name);
    expect(
      (await pdfOf(new Request('http://localhost/x'), { params: Promise.resolve({ id: 'bad' }) })).status,
    ).toBe(404);
  });

  it('a PDF asked for while the renderer warms up waits for one warm-up rendering, not all of them', async () => {
    const a = await quickUser(db());
    const { event } = await teamEvent([a]);
    await call(setProof, { token: organiser.token, body: { eventId: event.id, proof: 'registration' } });
    await issueFor('participation', event.id);
    const [cert] = await certificatesOf(a);
    const order: string[] = [];
    const warming = warmUpRenderer(8).then(() => order.push('warm-up done'));
    const answer = await pdfOf(new Request(`http://localhost/api/certificates/${cert!.id}/pdf`), {
      params: Promise.resolve({ id: cert!.id }),
    });
    order.push('pdf answered');
    await warming;
    expect(answer.status).toBe(200);
    expect(new TextDecoder().decode((await answer.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(order).toEqual(['pdf answered', 'warm-up done']);
  });

  it('team certificates go to organisers', async () => {
    const answer = await issueFor('team');
    expect(answer.status).toBe(200);
    expect((await certificatesOf(organiser)).some((c) => c.kind === 'team')).toBe(true);
  });
});
