import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { GET as overviewRoute } from '@/app/api/admin/results/route';
import { GET as draftRoute } from '@/app/api/admin/results/[eventId]/route';
import { PUT as roundRoute } from '@/app/api/admin/results/[eventId]/rounds/[sessionId]/route';
import { PUT as placingsRoute } from '@/app/api/admin/results/[eventId]/placings/route';
import {
  DELETE as unpublishRoute,
  POST as publishRoute,
} from '@/app/api/admin/results/[eventId]/publish/route';
import { GET as publicResults } from '@/app/api/results/route';
import { apiRolesFor } from '@/lib/roles';
import type { CategoryResults, ResultsDraft } from '@/lib/schemas/results';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  auditLog,
  eventCategories,
  eventSessions,
  mailOutbox,
  publishedResults,
  registrationMembers,
  registrations,
  users,
  venues,
} from '@/lib/server/db/schema';
import type { ResultsOverviewRow } from '@/lib/server/results';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent, registerFreeTeams } from '../support/events';
import { describeEachDatabase } from '../support/test-db';

// The public pages' cache is Next's; here every read goes to the database and a publish marks nothing.
vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

type Person = Awaited<ReturnType<typeof quickUser>>;

describeEachDatabase('results by round and final placings', (current) => {
  const db = () => current().db;
  let organiser: Person;

  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
  });

  /** An event with two rounds (Prelims, then Finals at a hall with a map) and these teams registered. */
  async function eventWith(teams: Person[][]) {
    const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 4 });
    const entries = await registerFreeTeams(
      db(),
      event.id,
      option.id,
      teams,
      (index) => `Team ${index + 1} ${event.id}`,
    );
    const tag = crypto.randomUUID().slice(0, 8);
    const [prelimsHall, finalsHall] = await db()
      .insert(venues)
      .values([
        { name: `Prelims hall ${tag}` },
        { name: `Finals hall ${tag}`, mapUrl: 'https://maps.example/finals' },
      ])
      .returning();
    const [prelims, finals] = await db()
      .insert(eventSessions)
      .values([
        {
          eventId: event.id,
          venueId: prelimsHall!.id,
          roundName: 'Prelims',
          startsAt: new Date('2027-02-21T10:00:00+05:30'),
          endsAt: new Date('2027-02-21T12:00:00+05:30'),
        },
        {
          eventId: event.id,
          venueId: finalsHall!.id,
          roundName: 'Finals',
          startsAt: new Date('2027-02-22T15:00:00+05:30'),
          endsAt: new Date('2027-02-22T17:00:00+05:30'),
        },
      ])
      .returning();
    return { event, entries, prelims: prelims!, finals: finals!, finalsHall: finalsHall! };
  }

  const people = (count: number) => Promise.all(Array.from({ length: count }, () => quickUser(db())));

  function saveRound(eventId: number, sessionId: number, registrationIds: string[], by: Person = organiser) {
    return call(roundRoute, {
      token: by.token,
      params: { eventId: String(eventId), sessionId: String(sessionId) },
      body: { registrationIds },
    });
  }

  function savePlacings(eventId: number, body: unknown) {
    return call(placingsRoute, { token: organiser.token, params: { eventId: String(eventId) }, body });
  }

  function publish(eventId: number) {
    return call<{ message: string; data: { mailed: number } }>(publishRoute, {
      token: organiser.token,
      params: { eventId: String(eventId) },
    });
  }

  async function draft(eventId: number) {
    const answer = await call<{ data: ResultsDraft }>(draftRoute, {
      token: organiser.token,
      params: { eventId: String(eventId) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  async function publicEvent(eventId: number) {
    const answer = await call<{ data: CategoryResults[] }>(publicResults, {});
    expect(answer.status).toBe(200);
    return answer.body.data.flatMap((c) => c.events).find((e) => e.eventId === eventId) ?? null;
  }

  async function mailsTo(people: Person[]) {
    return db()
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.to,
          people.map((p) => p.email),
        ),
      );
  }

  async function fullName(person: Person) {
    const [row] = await db().select().from(users).where(eq(users.id, person.userId));
    return `${row!.firstName} ${row!.lastName}`;
  }

  it('records who goes through from a round as a draft, audited, and replaces it on the next save', async () => {
    const [a1, a2, b1] = await people(3);
    const { event, entries, prelims } = await eventWith([[a1!, a2!], [b1!]]);
    expect((await saveRound(event.id, prelims.id, [entries[0]!, entries[1]!])).status).toBe(200);
    const saved = await saveRound(event.id, prelims.id, [entries[0]!]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const state = await draft(event.id);
    expect(state.entries.map((e) => e.name)).toEqual([`Team 1 ${event.id}`, `Team 2 ${event.id}`]);
    expect(state.entries[0]!.members).toEqual([await fullName(a1!), await fullName(a2!)]);
    expect(state.rounds.map((r) => r.name)).toEqual(['Prelims', 'Finals']);
    expect(state.rounds[0]!.advancing).toEqual([entries[0]]);
    // Nobody is mailed before the results are published: both members of the team are still to be told.
    expect(state.rounds[0]!.unmailed).toBe(2);
    const subjects = (await mailsTo([a1!, a2!])).map((m) => m.subject);
    expect(subjects.some((s) => s.includes('go through'))).toBe(false);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'round_outcome'), eq(auditLog.entityId, String(prelims.id))));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => (a.after as { advancing: string[] }).advancing.length).sort()).toEqual([1, 2]);
  });

  it('refuses entries that are not confirmed registrations of the event, and rounds of other events', async () => {
    const [a1, b1, c1] = await people(3);
    const { event, entries, prelims } = await eventWith([[a1!], [b1!]]);
    const other = await eventWith([[c1!]]);

    const unknown = await saveRound(event.id, prelims.id, [crypto.randomUUID()]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/not a confirmed registration of this event/);
    expect((await saveRound(event.id, prelims.id, [other.entries[0]!])).status).toBe(400);
    expect((await saveRound(event.id, other.prelims.id, [entries[0]!])).status).toBe(404);
    expect((await saveRound(event.id, prelims.id, [entries[0]!, entries[0]!])).body.message).toMatch(/twice/);
    expect((await saveRound(event.id, prelims.id, ['not-an-id'])).status).toBe(400);

    // A cancelled registration can no longer be chosen.
    await db()
      .update(registrations)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(registrations.id, entries[1]!));
    await db()
      .update(registrationMembers)
      .set({ cancelledAt: new Date() })
      .where(eq(registrationMembers.registrationId, entries[1]!));
    expect((await saveRound(event.id, prelims.id, [entries[1]!])).status).toBe(400);
    expect((await draft(event.id)).entries.map((e) => e.registrationId)).toEqual([entries[0]]);
  });

  it('validates placings: one entry per place, places 1 to 3, one placing per entry, named mentions', async () => {
    const [a1, b1, c1] = await people(3);
    const { event, entries } = await eventWith([[a1!], [b1!], [c1!]]);
    const [a, b] = entries;
    const samePlace = await savePlacings(event.id, {
      places: [
        { place: 1, registrationId: a },
        { place: 1, registrationId: b },
      ],
      mentions: [],
    });
    expect(samePlace.status).toBe(400);
    expect(samePlace.body.message).toMatch(/Each place goes to one entry/);
    const fourth = await savePlacings(event.id, { places: [{ place: 4, registrationId: a }], mentions: [] });
    expect(fourth.status).toBe(400);
    const twice = await savePlacings(event.id, {
      places: [{ place: 1, registrationId: a }],
      mentions: [{ mention: 'Best design', registrationId: a }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toMatch(/one placing only/);
    const unnamed = await savePlacings(event.id, {
      places: [],
      mentions: [{ mention: '  ', registrationId: b }],
    });
    expect(unnamed.status).toBe(400);
    expect((await draft(event.id)).places).toEqual([]);
  });

  it('publishes a snapshot: public by category, unchanged by later edits until published again', async () => {
    const [a1, a2, b1, c1] = await people(4);
    const { event, entries } = await eventWith([[a1!, a2!], [b1!], [c1!]]);
    const [a, b, c] = entries;
    expect(
      (
        await savePlacings(event.id, {
          places: [
            { place: 2, registrationId: b },
            { place: 1, registrationId: a },
          ],
          mentions: [{ mention: 'Best design', registrationId: c }],
        })
      ).status,
    ).toBe(200);
    expect(await publicEvent(event.id)).toBeNull();

    const published = await publish(event.id);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const shown = await publicEvent(event.id);
    expect(shown!.placings.map((p) => [p.place, p.mention, p.name])).toEqual([
      [1, null, `Team 1 ${event.id}`],
      [2, null, `Team 2 ${event.id}`],
      [null, 'Best design', `Team 3 ${event.id}`],
    ]);
    expect(shown!.placings[0]!.members).toEqual([await fullName(a1!), await fullName(a2!)]);
    const answer = await call<{ data: CategoryResults[] }>(publicResults, {});
    const [category] = await db()
      .select()
      .from(eventCategories)
      .where(eq(eventCategories.id, event.categoryId));
    expect(answer.body.data.find((cat) => cat.events.some((e) => e.eventId === event.id))!.categoryName).toBe(
      category!.name,
    );
    expect(JSON.stringify(answer.body)).not.toContain('@');
    // The stored snapshot knows which registration each placing went to (merit certificates read it); the
    // public answer does not say.
    expect(JSON.stringify(answer.body)).not.toContain(a!);
    const [stored] = await db().select().from(publishedResults).where(eq(publishedResults.eventId, event.id));
    expect((stored!.placings as { registrationId: string }[]).map((p) => p.registrationId)).toEqual([
      a,
      b,
      c,
    ]);

    // An edit after publishing is a draft until the next publish.
    await savePlacings(event.id, { places: [{ place: 1, registrationId: c }], mentions: [] });
    expect((await publicEvent(event.id))!.placings).toHaveLength(3);
    expect((await draft(event.id)).published!.placings).toHaveLength(3);
    await publish(event.id);
    expect((await publicEvent(event.id))!.placings.map((p) => p.name)).toEqual([`Team 3 ${event.id}`]);

    const overview = await call<{ data: ResultsOverviewRow[] }>(overviewRoute, { token: organiser.token });
    expect(overview.body.data.find((r) => r.eventId === event.id)!.state).toBe('published');

    // Taken down: gone from the public answer; taking it down twice says it is not published.
    expect(
      (await call(unpublishRoute, { token: organiser.token, params: { eventId: String(event.id) } })).status,
    ).toBe(200);
    expect(await publicEvent(event.id)).toBeNull();
    const again = await call(unpublishRoute, {
      token: organiser.token,
      params: { eventId: String(event.id) },
    });
    expect(again.status).toBe(409);
    const audits = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'results'), eq(auditLog.entityId, String(event.id))));
    expect(audits.map((r) => r.action).sort()).toEqual(['publish', 'publish', 'unpublish']);
  });

  it('mails each member going through once, with the next round’s time and venue, however often it is published', async () => {
    const [a1, a2, b1] = await people(3);
    const { event, entries, prelims, finals, finalsHall } = await eventWith([[a1!, a2!], [b1!]]);
    await saveRound(event.id, prelims.id, [entries[0]!]);

    const first = await publish(event.id);
    expect(first.body.data.mailed).toBe(2);
    expect(first.body.message).toBe('Results published; 2 people mailed.');
    const mails = await mailsTo([a1!, a2!]);
    const advancement = mails.filter((m) => m.subject.includes('go through from Prelims'));
    expect(advancement.map((m) => m.to).sort()).toEqual([a1!.email, a2!.email].sort());
    expect(advancement[0]!.text).toContain(`Team 1 ${event.id} goes through from Prelims of ${event.name}`);
    expect(advancement[0]!.text).toContain(`Venue: ${finalsHall.name}`);
    expect(advancement[0]!.text).toContain('Map: https://maps.example/finals');
    expect(advancement[0]!.text).toMatch(/Next: Finals, .*22 Feb/);
    expect((await mailsTo([b1!])).filter((m) => m.subject.includes('go through'))).toHaveLength(0);

    // Published again: nobody told twice.
    expect((await publish(event.id)).body.data.mailed).toBe(0);

    // Two organisers publishing at once after the second team goes through: it is told once.
    await saveRound(event.id, prelims.id, [entries[0]!, entries[1]!]);
    const both = await Promise.all([publish(event.id), publish(event.id)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.data.mailed).sort()).toEqual([0, 1]);
    expect((await mailsTo([b1!])).filter((m) => m.subject.includes('go through'))).toHaveLength(1);
    expect((await mailsTo([a1!, a2!])).filter((m) => m.subject.includes('go through'))).toHaveLength(2);

    // From the last round there is no next session in the timetable: the mail says the organisers will tell.
    await saveRound(event.id, finals.id, [entries[1]!]);
    expect((await publish(event.id)).body.data.mailed).toBe(1);
    const last = (await mailsTo([b1!])).find((m) => m.subject.includes('go through from Finals'));
    expect(last!.text).toContain('The organisers will tell you when and where the next round is.');
  });

  it('is the organisers’ alone: volunteers and participants are refused', async () => {
    const volunteer = await quickUser(db(), { role: 'volunteer' });
    const [a1] = await people(1);
    const { event, entries, prelims } = await eventWith([[a1!]]);
    expect((await saveRound(event.id, prelims.id, [entries[0]!], volunteer)).status).toBe(403);
    expect((await saveRound(event.id, prelims.id, [entries[0]!], a1!)).status).toBe(403);
    expect(apiRolesFor('POST', `/api/admin/results/${event.id}/publish`)).toEqual(['organiser', 'admin']);
    expect(apiRolesFor('GET', '/api/results')).toBeNull();
    const missing = await call(draftRoute, { token: organiser.token, params: { eventId: '999999' } });
    expect(missing.status).toBe(404);
  });
});

describe('results page wording', () => {
  it('names places and mentions as the public reads them', async () => {
    const { placingLabel } = await import('@/lib/schemas/results');
    expect(placingLabel({ place: 1, mention: null })).toBe('First place');
    expect(placingLabel({ place: null, mention: 'Best design' })).toBe('Special mention: Best design');
  });
});
