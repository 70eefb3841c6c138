import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as leave } from '@/app/api/event-register/leave-team/route';
import { POST as register } from '@/app/api/event-register/event-registration/[eventId]/route';
import { POST as overlapsRoute } from '@/app/api/event-register/overlaps/route';
import { GET as calendar } from '@/app/api/my-timetable/calendar/route';
import { GET as myTimetable } from '@/app/api/my-timetable/route';
import type { RegistrationOverlapWarning } from '@/lib/schemas/event-registration';
import { setClockForTests } from '@/lib/server/clock';
import { eventSessions, events, mailOutbox, venues } from '@/lib/server/db/schema';
import { seedIfEmpty } from '@/lib/server/db/seed';
import type { TimetableSession } from '@/lib/timetable';
import { call } from '../support/api';
import { quickUser } from '../support/accounts';
import { createTestEvent, liveRegistrations } from '../support/events';
import { describeEachDatabase } from '../support/test-db';

/*
 * The participant's side of the timetable: their own sessions (GET /api/my-timetable), the one calendar
 * file (GET /api/my-timetable/calendar), the registration screen's overlap check
 * (POST /api/event-register/overlaps) and the confirmation mail's calendar entries per session.
 */

type Person = Awaited<ReturnType<typeof quickUser>>;
type TimetableAnswer = { message: string; data: { sessions: TimetableSession[]; overlaps: number[][] } };
type OverlapAnswer = { message: string; data: RegistrationOverlapWarning[] };

/** An instant on a festival day, India time: ist('21', '10:00'). */
const ist = (day: string, time: string) => new Date(`2027-02-${day}T${time}:00+05:30`);

describeEachDatabase('participant timetable', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });

  let venueCount = 0;
  async function venue(mapUrl: string | null = null) {
    venueCount += 1;
    const [row] = await db()
      .insert(venues)
      .values({ name: `Hall ${venueCount} ${Math.random().toString(36).slice(2, 7)}`, mapUrl })
      .returning();
    return row!;
  }

  async function session(
    eventId: number,
    venueId: number,
    startsAt: Date,
    endsAt: Date,
    roundName: string | null = null,
  ) {
    const [row] = await db()
      .insert(eventSessions)
      .values({ eventId, venueId, startsAt, endsAt, roundName })
      .returning();
    return row!;
  }

  /** A free event with one option for teams of `min` to `max`. */
  const freeEvent = (name: string, min = 1, max = 1) =>
    createTestEvent(db(), { price: 0, min, max, name: `${name} ${Math.random().toString(36).slice(2, 6)}` });

  async function registerFree(
    leader: Person,
    { event, option }: Awaited<ReturnType<typeof freeEvent>>,
    teammates: Person[] = [],
  ) {
    const answer = await call(register, {
      token: leader.token,
      params: { eventId: String(event.id) },
      body: {
        registerData: {
          emails: [leader.email, ...teammates.map((t) => t.email)],
          teamName: teammates.length > 0 ? 'Night Owls' : null,
          participationId: option.id,
        },
        payData: null,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }

  const timetableOf = (person: Person) => call<TimetableAnswer>(myTimetable, { token: person.token });

  const checkOverlaps = (person: Person | null, body: unknown) =>
    call<OverlapAnswer>(overlapsRoute, { token: person?.token, body });

  /** The confirmation mail for an event, with its stored calendar file as text. */
  async function confirmationOf(person: Person, eventName: string) {
    const rows = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, person.email)));
    const mail = rows.find((m) => m.subject.includes(`you are registered for ${eventName}`));
    if (!mail) throw new Error(`no confirmation mailed to ${person.email}`);
    const attachments = mail.attachments as { filename: string; contentBase64: string }[];
    const ics = attachments.find((a) => a.filename === 'event.ics');
    return { text: mail.text, ics: Buffer.from(ics!.contentBase64, 'base64').toString('utf8') };
  }

  /** The VEVENT blocks of a calendar file, unfolded, each as its property lines. */
  function calendarEntries(ics: string): string[][] {
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    const entries: string[][] = [];
    let currentEntry: string[] | null = null;
    for (const line of lines) {
      if (line === 'BEGIN:VEVENT') currentEntry = [];
      else if (line === 'END:VEVENT' && currentEntry) {
        entries.push(currentEntry);
        currentEntry = null;
      } else currentEntry?.push(line);
    }
    return entries;
  }

  describe('GET /api/my-timetable', () => {
    it("lists only the caller's registered events' sessions, in time order, with the overlapping pairs", async () => {
      const hall = await venue('https://maps.example.com/hall');
      const ground = await venue();
      const quiz = await freeEvent('Quiz');
      const robots = await freeEvent('Robo Wars');
      const other = await freeEvent('Chess');
      const quizFinals = await session(
        quiz.event.id,
        hall.id,
        ist('21', '10:00'),
        ist('21', '12:00'),
        'Finals',
      );
      const quizPrelims = await session(
        quiz.event.id,
        hall.id,
        ist('20', '14:00'),
        ist('20', '16:00'),
        'Prelims',
      );
      const robotsMain = await session(robots.event.id, ground.id, ist('21', '11:00'), ist('21', '13:00'));
      await session(other.event.id, ground.id, ist('20', '09:00'), ist('20', '10:00'));

      const participant = await quickUser(db());
      await registerFree(participant, quiz);
      await registerFree(participant, robots);

      const answer = await timetableOf(participant);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      expect(answer.body.data.sessions.map((s) => s.id)).toEqual([
        quizPrelims.id,
        quizFinals.id,
        robotsMain.id,
      ]);
      expect(answer.body.data.overlaps).toEqual([[quizFinals.id, robotsMain.id]]);
      expect(answer.body.data.sessions[0]).toEqual({
        id: quizPrelims.id,
        eventId: quiz.event.id,
        eventName: quiz.event.name,
        roundName: 'Prelims',
        venueId: hall.id,
        venueName: hall.name,
        venueMapUrl: 'https://maps.example.com/hall',
        startsAt: '2027-02-20T08:30:00.000Z',
        endsAt: '2027-02-20T10:30:00.000Z',
        sequence: 0,
      });

      // Someone registered for nothing has an empty timetable.
      const stranger = await quickUser(db());
      expect((await timetableOf(stranger)).body.data).toEqual({ sessions: [], overlaps: [] });
    });

    it('drops the sessions of a team the participant left, and keeps them for the rest of the team', async () => {
      const hall = await venue();
      const relay = await freeEvent('Relay', 2, 3);
      const heat = await session(relay.event.id, hall.id, ist('22', '09:00'), ist('22', '10:00'), 'Heats');
      const leader = await quickUser(db());
      const mate = await quickUser(db());
      await registerFree(leader, relay, [mate]);
      expect((await timetableOf(mate)).body.data.sessions.map((s) => s.id)).toEqual([heat.id]);

      const { text } = await confirmationOf(mate, relay.event.name);
      const token = decodeURIComponent(text.match(/\/leave-team\?token=([A-Za-z0-9._%-]+)/)![1]!);
      // The link works until the heats end, whenever this test is run.
      setClockForTests(() => new Date('2027-02-01T12:00:00+05:30'));
      try {
        expect((await call(leave, { body: { token } })).status).toBe(200);
      } finally {
        setClockForTests(undefined);
      }

      expect((await timetableOf(mate)).body.data).toEqual({ sessions: [], overlaps: [] });
      expect((await timetableOf(leader)).body.data.sessions.map((s) => s.id)).toEqual([heat.id]);
    });

    it('answers 401 to a signed-out caller', async () => {
      expect((await call(myTimetable)).status).toBe(401);
      expect((await call(calendar)).status).toBe(401);
    });
  });

  describe('GET /api/my-timetable/calendar', () => {
    it('is one private calendar download with an entry per session, UTC times and stable UIDs', async () => {
      const hall = await venue();
      const dance = await freeEvent('Dance Off');
      const first = await session(dance.event.id, hall.id, ist('20', '18:00'), ist('20', '19:30'), 'Round 1');
      const second = await session(dance.event.id, hall.id, ist('23', '09:15'), ist('23', '11:00'), 'Finals');
      const dancer = await quickUser(db());
      await registerFree(dancer, dance);

      const response = await calendar(
        new Request('http://localhost/api/my-timetable/calendar', {
          headers: { authorization: `Bearer ${dancer.token}` },
        }),
        { params: Promise.resolve({}) },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="aetherfest-2027-timetable.ics"',
      );
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const entries = calendarEntries(await response.text());
      expect(entries).toHaveLength(2);
      expect(entries[0]).toEqual(
        expect.arrayContaining([
          `UID:session-${first.id}@aetherfest.example`,
          'SEQUENCE:0',
          'DTSTART:20270220T123000Z',
          'DTEND:20270220T140000Z',
        ]),
      );
      expect(entries[1]).toEqual(
        expect.arrayContaining([
          `UID:session-${second.id}@aetherfest.example`,
          'DTSTART:20270223T034500Z',
          'DTEND:20270223T053000Z',
        ]),
      );
      expect(entries[1]!.find((l) => l.startsWith('SUMMARY:'))).toBe(
        `SUMMARY:${dance.event.name} (Finals) · Aetherfest`,
      );
    });
  });

  describe('POST /api/event-register/overlaps', () => {
    it("warns about the caller's own clash in full and a teammate's by address alone", async () => {
      const hall = await venue();
      const ground = await venue();
      const painting = await freeEvent('Painting');
      const robots = await freeEvent('Robo Wars');
      const poetry = await freeEvent('Poetry');
      const newEvent = await freeEvent('Treasure Hunt', 1, 3);
      await session(painting.event.id, hall.id, ist('21', '10:00'), ist('21', '12:00'));
      await session(robots.event.id, ground.id, ist('21', '11:30'), ist('21', '13:00'), 'Finals');
      // Back to back with the new event's session: not a clash.
      await session(poetry.event.id, hall.id, ist('21', '14:00'), ist('21', '15:00'));
      await session(newEvent.event.id, ground.id, ist('21', '11:00'), ist('21', '14:00'), 'Round 1');

      const leader = await quickUser(db());
      const mate = await quickUser(db());
      const poet = await quickUser(db());
      await registerFree(leader, painting);
      await registerFree(mate, robots);
      await registerFree(poet, poetry);

      const own = await checkOverlaps(leader, { eventId: newEvent.event.id, emails: [] });
      expect(own.status).toBe(200);
      expect(own.body.data).toEqual([
        {
          who: 'you',
          email: leader.email,
          session: `${newEvent.event.name} (Round 1)`,
          otherSession: painting.event.name,
          otherWhen: 'Day 2, Sun, 21 Feb, 10:00–12:00',
        },
      ]);

      const team = await checkOverlaps(leader, {
        eventId: newEvent.event.id,
        emails: [`  ${mate.email.toUpperCase()} `, poet.email],
      });
      expect(team.body.data).toEqual([
        expect.objectContaining({ who: 'you', email: leader.email, otherSession: painting.event.name }),
        { who: 'teammate', email: mate.email },
      ]);
      // Neither the teammate's name nor where they will be is the leader's to learn from this call.
      expect(JSON.stringify(team.body)).not.toContain('Quick');
      expect(JSON.stringify(team.body)).not.toContain(robots.event.name);
      expect(JSON.stringify(team.body)).not.toContain('11:30');

      // The poet alone: only a back-to-back session, so nothing to warn about.
      const none = await checkOverlaps(poet, { eventId: newEvent.event.id, emails: [] });
      expect(none).toMatchObject({ status: 200, body: { message: 'No overlaps', data: [] } });
    });

    it('answers an empty list for an event without sessions', async () => {
      const hall = await venue();
      const busy = await freeEvent('Busy');
      await session(busy.event.id, hall.id, ist('20', '10:00'), ist('20', '18:00'));
      const person = await quickUser(db());
      await registerFree(person, busy);
      const unscheduled = await freeEvent('Unscheduled');
      const answer = await checkOverlaps(person, { eventId: unscheduled.event.id });
      expect(answer).toMatchObject({ status: 200, body: { data: [] } });
    });

    it('refuses bad input with a clear message, an unknown or hidden event with 404, and a signed-out caller', async () => {
      const person = await quickUser(db());
      const { event } = await freeEvent('Checked');
      const refused = async (body: unknown) => {
        const answer = await checkOverlaps(person, body);
        expect(answer.status).toBe(400);
        return answer.body.message;
      };
      expect(await refused({ emails: [] })).toMatch(/event id/i);
      expect(await refused({ eventId: 'abc', emails: [] })).toBe(
        'The event id must be a positive whole number.',
      );
      expect(await refused({ eventId: -3, emails: [] })).toBe(
        'The event id must be a positive whole number.',
      );
      expect(await refused({ eventId: event.id, emails: ['not-an-address'] })).toBe(
        'Each e-mail must be a valid e-mail address.',
      );
      expect(await refused({ eventId: event.id, emails: 'a@example.com' })).toBe(
        'Please list the teammates’ e-mails.',
      );
      const tooMany = Array.from({ length: 51 }, (_, i) => `mate${i}@example.com`);
      expect(await refused({ eventId: event.id, emails: tooMany })).toBe(
        'A team cannot have more than 50 members.',
      );

      const unknown = await checkOverlaps(person, { eventId: 2_000_000_000, emails: [] });
      expect(unknown).toMatchObject({ status: 404, body: { message: 'This event does not exist.' } });
      const hidden = await freeEvent('Hidden');
      await db().update(events).set({ isVisible: false }).where(eq(events.id, hidden.event.id));
      expect((await checkOverlaps(person, { eventId: hidden.event.id, emails: [] })).status).toBe(404);

      expect((await checkOverlaps(null, { eventId: event.id, emails: [] })).status).toBe(401);
    });

    it('is limited per signed-in person', async () => {
      const person = await quickUser(db());
      const { event } = await freeEvent('Limited');
      // One instant for every call: the limit counts per ten-minute window, which a loop may otherwise cross.
      const at = Date.now();
      setClockForTests(() => new Date(at));
      let limited;
      try {
        for (let i = 0; i < 60; i += 1) {
          expect((await checkOverlaps(person, { eventId: event.id, emails: [] })).status).toBe(200);
        }
        limited = await checkOverlaps(person, { eventId: event.id, emails: [] });
      } finally {
        setClockForTests(undefined);
      }
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(
        /^Too many attempts\. Please try again in \d+ (second|minute)s?\.$/,
      );
      // Someone else is not held back by it.
      expect((await checkOverlaps(await quickUser(db()), { eventId: event.id })).status).toBe(200);
    });
  });

  describe('confirmation mail', () => {
    it("carries one calendar entry per session (UID and SEQUENCE) and lists the sessions' times", async () => {
      const hall = await venue();
      const ground = await venue();
      const debate = await freeEvent('Debate');
      const prelims = await session(
        debate.event.id,
        hall.id,
        ist('20', '10:00'),
        ist('20', '12:30'),
        'Prelims',
      );
      const finals = await session(
        debate.event.id,
        ground.id,
        ist('22', '16:00'),
        ist('22', '18:00'),
        'Finals',
      );
      // A session moved twice before this person registered: their entry starts at the current SEQUENCE.
      await db().update(eventSessions).set({ sequence: 2 }).where(eq(eventSessions.id, finals.id));
      const speaker = await quickUser(db());
      await registerFree(speaker, debate);

      const { text, ics } = await confirmationOf(speaker, debate.event.name);
      expect(text).toContain('When and where:');
      expect(text).toContain(`  - Prelims: Day 1, Sat, 20 Feb, 10:00–12:30, ${hall.name}`);
      expect(text).toContain(`  - Finals: Day 3, Mon, 22 Feb, 16:00–18:00, ${ground.name}`);
      const entries = calendarEntries(ics);
      expect(entries).toHaveLength(2);
      expect(entries[0]).toEqual(
        expect.arrayContaining([
          `UID:session-${prelims.id}@aetherfest.example`,
          'SEQUENCE:0',
          'DTSTART:20270220T043000Z',
          'DTEND:20270220T070000Z',
        ]),
      );
      expect(entries[1]).toEqual(
        expect.arrayContaining([
          `UID:session-${finals.id}@aetherfest.example`,
          'SEQUENCE:2',
          'DTSTART:20270222T103000Z',
          'DTEND:20270222T123000Z',
        ]),
      );
    });

    it('keeps the single entry of the event when it has no sessions', async () => {
      const quiet = await freeEvent('Unscheduled Quiz');
      const person = await quickUser(db());
      await registerFree(person, quiet);
      const [registration] = await liveRegistrations(db(), quiet.event.id);
      const { text, ics } = await confirmationOf(person, quiet.event.name);
      expect(text).not.toContain('When and where:');
      expect(text).toContain('When: ');
      const entries = calendarEntries(ics);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toContain(`UID:${registration!.id}@aetherfest.example`);
      // createTestEvent's start time, 21 Feb 10:00 India time.
      expect(entries[0]).toContain('DTSTART:20270221T043000Z');
    });
  });
});
