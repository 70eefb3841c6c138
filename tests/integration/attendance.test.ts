import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as scanRoute } from '@/app/api/admin/attendance/route';
import { POST as batchRoute } from '@/app/api/admin/attendance/batch/route';
import { POST as undoRoute } from '@/app/api/admin/attendance/[id]/undo/route';
import { GET as sessionsRoute } from '@/app/api/admin/attendance/sessions/route';
import { GET as rosterRoute } from '@/app/api/admin/attendance/sessions/[id]/route';
import { POST as checkIn } from '@/app/api/admin/check-in/route';
import { GET as exportRoute } from '@/app/api/admin/export/attendance.csv/route';
import { GET as registrationsExport } from '@/app/api/admin/export/registrations.csv/route';
import { POST as revocation } from '@/app/api/admin/passes/revocation/route';
import { GET as registrationsList } from '@/app/api/admin/registrations/route';
import { GET as usersList } from '@/app/api/admin/users/route';
import { GET as myPass } from '@/app/api/my-pass/route';
import { apiRolesFor, rolesForPath } from '@/lib/roles';
import type { AttendanceSession, ScanOutcome, SessionRoster } from '@/lib/schemas/attendance';
import type { MyPass } from '@/lib/schemas/passes';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  attendance,
  auditLog,
  eventSessions,
  registrationMembers,
  registrations,
  users,
  venues,
} from '@/lib/server/db/schema';
import { setPassRevoked } from '@/lib/server/passes/passes';
import { call } from '../support/api';
import { quickUser } from '../support/accounts';
import { createTestEvent, registerFreeTeams } from '../support/events';
import { describeEachDatabase } from '../support/test-db';

type Person = Awaited<ReturnType<typeof quickUser>>;
type ScanAnswer = { message: string; data: ScanOutcome };

afterEach(() => setClockForTests(undefined));

describeEachDatabase('attendance per session', (current) => {
  const db = () => current().db;
  let organiser: Person;
  let volunteer: Person;
  let otherVolunteer: Person;

  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
    volunteer = await quickUser(db(), { role: 'volunteer' });
    otherVolunteer = await quickUser(db(), { role: 'volunteer' });
  });

  /** A free event with one session today, and these teams registered (each team's leader first). */
  async function eventWith(teams: Person[][]) {
    const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 4 });
    await registerFreeTeams(db(), event.id, option.id, teams, (index) => `Team ${index + 1}`);
    const [venue] = await db()
      .insert(venues)
      .values({ name: `Hall ${crypto.randomUUID().slice(0, 8)}` })
      .returning();
    const [session] = await db()
      .insert(eventSessions)
      .values({
        eventId: event.id,
        venueId: venue!.id,
        roundName: 'Prelims',
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 60 * 60 * 1000),
      })
      .returning();
    return { event, session: session!, venue: venue! };
  }

  /** The name the volunteer's screen shows for a person. */
  async function nameOf(person: Person): Promise<string> {
    const [row] = await db().select().from(users).where(eq(users.id, person.userId));
    return `${row!.firstName} ${row!.lastName}`;
  }

  async function codeOf(person: Person): Promise<string> {
    const answer = await call<{ data: MyPass }>(myPass, { token: person.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.code;
  }

  function scan(sessionId: number, code: string, by: Person = volunteer, scanId = crypto.randomUUID()) {
    return call<ScanAnswer>(scanRoute, {
      token: by.token,
      body: { scanId, sessionId, code, scannedAt: new Date().toISOString() },
    });
  }

  async function roster(sessionId: number, by: Person = volunteer) {
    const answer = await call<{ data: SessionRoster }>(rosterRoute, {
      token: by.token,
      params: { id: String(sessionId) },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }

  async function liveRows(sessionId: number) {
    const rows = await db().select().from(attendance).where(eq(attendance.sessionId, sessionId));
    return rows.filter((r) => r.undoneAt === null);
  }

  describe('scanning', () => {
    it('marks a member present, and a second scan says already present with the first time', async () => {
      const member = await quickUser(db());
      const { session } = await eventWith([[member]]);
      const code = await codeOf(member);
      const first = await scan(session.id, code);
      expect(first.status).toBe(201);
      expect(first.body.data).toMatchObject({
        status: 'present',
        person: { name: await nameOf(member), college: 'Test College' },
      });
      expect(first.body.message).toBe(`${await nameOf(member)} is present.`);

      const second = await scan(session.id, code, otherVolunteer);
      expect(second.status).toBe(200);
      expect(second.body.data.status).toBe('already_present');
      expect(second.body.data.scannedAt).toBe(first.body.data.scannedAt);
      expect(second.body.data.attendanceId).toBe(first.body.data.attendanceId);
      expect(second.body.data.recordedBy?.name).toBe(await nameOf(volunteer));
      expect(second.body.message).toContain('already present');
      expect(await liveRows(session.id)).toHaveLength(1);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'attendance'), eq(auditLog.entityId, first.body.data.attendanceId!)));
      expect(audit?.actorEmail).toBe(volunteer.email);
    });

    it('refuses someone not registered for the event, saying who they are and why', async () => {
      const member = await quickUser(db());
      const stranger = await quickUser(db());
      const { session } = await eventWith([[member]]);
      await eventWith([[stranger]]); // a pass, for another event
      const answer = await scan(session.id, await codeOf(stranger));
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        status: 'not_registered',
        person: { name: await nameOf(stranger), college: 'Test College' },
        attendanceId: null,
      });
      expect(answer.body.message).toBe(
        `${await nameOf(stranger)} (Test College) is not registered for this event.`,
      );
      expect(await liveRows(session.id)).toHaveLength(0);
    });

    it('refuses a cancelled registration, a revoked pass and a code that is not a pass', async () => {
      const leaving = await quickUser(db());
      const revokedPerson = await quickUser(db());
      const { session, event } = await eventWith([[leaving], [revokedPerson]]);
      const leavingCode = await codeOf(leaving);
      const [registration] = await db()
        .select({ id: registrationMembers.registrationId })
        .from(registrationMembers)
        .where(
          and(eq(registrationMembers.eventId, event.id), eq(registrationMembers.userId, leaving.userId)),
        );
      await db()
        .update(registrationMembers)
        .set({ cancelledAt: new Date() })
        .where(eq(registrationMembers.registrationId, registration!.id));
      await db()
        .update(registrations)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(registrations.id, registration!.id));
      const cancelled = await scan(session.id, leavingCode);
      expect(cancelled.body.data.status).toBe('cancelled');
      expect(cancelled.body.message).toContain('cancelled their registration for this event');

      const revokedCode = await codeOf(revokedPerson);
      await setPassRevoked(db(), { id: organiser.userId, email: organiser.email }, revokedCode, true);
      const revoked = await scan(session.id, revokedCode);
      expect(revoked.body.data.status).toBe('revoked');
      expect(revoked.body.data.person?.name).toBe(await nameOf(revokedPerson));

      const forged = await scan(
        session.id,
        revokedCode.replace(/^./, (c) => (c === '0' ? '1' : '0')),
      );
      expect(forged.body.data).toMatchObject({ status: 'invalid', person: null });
      expect(forged.body.message).toBe('This is not a valid festival pass.');
      expect(await liveRows(session.id)).toHaveLength(0);
    });

    it('counts a team member by member', async () => {
      const team = [await quickUser(db()), await quickUser(db()), await quickUser(db())];
      const { session } = await eventWith([team]);
      expect((await scan(session.id, await codeOf(team[0]!))).body.data.status).toBe('present');
      expect((await scan(session.id, await codeOf(team[2]!))).body.data.status).toBe('present');
      const listed = await roster(session.id);
      expect(listed.session).toMatchObject({ present: 2, registered: 3, roundName: 'Prelims' });
      expect(
        listed.members
          .filter((m) => m.presentSince !== null)
          .map((m) => m.userId)
          .sort(),
      ).toEqual([team[0]!.userId, team[2]!.userId].sort());
      expect(listed.members.every((m) => m.teamName === 'Team 1' && m.passId !== null)).toBe(true);
      expect(listed.recent.map((r) => r.recordedBy?.name)).toEqual([
        await nameOf(volunteer),
        await nameOf(volunteer),
      ]);
    });

    it('records one row when two volunteers scan one pass at once', async () => {
      const member = await quickUser(db());
      const { session } = await eventWith([[member]]);
      const code = await codeOf(member);
      const answers = await Promise.all([
        scan(session.id, code, volunteer),
        scan(session.id, code, otherVolunteer),
        scan(session.id, code, organiser),
      ]);
      const statuses = answers.map((a) => a.body.data.status).sort();
      expect(statuses).toEqual(['already_present', 'already_present', 'present']);
      expect(new Set(answers.map((a) => a.body.data.attendanceId)).size).toBe(1);
      expect(await liveRows(session.id)).toHaveLength(1);
    });

    it('answers 404 for a session that does not exist, 400 for a malformed scan', async () => {
      const member = await quickUser(db());
      await eventWith([[member]]);
      const missing = await scan(2_000_000_000, await codeOf(member));
      expect(missing.status).toBe(404);
      const bad = await call(scanRoute, {
        token: volunteer.token,
        body: { scanId: 'nope', sessionId: 1, code: 'x', scannedAt: 'yesterday' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('The scan id must be a UUID made by the phone.');
    });
  });

  describe('an offline batch', () => {
    it('records each scan once and answers the same when replayed', async () => {
      const a = await quickUser(db());
      const b = await quickUser(db());
      const stranger = await quickUser(db());
      const { session } = await eventWith([[a], [b]]);
      await eventWith([[stranger]]);
      const earlier = new Date(Date.now() - 10 * 60 * 1000).toISOString();
      const scans = [
        { scanId: crypto.randomUUID(), sessionId: session.id, code: await codeOf(a), scannedAt: earlier },
        {
          scanId: crypto.randomUUID(),
          sessionId: session.id,
          code: await codeOf(stranger),
          scannedAt: earlier,
        },
        { scanId: crypto.randomUUID(), sessionId: session.id, code: await codeOf(b), scannedAt: earlier },
        { scanId: crypto.randomUUID(), sessionId: session.id, code: await codeOf(a), scannedAt: earlier },
      ];
      const first = await call<{ data: ScanOutcome[] }>(batchRoute, {
        token: volunteer.token,
        body: { scans },
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.data.map((o) => [o.scanId, o.status])).toEqual([
        [scans[0]!.scanId, 'present'],
        [scans[1]!.scanId, 'not_registered'],
        [scans[2]!.scanId, 'present'],
        [scans[3]!.scanId, 'already_present'],
      ]);
      // The phone's time of the scan is kept (it is within a day).
      expect(first.body.data[0]!.scannedAt).toBe(earlier);
      const replay = await call<{ data: ScanOutcome[] }>(batchRoute, {
        token: volunteer.token,
        body: { scans },
      });
      expect(replay.body.data.map((o) => [o.status, o.attendanceId, o.scannedAt])).toEqual(
        first.body.data.map((o) => [o.status, o.attendanceId, o.scannedAt]),
      );
      expect(await liveRows(session.id)).toHaveLength(2);
      expect((await db().select().from(attendance).where(eq(attendance.sessionId, session.id))).length).toBe(
        2,
      );
    });

    it('keeps a phone clock that runs ahead or far behind within reason', async () => {
      const member = await quickUser(db());
      const { session } = await eventWith([[member]]);
      const future = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      const answer = await call<{ data: ScanOutcome[] }>(batchRoute, {
        token: volunteer.token,
        body: {
          scans: [
            {
              scanId: crypto.randomUUID(),
              sessionId: session.id,
              code: await codeOf(member),
              scannedAt: future,
            },
          ],
        },
      });
      expect(new Date(answer.body.data[0]!.scannedAt!).getTime()).toBeLessThanOrEqual(Date.now() + 60 * 1000);
    });

    it('refuses more than 500 scans at once', async () => {
      const scans = Array.from({ length: 501 }, () => ({
        scanId: crypto.randomUUID(),
        sessionId: 1,
        code: 'AFP1:0000000000000000000000000000000000000000',
        scannedAt: new Date().toISOString(),
      }));
      const answer = await call(batchRoute, { token: volunteer.token, body: { scans } });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Send at most 500 scans at once.');
    });
  });

  describe('undo', () => {
    it('undoes within 5 minutes (then the person can be scanned again), refuses after', async () => {
      const member = await quickUser(db());
      const late = await quickUser(db());
      const { session } = await eventWith([[member], [late]]);
      const code = await codeOf(member);
      const scanned = await scan(session.id, code);
      const id = scanned.body.data.attendanceId!;
      const stranger = await call(undoRoute, { token: otherVolunteer.token, params: { id }, method: 'POST' });
      expect(stranger.status).toBe(403);
      const undone = await call(undoRoute, { token: volunteer.token, params: { id }, method: 'POST' });
      expect(undone.status, JSON.stringify(undone.body)).toBe(200);
      expect((await roster(session.id)).session.present).toBe(0);
      expect((await scan(session.id, code)).body.data.status).toBe('present');
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'attendance'), eq(auditLog.action, 'undo'), eq(auditLog.entityId, id)),
        );
      expect(audit?.actorEmail).toBe(volunteer.email);

      const lateScan = await scan(session.id, await codeOf(late));
      const lateId = lateScan.body.data.attendanceId!;
      setClockForTests(() => new Date(Date.now() + 6 * 60 * 1000));
      const tooLate = await call(undoRoute, {
        token: organiser.token,
        params: { id: lateId },
        method: 'POST',
      });
      expect(tooLate.status).toBe(409);
      expect(tooLate.body.message).toBe('An attendance can be undone only within 5 minutes of the scan.');
      setClockForTests(undefined);
      const missing = await call(undoRoute, {
        token: organiser.token,
        params: { id: crypto.randomUUID() },
        method: 'POST',
      });
      expect(missing.status).toBe(404);
    });

    it('lets an organiser undo a volunteer’s scan', async () => {
      const member = await quickUser(db());
      const { session } = await eventWith([[member]]);
      const scanned = await scan(session.id, await codeOf(member));
      const undone = await call(undoRoute, {
        token: organiser.token,
        params: { id: scanned.body.data.attendanceId! },
        method: 'POST',
      });
      expect(undone.status).toBe(200);
      expect(await liveRows(session.id)).toHaveLength(0);
    });
  });

  describe('sessions, counts and the CSV', () => {
    it('lists sessions with their counts, today’s first', async () => {
      const a = await quickUser(db());
      const b = await quickUser(db());
      const { session, event } = await eventWith([[a, b]]);
      await scan(session.id, await codeOf(a));
      const answer = await call<{ data: AttendanceSession[] }>(sessionsRoute, { token: volunteer.token });
      expect(answer.status).toBe(200);
      const listed = answer.body.data.find((s) => s.id === session.id);
      expect(listed).toMatchObject({ eventName: event.name, present: 1, registered: 2, isToday: true });
      const firstNotToday = answer.body.data.findIndex((s) => !s.isToday);
      expect(firstNotToday === -1 || answer.body.data.slice(firstNotToday).every((s) => !s.isToday)).toBe(
        true,
      );
    });

    it('exports the live attendance as CSV, for organisers only', async () => {
      const a = await quickUser(db());
      const b = await quickUser(db());
      const { session, event, venue } = await eventWith([[a, b]]);
      await scan(session.id, await codeOf(a));
      const undone = await scan(session.id, await codeOf(b));
      await call(undoRoute, {
        token: volunteer.token,
        params: { id: undone.body.data.attendanceId! },
        method: 'POST',
      });
      const response = await exportRoute(
        new Request(`http://localhost/api/admin/export/attendance.csv?sessionId=${session.id}`, {
          headers: { authorization: `Bearer ${organiser.token}`, 'x-forwarded-for': '10.9.9.9' },
        }),
        { params: Promise.resolve({}) },
      );
      expect(response.status).toBe(200);
      const lines = (await response.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Session,Session starts at,Event,Round,Venue,Name,E-mail,College,Team,Scanned at,Recorded by',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`${session.id},`);
      expect(lines[1]).toContain(event.name);
      expect(lines[1]).toContain(venue.name);
      expect(lines[1]).toContain(a.email);
      expect(lines[1]).toContain(await nameOf(volunteer));
      expect(lines[1]).not.toContain(b.email);

      const refused = await call(exportRoute, { token: volunteer.token });
      expect(refused.status).toBe(403);
    });
  });

  describe('the volunteer role', () => {
    it('may check in at the gate and take attendance', async () => {
      const member = await quickUser(db());
      await eventWith([[member]]);
      const answer = await call(checkIn, { token: volunteer.token, body: { code: await codeOf(member) } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect((await call(sessionsRoute, { token: volunteer.token })).status).toBe(200);
      expect(rolesForPath('/admin/check-in')).toContain('volunteer');
      expect(rolesForPath('/admin/attendance')).toContain('volunteer');
      expect(rolesForPath('/admin/attendance/3')).toContain('volunteer');
    });

    it('is refused every other console call and page', async () => {
      const member = await quickUser(db());
      await eventWith([[member]]);
      const refusals = [
        await call(registrationsList, { token: volunteer.token }),
        await call(registrationsExport, { token: volunteer.token }),
        await call(usersList, { token: volunteer.token }),
        await call(revocation, {
          token: volunteer.token,
          body: { code: await codeOf(member), revoked: true },
        }),
      ];
      for (const answer of refusals) {
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe('You do not have permission to do this.');
      }
      for (const path of [
        '/admin',
        '/admin/registrations',
        '/admin/payments',
        '/admin/bookings',
        '/admin/merchandise-orders',
        '/admin/waiting-lists',
        '/admin/content/events',
        '/admin/content/timetable',
        '/admin/people',
        '/admin/audit',
      ]) {
        expect(rolesForPath(path), path).not.toContain('volunteer');
      }
      for (const [method, path] of [
        ['GET', '/api/admin/registrations'],
        ['POST', '/api/admin/passes/revocation'],
        ['GET', '/api/admin/export/attendance.csv'],
        ['POST', '/api/admin/timetable/session'],
        ['GET', '/api/admin/users'],
      ] as const) {
        expect(apiRolesFor(method, path), path).not.toContain('volunteer');
      }
      // A plain participant is refused the scanning calls.
      const participant = await quickUser(db());
      expect((await call(sessionsRoute, { token: participant.token })).status).toBe(403);
    });
  });
});
