import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as register } from '@/app/api/event-register/event-registration/[eventId]/route';
import { POST as leave } from '@/app/api/event-register/leave-team/route';
import { DELETE as deleteSessionRoute, PATCH as patchSessionRoute } from '@/app/api/admin/session/[id]/route';
import { POST as createSessionRoute } from '@/app/api/admin/session/route';
import { GET as timetableRoute } from '@/app/api/admin/timetable/route';
import { DELETE as deleteVenueRoute, PATCH as patchVenueRoute } from '@/app/api/admin/venue/[id]/route';
import { POST as createVenueRoute } from '@/app/api/admin/venue/route';
import {
  sessionEndsBeforeStart,
  sessionOutsideFestival,
  type AdminTimetable,
  type AdminVenue,
} from '@/lib/schemas/admin-timetable';
import { listAudit } from '@/lib/server/admin/audit';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { events, mailOutbox, registrationMembers } from '@/lib/server/db/schema';
import { leaveTeamToken } from '@/lib/server/services/event-registration-leave';
import { publicTimetable } from '@/lib/server/services/timetable';
import { festivalEnd, type TimetableSession } from '@/lib/timetable';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent } from '../support/events';
import { describeEachDatabase } from '../support/test-db';

// The timetable's writes revalidate the public pages through next/cache, which needs Next's request
// context: record the tags instead, so the tests can see that a write revalidated the events' pages.
const cache = vi.hoisted(() => ({ revalidated: [] as string[] }));
vi.mock('next/cache', () => ({
  revalidateTag: (tag: string) => {
    cache.revalidated.push(tag);
  },
  unstable_cache: <T>(fn: T) => fn,
}));

type Answer<T> = { message: string; data: T; errors?: Record<string, string> };
type SavedSession = TimetableSession & { membersMailed: number };

/** A calendar file as mailed: its text, read from the outbox row's stored attachment. */
interface MailedCalendar {
  subject: string;
  text: string;
  filename: string;
  calendar: string;
}

const unique = () => Math.random().toString(36).slice(2, 7);

describeEachDatabase('organisers: the timetable', (current) => {
  const db = () => current().db;
  let organiser: Awaited<ReturnType<typeof quickUser>>;
  let participant: Awaited<ReturnType<typeof quickUser>>;

  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
    participant = await quickUser(db());
  });
  beforeEach(() => {
    cache.revalidated.length = 0;
  });

  // ---------- calls ----------

  const createVenue = (body: unknown) =>
    call<Answer<AdminVenue>>(createVenueRoute, { token: organiser.token, body });
  const patchVenue = (id: number, body: unknown) =>
    call<Answer<AdminVenue>>(patchVenueRoute, {
      token: organiser.token,
      method: 'PATCH',
      params: { id: String(id) },
      body,
    });
  const deleteVenue = (id: number) =>
    call<Answer<unknown>>(deleteVenueRoute, {
      token: organiser.token,
      method: 'DELETE',
      params: { id: String(id) },
    });
  const createSession = (body: unknown) =>
    call<Answer<TimetableSession>>(createSessionRoute, { token: organiser.token, body });
  const patchSession = (id: number, body: unknown) =>
    call<Answer<SavedSession>>(patchSessionRoute, {
      token: organiser.token,
      method: 'PATCH',
      params: { id: String(id) },
      body,
    });
  const deleteSession = (id: number) =>
    call<Answer<{ membersMailed: number }>>(deleteSessionRoute, {
      token: organiser.token,
      method: 'DELETE',
      params: { id: String(id) },
    });
  const timetable = async () =>
    (await call<Answer<AdminTimetable>>(timetableRoute, { token: organiser.token })).body.data;

  async function newVenue(name = `Hall ${unique()}`, mapUrl: string | null = null) {
    const answer = await createVenue({ name, mapUrl });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }

  async function newEvent(name = `Timetable event ${unique()}`) {
    return (await createTestEvent(db(), { price: 0, min: 2, max: 3, name })).event;
  }

  /** A session on `day` (20 to 23) from `from` to `to` (HH:MM, India time), as the console's form sends it. */
  async function newSession(
    eventId: number,
    venueId: number,
    from: string,
    to: string,
    extra: { day?: number; roundName?: string } = {},
  ) {
    const day = extra.day ?? 20;
    const answer = await createSession({
      eventId,
      venueId,
      roundName: extra.roundName ?? '',
      startsAt: `2027-02-${day}T${from}`,
      endsAt: `2027-02-${day}T${to}`,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data;
  }

  /** The calendar mails (a change or a cancellation) kept for `email`, newest first. */
  async function calendarMails(email: string): Promise<MailedCalendar[]> {
    const rows = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.state, 'kept')));
    return rows
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .flatMap((row) =>
        (row.attachments as { filename: string; contentBase64: string }[])
          .filter((a) => a.filename === 'session.ics' || a.filename === 'cancelled.ics')
          .map((a) => ({
            subject: row.subject,
            text: row.text,
            filename: a.filename,
            calendar: Buffer.from(a.contentBase64, 'base64').toString('utf8'),
          })),
      );
  }

  // ---------- access ----------

  describe('access', () => {
    const endpoints: [string, (token?: string) => Promise<{ status: number }>][] = [
      ['GET timetable', (token) => call(timetableRoute, { token })],
      ['POST venue', (token) => call(createVenueRoute, { token, body: { name: 'Refused hall' } })],
      [
        'PATCH venue/{id}',
        (token) =>
          call(patchVenueRoute, { token, method: 'PATCH', params: { id: '1' }, body: { name: 'X' } }),
      ],
      [
        'DELETE venue/{id}',
        (token) => call(deleteVenueRoute, { token, method: 'DELETE', params: { id: '1' } }),
      ],
      [
        'POST session',
        (token) =>
          call(createSessionRoute, {
            token,
            body: { eventId: 1, venueId: 1, startsAt: '2027-02-20T10:00', endsAt: '2027-02-20T11:00' },
          }),
      ],
      [
        'PATCH session/{id}',
        (token) =>
          call(patchSessionRoute, { token, method: 'PATCH', params: { id: '1' }, body: { roundName: 'X' } }),
      ],
      [
        'DELETE session/{id}',
        (token) => call(deleteSessionRoute, { token, method: 'DELETE', params: { id: '1' } }),
      ],
    ];

    it.each(endpoints)('%s: 401 signed out, 403 for a participant', async (_name, send) => {
      expect((await send()).status).toBe(401);
      expect((await send(participant.token)).status).toBe(403);
    });

    it('changes nothing when refused', async () => {
      const { venues, sessions } = await timetable();
      expect(venues.map((v) => v.name)).not.toContain('Refused hall');
      expect(venues.find((v) => v.id === 1)?.name).not.toBe('X');
      expect(sessions).toEqual([]);
      expect(cache.revalidated).toEqual([]);
    });
  });

  // ---------- venues ----------

  describe('venues', () => {
    it('lists the seeded venues with how many sessions each holds', async () => {
      const { venues } = await timetable();
      expect(venues.slice(0, 5).map((v) => [v.name, v.sessionCount])).toEqual([
        ['Sports Ground', 0],
        ['Lecture Theatre (LT)', 0],
        ['Lab 1', 0],
        ['Lab 2', 0],
        ['Open Air Theatre', 0],
      ]);
    });

    it('creates and renames a venue, changes its map link, and audits both', async () => {
      const name = `Seminar Hall ${unique()}`;
      const created = await createVenue({ name, mapUrl: 'https://maps.example/seminar' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        message: 'Venue created',
        data: { name, mapUrl: 'https://maps.example/seminar', sessionCount: 0 },
      });
      expect(cache.revalidated).toEqual(['content:events']);
      const id = created.body.data.id;

      const renamed = await patchVenue(id, { name: `${name} B`, mapUrl: '' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        message: 'Venue saved',
        data: { name: `${name} B`, mapUrl: null },
      });
      const listed = (await timetable()).venues.find((v) => v.id === id);
      expect(listed).toMatchObject({ name: `${name} B`, mapUrl: null });

      const lines = await listAudit(db(), { entity: 'venue', entityId: String(id) });
      expect(lines.map((l) => l.action)).toEqual(['update', 'create']);
      expect(lines[0]).toMatchObject({
        actorEmail: organiser.email,
        before: { name, mapUrl: 'https://maps.example/seminar' },
        after: { name: `${name} B`, mapUrl: null },
      });
      expect(lines[1]).toMatchObject({ before: null, after: { name } });
    });

    it('refuses a second venue of the same name, whatever its case, with a 409 on the name field', async () => {
      const name = `Quiet Room ${unique()}`;
      const first = await newVenue(name);
      const again = await createVenue({ name: name.toUpperCase() });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        message: 'A venue with that name already exists.',
        errors: { name: 'A venue with that name already exists.' },
      });
      const other = await newVenue();
      const renamed = await patchVenue(other.id, { name: ` ${name.toLowerCase()} ` });
      expect(renamed.status).toBe(409);
      expect(renamed.body.errors).toEqual({ name: 'A venue with that name already exists.' });
      expect((await timetable()).venues.filter((v) => v.name.toLowerCase() === name.toLowerCase())).toEqual([
        expect.objectContaining({ id: first.id }),
      ]);
    });

    it('answers invalid input with 400 and a message per field', async () => {
      for (const mapUrl of ['ftp://maps.example/hall', 'javascript:alert(1)', 'maps.example/hall']) {
        const answer = await createVenue({ name: `Hall ${unique()}`, mapUrl });
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual({ mapUrl: 'Map link must be an https:// address.' });
      }
      const plainHttp = await createVenue({ name: `Hall ${unique()}`, mapUrl: 'http://maps.example/hall' });
      expect(plainHttp.status).toBe(201);
      const blank = await createVenue({ name: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({
        message: 'Venue name is required.',
        errors: { name: 'Venue name is required.' },
      });
      const long = await createVenue({ name: 'x'.repeat(81) });
      expect(long.body.errors).toEqual({ name: 'Venue name must be at most 80 characters.' });
      expect((await patchVenue(999_999, { name: 'Nowhere' })).status).toBe(404);
      expect((await deleteVenue(999_999)).status).toBe(404);
    });

    it('refuses to delete a venue in use (409), then deletes it once empty, audited', async () => {
      const venue = await newVenue();
      const event = await newEvent();
      const session = await newSession(event.id, venue.id, '10:00', '11:00');
      expect((await timetable()).venues.find((v) => v.id === venue.id)?.sessionCount).toBe(1);

      cache.revalidated.length = 0;
      const refused = await deleteVenue(venue.id);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`${venue.name} still holds 1 session: move or delete it first.`);
      expect(cache.revalidated).toEqual([]);
      expect((await timetable()).venues.some((v) => v.id === venue.id)).toBe(true);

      expect((await deleteSession(session.id)).status).toBe(200);
      const deleted = await deleteVenue(venue.id);
      expect(deleted.status).toBe(200);
      expect(deleted.body.message).toBe('Venue deleted');
      expect((await timetable()).venues.some((v) => v.id === venue.id)).toBe(false);
      const [line] = await listAudit(db(), { entity: 'venue', entityId: String(venue.id) });
      expect(line).toMatchObject({ action: 'delete', before: { name: venue.name }, after: null });
    });
  });

  // ---------- sessions ----------

  describe('sessions', () => {
    let venue: AdminVenue;
    let eventId: number;
    beforeAll(async () => {
      venue = await newVenue();
      eventId = (await newEvent('Robo Wars')).id;
    });

    it('creates a session read in India time, lists it, and audits it', async () => {
      const answer = await createSession({
        eventId,
        venueId: venue.id,
        roundName: 'Prelims',
        startsAt: '2027-02-20T10:00',
        endsAt: '2027-02-20T12:30',
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        message: 'Session created',
        data: {
          eventId,
          eventName: 'Robo Wars',
          venueId: venue.id,
          venueName: venue.name,
          roundName: 'Prelims',
          startsAt: '2027-02-20T04:30:00.000Z',
          endsAt: '2027-02-20T07:00:00.000Z',
          sequence: 0,
        },
      });
      expect(cache.revalidated).toEqual(['content:events']);
      const id = answer.body.data.id;
      const listed = (await timetable()).sessions.find((s) => s.id === id);
      expect(listed).toMatchObject({ eventVisible: true, registrationCount: 0, roundName: 'Prelims' });
      const [line] = await listAudit(db(), { entity: 'event_session', entityId: String(id) });
      expect(line).toMatchObject({
        action: 'create',
        actorEmail: organiser.email,
        before: null,
        after: { eventId, venueId: venue.id, startsAt: '2027-02-20T04:30:00.000Z' },
      });
      await deleteSession(id);
    });

    it('refuses a session that ends before it starts, on the end time', async () => {
      for (const endsAt of ['2027-02-20T09:00', '2027-02-20T10:00']) {
        const answer = await createSession({
          eventId,
          venueId: venue.id,
          startsAt: '2027-02-20T10:00',
          endsAt,
        });
        expect(answer.status).toBe(400);
        expect(answer.body).toMatchObject({
          message: sessionEndsBeforeStart,
          errors: { endsAt: 'The session must end after it starts.' },
        });
      }
    });

    it('refuses a session outside 20 to 23 February (India time) with the festival-days message', async () => {
      expect(sessionOutsideFestival).toBe('Sessions must fall within the festival days, 20 to 23 February.');
      const cases: [string, string, 'startsAt' | 'endsAt'][] = [
        ['2027-02-19T22:00', '2027-02-20T02:00', 'startsAt'],
        ['2027-02-23T22:00', '2027-02-24T01:00', 'endsAt'],
        ['2027-03-01T10:00', '2027-03-01T11:00', 'startsAt'],
      ];
      for (const [startsAt, endsAt, field] of cases) {
        const answer = await createSession({ eventId, venueId: venue.id, startsAt, endsAt });
        expect(answer.status).toBe(400);
        expect(answer.body.message).toBe(sessionOutsideFestival);
        expect(answer.body.errors).toEqual({ [field]: sessionOutsideFestival });
      }
      // 23:30 UTC on the 19th is 05:00 on the 20th in India: inside.
      const zoned = await createSession({
        eventId,
        venueId: venue.id,
        startsAt: '2027-02-19T23:30:00Z',
        endsAt: '2027-02-20T00:30:00Z',
      });
      expect(zoned.status).toBe(201);
      await deleteSession(zoned.body.data.id);
    });

    it('answers unknown events and venues and missing fields with 400 field errors', async () => {
      const times = { startsAt: '2027-02-20T10:00', endsAt: '2027-02-20T11:00' };
      const noEvent = await createSession({ eventId: 999_999, venueId: venue.id, ...times });
      expect(noEvent.status).toBe(400);
      expect(noEvent.body.errors).toEqual({ eventId: 'That event does not exist.' });
      const noVenue = await createSession({ eventId, venueId: 999_999, ...times });
      expect(noVenue.status).toBe(400);
      expect(noVenue.body.errors).toEqual({ venueId: 'That venue does not exist.' });
      const empty = await createSession({
        eventId: '',
        venueId: '',
        startsAt: '',
        endsAt: '2027-02-30T10:00',
      });
      expect(empty.status).toBe(400);
      expect(empty.body.errors).toEqual({
        eventId: 'Please choose the event.',
        venueId: 'Please choose the venue.',
        startsAt: 'Start time is required.',
        endsAt: 'End time must be a real date and time.',
      });
      const longRound = await createSession({
        eventId,
        venueId: venue.id,
        roundName: 'r'.repeat(61),
        ...times,
      });
      expect(longRound.body.errors).toEqual({ roundName: 'Round must be at most 60 characters.' });
      expect((await timetable()).sessions.filter((s) => s.venueId === venue.id)).toEqual([]);
    });

    it('moves a session, checking the new times with the stored ones, and audits changes and deletes', async () => {
      const session = await newSession(eventId, venue.id, '10:00', '12:00', { day: 21 });
      const backwards = await patchSession(session.id, { endsAt: '2027-02-21T09:00' });
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors).toEqual({ endsAt: sessionEndsBeforeStart });
      const outside = await patchSession(session.id, { startsAt: '2027-02-19T10:00' });
      expect(outside.status).toBe(400);
      expect(outside.body.errors).toEqual({ startsAt: sessionOutsideFestival });
      const noVenue = await patchSession(session.id, { venueId: 999_999 });
      expect(noVenue.body.errors).toEqual({ venueId: 'That venue does not exist.' });
      expect((await patchSession(999_999, { roundName: 'Finals' })).status).toBe(404);
      const badId = await call<Answer<unknown>>(patchSessionRoute, {
        token: organiser.token,
        method: 'PATCH',
        params: { id: 'abc' },
        body: { roundName: 'Finals' },
      });
      expect(badId.status).toBe(400);
      expect(badId.body.message).toBe('The session id must be a positive whole number.');
      // A session stays with its event: an eventId in a change is not read.
      const otherEvent = await newEvent();
      const kept = await patchSession(session.id, { eventId: otherEvent.id, roundName: 'Heats' });
      expect(kept.status).toBe(200);
      expect(kept.body.data).toMatchObject({ eventId, roundName: 'Heats', sequence: 0, membersMailed: 0 });

      const moved = await patchSession(session.id, {
        startsAt: '2027-02-21T11:00',
        endsAt: '2027-02-21T13:00',
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        message: 'Session saved',
        data: { startsAt: '2027-02-21T05:30:00.000Z', sequence: 1, membersMailed: 0 },
      });
      const [update] = await listAudit(db(), { entity: 'event_session', entityId: String(session.id) });
      expect(update).toMatchObject({
        action: 'update',
        before: { startsAt: '2027-02-21T04:30:00.000Z', sequence: 0 },
        after: { startsAt: '2027-02-21T05:30:00.000Z', sequence: 1, membersMailed: 0 },
      });

      const deleted = await deleteSession(session.id);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ message: 'Session deleted', data: { membersMailed: 0 } });
      expect((await deleteSession(session.id)).status).toBe(404);
      const [line] = await listAudit(db(), { entity: 'event_session', entityId: String(session.id) });
      expect(line).toMatchObject({ action: 'delete', before: { id: session.id }, after: null });
    });
  });

  // ---------- clashes ----------

  describe('clashes', () => {
    it('flags two sessions overlapping in one venue, not back-to-back ones nor the same time elsewhere', async () => {
      const hall = await newVenue();
      const annex = await newVenue();
      const robo = await newEvent(`Robo Wars ${unique()}`);
      const code = await newEvent(`Code Golf ${unique()}`);
      const finals = await newSession(robo.id, hall.id, '10:00', '12:00', { roundName: 'Finals' });
      const golf = await newSession(code.id, hall.id, '11:00', '12:30');
      const after = await newSession(code.id, hall.id, '12:30', '14:00', { roundName: 'Finals' });
      const elsewhere = await newSession(code.id, annex.id, '10:00', '12:00', { roundName: 'Prelims' });

      const ours = (t: AdminTimetable) =>
        t.clashes.filter((c) => c.venueName === hall.name || c.venueName === annex.name);
      expect(ours(await timetable())).toEqual([
        {
          venueName: hall.name,
          first: {
            id: finals.id,
            title: `${robo.name} (Finals)`,
            startsAt: '2027-02-20T04:30:00.000Z',
            endsAt: '2027-02-20T06:30:00.000Z',
          },
          second: {
            id: golf.id,
            title: code.name,
            startsAt: '2027-02-20T05:30:00.000Z',
            endsAt: '2027-02-20T07:00:00.000Z',
          },
        },
      ]);

      // Moving one of the pair to the other venue at a free time ends the clash.
      await patchSession(golf.id, {
        venueId: annex.id,
        startsAt: '2027-02-20T12:00',
        endsAt: '2027-02-20T12:30',
      });
      expect(ours(await timetable())).toEqual([]);

      for (const s of [finals, golf, after, elsewhere]) await deleteSession(s.id);
    });
  });

  // ---------- the change mail ----------

  describe('mails to registered members', () => {
    it('mails each live member once per move with the same UID and a higher SEQUENCE, and the cancellation', async () => {
      const { event, option } = await createTestEvent(db(), {
        price: 0,
        min: 2,
        max: 3,
        name: `Potion Duel ${unique()}`,
      });
      const [leader, asha, ravi] = [await quickUser(db()), await quickUser(db()), await quickUser(db())];
      const registered = await call(register, {
        token: leader.token,
        params: { eventId: String(event.id) },
        body: {
          registerData: {
            emails: [leader.email, asha.email, ravi.email],
            participationId: option.id,
            teamName: 'Owls',
          },
          payData: null,
        },
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);

      // Ravi leaves the team: he is no longer told about its sessions.
      const [raviMembership] = await db()
        .select()
        .from(registrationMembers)
        .where(and(eq(registrationMembers.eventId, event.id), eq(registrationMembers.userId, ravi.userId)));
      // Before the festival, whenever this test is run: a leave link ends with its event at the latest.
      setClockForTests(() => new Date('2027-02-01T12:00:00+05:30'));
      try {
        const left = await call(leave, { body: { token: leaveTeamToken(raviMembership!.id, festivalEnd) } });
        expect(left.status, JSON.stringify(left.body)).toBe(200);
      } finally {
        setClockForTests(undefined);
      }

      const hall = await newVenue();
      const annex = await newVenue(`Annex ${unique()}`, 'https://maps.example/annex');
      const members = [leader, asha];
      const everyone = [leader, asha, ravi];

      // Adding a session mails nobody.
      const session = await newSession(event.id, hall.id, '10:00', '12:00', {
        day: 21,
        roundName: 'Prelims',
      });
      for (const person of everyone) expect(await calendarMails(person.email)).toEqual([]);
      const listed = (await timetable()).sessions.find((s) => s.id === session.id);
      expect(listed?.registrationCount).toBe(1);

      const uid = `UID:session-${session.id}@aetherfest.example`;
      const title = `${event.name} (Prelims)`;

      // A new time: one mail per live member, the new time in the text, SEQUENCE 1.
      const moved = await patchSession(session.id, {
        startsAt: '2027-02-21T14:00',
        endsAt: '2027-02-21T16:00',
      });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ sequence: 1, membersMailed: 2 });
      for (const person of members) {
        const mails = await calendarMails(person.email);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toBe(`Aetherfest 2027: new time for ${title}`);
        expect(mails[0]!.text).toContain(`Now: Day 2, Sun, 21 Feb, 14:00–16:00, ${hall.name}`);
        expect(mails[0]!.text).toContain(`Was: Day 2, Sun, 21 Feb, 10:00–12:00, ${hall.name}`);
        expect(mails[0]!.calendar).toContain(uid);
        expect(mails[0]!.calendar).toContain('SEQUENCE:1');
        expect(mails[0]!.calendar).toContain('DTSTART:20270221T083000Z');
        expect(mails[0]!.calendar).toContain('METHOD:PUBLISH');
      }
      expect(await calendarMails(ravi.email)).toEqual([]);

      // A new venue: one more mail each, same UID, SEQUENCE 2.
      const rehoused = await patchSession(session.id, { venueId: annex.id });
      expect(rehoused.body.data).toMatchObject({ sequence: 2, membersMailed: 2, venueName: annex.name });
      for (const person of members) {
        const mails = await calendarMails(person.email);
        expect(mails).toHaveLength(2);
        expect(mails[0]!.subject).toBe(`Aetherfest 2027: new venue for ${title}`);
        expect(mails[0]!.text).toContain('Map: https://maps.example/annex');
        expect(mails[0]!.calendar).toContain(uid);
        expect(mails[0]!.calendar).toContain('SEQUENCE:2');
      }

      // Saving the same time again, or renaming the round, or the venue: nobody is mailed, SEQUENCE stays.
      const same = await patchSession(session.id, { startsAt: '2027-02-21T14:00', venueId: annex.id });
      expect(same.body.data).toMatchObject({ sequence: 2, membersMailed: 0 });
      const renamed = await patchSession(session.id, { roundName: 'Finals' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toMatchObject({ roundName: 'Finals', sequence: 2, membersMailed: 0 });
      expect((await patchVenue(annex.id, { name: `${annex.name} West` })).status).toBe(200);
      for (const person of members) expect(await calendarMails(person.email)).toHaveLength(2);

      // Deleting: one cancellation each, which removes the entry from their calendars.
      const deleted = await deleteSession(session.id);
      expect(deleted.body.data).toEqual({ membersMailed: 2 });
      for (const person of members) {
        const mails = await calendarMails(person.email);
        expect(mails).toHaveLength(3);
        expect(mails[0]!.filename).toBe('cancelled.ics');
        expect(mails[0]!.subject).toBe(
          `Aetherfest 2027: ${event.name} (Finals) on Day 2, Sun, 21 Feb, 14:00–16:00 is cancelled`,
        );
        expect(mails[0]!.calendar).toContain(uid);
        expect(mails[0]!.calendar).toContain('METHOD:CANCEL');
        expect(mails[0]!.calendar).toContain('STATUS:CANCELLED');
        expect(mails[0]!.calendar).toContain('SEQUENCE:3');
      }
      expect(await calendarMails(ravi.email)).toEqual([]);
    });
  });

  // ---------- the public schedule ----------

  describe('the public schedule', () => {
    it('holds the sessions of shown events only; the console lists hidden ones, marked', async () => {
      const venue = await newVenue();
      const shown = await newEvent();
      const hidden = await newEvent();
      await db().update(events).set({ isVisible: false }).where(eq(events.id, hidden.id));
      const open = await newSession(shown.id, venue.id, '15:00', '16:00', { day: 22 });
      const secret = await newSession(hidden.id, venue.id, '16:00', '17:00', { day: 22 });

      const schedule = await publicTimetable(db());
      expect(schedule.map((s) => s.id)).toContain(open.id);
      expect(schedule.map((s) => s.id)).not.toContain(secret.id);
      const console = (await timetable()).sessions.filter((s) => s.venueId === venue.id);
      expect(console.map((s) => [s.id, s.eventVisible])).toEqual([
        [open.id, true],
        [secret.id, false],
      ]);

      await deleteSession(open.id);
      await deleteSession(secret.id);
    });
  });
});
