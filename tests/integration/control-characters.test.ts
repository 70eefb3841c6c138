import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PATCH as patchEvent } from '@/app/api/admin/event/[id]/route';
import { POST as createSession } from '@/app/api/admin/session/route';
import { PATCH as patchVenue } from '@/app/api/admin/venue/[id]/route';
import { POST as createVenue } from '@/app/api/admin/venue/route';
import { POST as register } from '@/app/api/event-register/event-registration/[eventId]/route';
import { POST as verify } from '@/app/api/event-register/user-event-verification/[eventId]/route';
import { POST as registerAccount } from '@/app/api/register/route';
import { events, venues } from '@/lib/server/db/schema';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { newRegistration, quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent, liveRegistrations } from '../support/events';
import { describeEachDatabase } from '../support/test-db';

// Console writes revalidate Next's cache, which needs a Next request; here they do nothing.
vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

/*
 * The one text rule (lib/schemas/text-rules.ts) at the API: a single-line field refuses control
 * characters and line or paragraph separators with a 400 naming the field; a description keeps its line
 * breaks. Nothing refused is stored.
 */

type Answer = { message: string; errors?: Record<string, string> };

const unique = () => Math.random().toString(36).slice(2, 7);

describeEachDatabase('control characters in typed text', (current) => {
  const db = () => current().db;
  let organiser: Awaited<ReturnType<typeof quickUser>>;
  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
  });

  describe('team names', () => {
    it('refuses a team name with a line separator (U+2028), when verifying and when registering', async () => {
      const { event, option } = await createTestEvent(db(), { price: 0, min: 2, max: 3 });
      const leader = await quickUser(db());
      const mate = await quickUser(db());
      const message = 'Team name cannot contain line breaks or control characters.';
      const checked = await call<Answer>(verify, {
        token: leader.token,
        params: { eventId: String(event.id) },
        body: { emails: [leader.email, mate.email], participationId: option.id, teamName: 'Night\u2028Owls' },
      });
      expect(checked).toMatchObject({ status: 400, body: { message, errors: { teamName: message } } });

      for (const teamName of ['Night\u2028Owls', 'Night\u0085Owls', 'Night\u000bOwls', 'Night\r\nOwls']) {
        const answer = await call<Answer>(register, {
          token: leader.token,
          params: { eventId: String(event.id) },
          body: {
            registerData: { emails: [leader.email, mate.email], participationId: option.id, teamName },
            payData: null,
          },
        });
        expect(answer, JSON.stringify(teamName)).toMatchObject({
          status: 400,
          body: { message, errors: { 'registerData.teamName': message } },
        });
      }
      expect(await liveRegistrations(db(), event.id)).toHaveLength(0);
    });

    it('still takes an ordinary team name', async () => {
      const { event, option } = await createTestEvent(db(), { price: 0, min: 2, max: 3 });
      const leader = await quickUser(db());
      const mate = await quickUser(db());
      const answer = await call<Answer>(register, {
        token: leader.token,
        params: { eventId: String(event.id) },
        body: {
          registerData: {
            emails: [leader.email, mate.email],
            participationId: option.id,
            teamName: 'Ω Owls #1',
          },
          payData: null,
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    });
  });

  describe('venues and rounds', () => {
    const post = (route: typeof createVenue, body: unknown) =>
      call<Answer>(route, { token: organiser.token, body });

    it('refuses a venue name with CRLF, and a map link with one', async () => {
      const name = `Hall ${unique()}`;
      const crlfName = await post(createVenue, { name: `${name}\r\nAnnex` });
      const message = 'Venue name cannot contain line breaks or control characters.';
      expect(crlfName).toMatchObject({ status: 400, body: { message, errors: { name: message } } });
      expect(
        await db()
          .select()
          .from(venues)
          .where(eq(venues.name, `${name}\r\nAnnex`)),
      ).toHaveLength(0);

      const link = await post(createVenue, { name, mapUrl: 'https://maps.example/hall\r\nX-Evil: 1' });
      const linkMessage = 'Map link cannot contain line breaks or control characters.';
      expect(link).toMatchObject({
        status: 400,
        body: { message: linkMessage, errors: { mapUrl: linkMessage } },
      });

      const made = await post(createVenue, { name, mapUrl: 'https://maps.example/hall' });
      expect(made.status).toBe(201);
      const id = (made.body as unknown as { data: { id: number } }).data.id;
      const renamed = await call<Answer>(patchVenue, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: String(id) },
        body: { name: `${name}\u2029B` },
      });
      expect(renamed).toMatchObject({ status: 400, body: { message } });
    });

    it('refuses a round name with a line feed', async () => {
      const { event } = await createTestEvent(db(), { price: 0, min: 1, max: 1 });
      const venue = await post(createVenue, { name: `Lab ${unique()}` });
      const venueId = (venue.body as unknown as { data: { id: number } }).data.id;
      const answer = await post(createSession, {
        eventId: event.id,
        venueId,
        roundName: 'Finals\nDay',
        startsAt: '2027-02-21T10:00',
        endsAt: '2027-02-21T11:00',
      });
      const message = 'Round cannot contain line breaks or control characters.';
      expect(answer).toMatchObject({ status: 400, body: { message, errors: { roundName: message } } });
    });
  });

  describe('other fields', () => {
    it('refuses a name or college with a line break when an account is made', async () => {
      const name = await call<Answer>(registerAccount, {
        body: newRegistration({ first_name: 'As\u2028ha' }),
      });
      expect(name).toMatchObject({
        status: 400,
        body: { errors: { first_name: 'Name cannot contain line breaks or control characters.' } },
      });
      const college = await call<Answer>(registerAccount, {
        body: newRegistration({ Clg: 'Test\nCollege' }),
      });
      expect(college).toMatchObject({
        status: 400,
        body: { errors: { Clg: 'College name cannot contain line breaks or control characters.' } },
      });
    });

    it('keeps line breaks in an event description but refuses other control characters there', async () => {
      const { event } = await createTestEvent(db(), { price: 0, min: 1, max: 1 });
      const patch = (body: unknown) =>
        call<Answer>(patchEvent, {
          token: organiser.token,
          method: 'PATCH',
          params: { id: String(event.id) },
          body,
        });
      expect((await patch({ description: 'First line.\r\n\r\nSecond line.' })).status).toBe(200);
      const [stored] = await db().select().from(events).where(eq(events.id, event.id));
      expect(stored!.description).toBe('First line.\r\n\r\nSecond line.');
      const message = 'Description cannot contain control characters.';
      expect(await patch({ description: 'First\u0085Second' })).toMatchObject({
        status: 400,
        body: { message, errors: { description: message } },
      });
      // A single-line field of the same event is held to the stricter rule.
      expect(await patch({ name: 'Robo\nWars' })).toMatchObject({
        status: 400,
        body: { message: 'Name cannot contain line breaks or control characters.' },
      });
    });
  });
});
