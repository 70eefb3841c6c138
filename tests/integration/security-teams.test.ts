import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POST as register } from '@/app/api/event-register/event-registration/[eventId]/route';
import { POST as leave } from '@/app/api/event-register/leave-team/route';
import { POST as overlapsRoute } from '@/app/api/event-register/overlaps/route';
import { POST as verify } from '@/app/api/event-register/user-event-verification/[eventId]/route';
import { GET as myPass } from '@/app/api/my-pass/route';
import { registrationFilterSchema } from '@/lib/schemas/admin-operations';
import { listAudit } from '@/lib/server/admin/audit';
import { listRegistrations } from '@/lib/server/admin/lists';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { eventSessions, registrationMembers, venues } from '@/lib/server/db/schema';
import { listOutbox } from '@/lib/server/mail/mail-service';
import { derivedSecret } from '@/lib/server/secrets';
import {
  leaveLinkExpired,
  leaveTeamToken,
  teamForLeaveToken,
} from '@/lib/server/services/event-registration-leave';
import { festivalEnd } from '@/lib/timetable';
import { call } from '../support/api';
import { quickUser, signedInUser } from '../support/accounts';
import { createTestEvent, liveMembers, liveRegistrations } from '../support/events';
import { describeEachDatabase } from '../support/test-db';

type Person = Awaited<ReturnType<typeof signedInUser>>;

afterEach(() => setClockForTests(undefined));

describeEachDatabase('team registration needs each teammate’s consent', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });
  beforeEach(() => setClockForTests(undefined));

  let counter = 0;
  async function person(first: string, last: string): Promise<Person> {
    counter += 1;
    return signedInUser(db(), {
      first_name: first,
      last_name: last,
      email: `${first}.${Date.now()}.${counter}@example.com`,
    });
  }

  /** A session of an event in a new hall, on Day 2 (21 February), India time: sitting(id, '15:30', '16:30'). */
  async function sitting(eventId: number, from: string, to: string, roundName: string | null = null) {
    const at = (time: string) => new Date(`2027-02-21T${time}:00+05:30`);
    const [hall] = await db()
      .insert(venues)
      .values({ name: `Hall ${Date.now()} ${Math.random().toString(36).slice(2, 7)}` })
      .returning();
    const [row] = await db()
      .insert(eventSessions)
      .values({ eventId, venueId: hall!.id, startsAt: at(from), endsAt: at(to), roundName })
      .returning();
    return row!;
  }

  /** A free team registration of `size` people; `sittings` are the event's sessions when it is made. */
  async function freeTeam(min = 2, max = 3, size = 3, sittings: [string, string][] = []) {
    const { event, option } = await createTestEvent(db(), { price: 0, min, max, name: `Duel ${counter}` });
    for (const [from, to] of sittings) await sitting(event.id, from, to);
    const people = [
      await person('Lead', 'Owner'),
      await person('Asha', 'Kulkarni'),
      await person('Ravi', 'Menon'),
    ].slice(0, size);
    const answer = await call(register, {
      token: people[0]!.token,
      params: { eventId: String(event.id) },
      body: {
        registerData: { emails: people.map((p) => p.email), participationId: option.id, teamName: 'Owls' },
        payData: null,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [registration] = await liveRegistrations(db(), event.id);
    return { event, option, people, registration: registration! };
  }

  /** The leave link mailed to a member for an event, read from the outbox. */
  async function leaveLinkOf(member: Person, eventName: string): Promise<string | null> {
    const mail = (await listOutbox(db(), { to: member.email })).find((m) =>
      m.subject.includes(`you are registered for ${eventName}`),
    );
    if (!mail) throw new Error(`no confirmation mailed to ${member.email}`);
    const match = mail.text.match(/https?:\/\/\S+\/leave-team\?token=([A-Za-z0-9._-]+)/);
    return match ? decodeURIComponent(match[1]!) : null;
  }

  describe('verification answer', () => {
    it('shows a teammate as first name and last-name initial, the leader in full', async () => {
      const { event, option } = await createTestEvent(db(), { price: 0, min: 2, max: 3 });
      const leader = await person('Lead', 'Owner');
      const mate = await person('Asha', 'Kulkarni');
      const answer = await call<{ data: { verifiedCandidates: unknown[] } }>(verify, {
        token: leader.token,
        params: { eventId: String(event.id) },
        body: { emails: [leader.email, mate.email], participationId: option.id },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.verifiedCandidates).toEqual([
        { email: leader.email, fullName: 'Lead Owner', isLeader: true },
        { email: mate.email, fullName: 'Asha K.', isLeader: false },
      ]);
      expect(JSON.stringify(answer.body)).not.toContain('Kulkarni');
    });

    it('is limited per signed-in user: the 31st call in ten minutes is a 429', async () => {
      const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1 });
      const prober = await person('Pro', 'Ber');
      const other = await person('Oth', 'Er');
      const ask = (who: Person) =>
        call(verify, {
          token: who.token,
          params: { eventId: String(event.id) },
          body: { emails: [who.email], participationId: option.id },
        });
      // One instant for every call: the limit counts per clock window, which a loop may otherwise cross.
      const at = Date.now();
      setClockForTests(() => new Date(at));
      for (let i = 0; i < 30; i += 1) expect((await ask(prober)).status).toBe(200);
      const refused = await ask(prober);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(
        /^Too many attempts\. Please try again in \d+ (minutes?|seconds)\.$/,
      );
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      // Another person is not affected.
      expect((await ask(other)).status).toBe(200);
    });
  });

  describe('overlap check', () => {
    it('tells a stranger only that a typed person has a clash, never the other event or its time', async () => {
      // Bob and Carol are a team in the cauldron's first round; the stranger is on neither team.
      const { event: cauldron, people } = await freeTeam(2, 2, 2);
      const [bob, carol] = people;
      await sitting(cauldron.id, '15:30', '16:30', 'Round 1');
      const { event: quiz } = await createTestEvent(db(), {
        price: 0,
        min: 1,
        max: 3,
        name: `Quiz ${counter}`,
      });
      await sitting(quiz.id, '15:00', '17:00', 'Finals');
      const stranger = await quickUser(db());
      const answer = await call<{ message: string; data: Record<string, unknown>[] }>(overlapsRoute, {
        token: stranger.token,
        body: { eventId: quiz.id, emails: [bob!.email, carol!.email] },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual([
        { who: 'teammate', email: bob!.email },
        { who: 'teammate', email: carol!.email },
      ]);
      const said = JSON.stringify(answer.body);
      for (const secret of [cauldron.name, 'Round 1', '15:30', '16:30', 'Day 2', '21 Feb']) {
        expect(said).not.toContain(secret);
      }

      // Bob asking about his own day still learns which event clashes, and when.
      const own = await call<{ data: Record<string, unknown>[] }>(overlapsRoute, {
        token: bob!.token,
        body: { eventId: quiz.id, emails: [carol!.email] },
      });
      expect(own.body.data).toEqual([
        {
          who: 'you',
          email: bob!.email,
          session: `${quiz.name} (Finals)`,
          otherSession: `${cauldron.name} (Round 1)`,
          otherWhen: 'Day 2, Sun, 21 Feb, 15:30–16:30',
        },
        { who: 'teammate', email: carol!.email },
      ]);
    });
  });

  describe('leaving a team from the confirmation mail', () => {
    // A link lasts until its event's end at the latest: these tests live before the festival, whenever
    // they are run (the ones about expiry move the clock on themselves).
    beforeEach(() => setClockForTests(() => new Date('2027-02-01T12:00:00+05:30')));

    it('mails each teammate a signed leave link and the leader none', async () => {
      const { event, people } = await freeTeam();
      const [leader, asha, ravi] = people;
      expect(await leaveLinkOf(leader!, event.name)).toBeNull();
      const ashaToken = await leaveLinkOf(asha!, event.name);
      const raviToken = await leaveLinkOf(ravi!, event.name);
      expect(ashaToken).toBeTruthy();
      expect(raviToken).toBeTruthy();
      expect(ashaToken).not.toBe(raviToken);
      const view = await teamForLeaveToken(db(), ashaToken!);
      expect(view).toMatchObject({
        state: 'member',
        eventName: event.name,
        teamName: 'Owls',
        memberName: 'Asha Kulkarni',
        leaderName: 'Lead Owner',
      });
    });

    it('refuses forged, altered and malformed tokens', async () => {
      const { event, people } = await freeTeam();
      const token = (await leaveLinkOf(people[1]!, event.name))!;
      const [id, expires, mac] = token.split('.');
      const flipped = `${id}.${expires}.${mac!.slice(0, -2)}${mac!.endsWith('AA') ? 'BB' : 'AA'}`;
      const later = Number(expires) + 365 * 24 * 3600;
      for (const bad of [
        flipped,
        `${id}.${expires}.`,
        `${id}.`,
        'nonsense',
        '',
        `${'0'.repeat(36)}.${expires}.${mac}`,
        // The expiry is signed: a link cannot be made to last longer, nor its expiry left out.
        `${id}.${later}.${mac}`,
        `${id}.${mac}`,
        `${id}.${expires}.${mac}.${expires}`,
      ]) {
        const answer = await call(leave, { body: { token: bad } });
        expect(answer.status, bad).toBe(400);
        expect(answer.body.message).toBe(
          'This link is not valid. Please use the link from your confirmation mail.',
        );
        expect((await teamForLeaveToken(db(), bad)).state).toBe('invalid');
      }
      expect(await liveMembers(db(), event.id)).toHaveLength(3);
    });

    it("lasts until the end of the event's last session, and no longer", async () => {
      const { event, people } = await freeTeam(2, 3, 3, [
        ['10:00', '12:00'],
        ['15:30', '16:30'],
      ]);
      const [, asha, ravi] = people;
      const end = new Date('2027-02-21T16:30:00+05:30');
      const ashaToken = (await leaveLinkOf(asha!, event.name))!;
      const raviToken = (await leaveLinkOf(ravi!, event.name))!;
      // The expiry travels in the link, in seconds, under the signature.
      expect(ashaToken.split('.')[1]).toBe(String(end.getTime() / 1000));

      setClockForTests(() => new Date(end.getTime() - 1000));
      expect((await teamForLeaveToken(db(), ashaToken)).state).toBe('member');
      expect((await call(leave, { body: { token: ashaToken } })).status).toBe(200);

      setClockForTests(() => end);
      expect(await teamForLeaveToken(db(), raviToken)).toEqual({ state: 'expired' });
      const late = await call(leave, { body: { token: raviToken } });
      expect(late).toMatchObject({ status: 410, body: { message: leaveLinkExpired } });
      expect((await liveMembers(db(), event.id)).map((m) => m.userId)).toContain(ravi!.userId);
    });

    it("lasts until the festival's end for an event without sessions", async () => {
      const { event, people } = await freeTeam(2, 3, 2);
      const token = (await leaveLinkOf(people[1]!, event.name))!;
      expect(token.split('.')[1]).toBe(String(festivalEnd.getTime() / 1000));
      setClockForTests(() => new Date(festivalEnd.getTime() - 1000));
      expect((await teamForLeaveToken(db(), token)).state).toBe('member');
      setClockForTests(() => festivalEnd);
      expect((await call(leave, { body: { token } })).status).toBe(410);
    });

    it('ends with the event when the organisers move it earlier', async () => {
      const { event, people } = await freeTeam(2, 3, 2, [['15:30', '16:30']]);
      const token = (await leaveLinkOf(people[1]!, event.name))!;
      await db()
        .update(eventSessions)
        .set({
          startsAt: new Date('2027-02-21T10:00:00+05:30'),
          endsAt: new Date('2027-02-21T11:00:00+05:30'),
        })
        .where(eq(eventSessions.eventId, event.id));
      setClockForTests(() => new Date('2027-02-21T12:00:00+05:30'));
      expect(await teamForLeaveToken(db(), token)).toEqual({ state: 'expired' });
      expect((await call(leave, { body: { token } })).status).toBe(410);
      expect(await liveMembers(db(), event.id)).toHaveLength(2);
    });

    it('still honours a link mailed before links had an expiry, until the event or the festival ends', async () => {
      const { event, people } = await freeTeam(2, 3, 2, [['15:30', '16:30']]);
      const [membership] = await db()
        .select()
        .from(registrationMembers)
        .where(
          and(eq(registrationMembers.eventId, event.id), eq(registrationMembers.userId, people[1]!.userId)),
        );
      // The first form: the membership's id and an HMAC of it alone.
      const mac = crypto
        .createHmac('sha256', derivedSecret('team-leave-v1'))
        .update(`team-leave:v1:${membership!.id}`)
        .digest('base64url');
      const legacy = `${membership!.id}.${mac}`;
      expect((await teamForLeaveToken(db(), legacy)).state).toBe('member');
      setClockForTests(() => new Date('2027-02-21T16:30:00+05:30'));
      expect((await teamForLeaveToken(db(), legacy)).state).toBe('expired');
      expect((await call(leave, { body: { token: legacy } })).status).toBe(410);
    });

    it('removes the member, frees them for the event, cancels their pass, mails the leader and is audited', async () => {
      const { event, option, people, registration } = await freeTeam();
      const [leader, asha, ravi] = people;
      expect(
        (await call<{ data: { status: string } }>(myPass, { token: asha!.token })).body.data.status,
      ).toBe('valid');
      const token = (await leaveLinkOf(asha!, event.name))!;
      const answer = await call(leave, { body: { token } });
      expect(answer).toMatchObject({
        status: 200,
        body: { message: `You have left team Owls for ${event.name}.` },
      });
      const live = await liveMembers(db(), event.id);
      expect(live.map((m) => m.userId).sort()).toEqual([leader!.userId, ravi!.userId].sort());
      expect(await liveRegistrations(db(), event.id)).toHaveLength(1);
      // Their pass covered only this event, so it is cancelled.
      expect(
        (await call<{ data: { status: string } }>(myPass, { token: asha!.token })).body.data.status,
      ).toBe('cancelled');
      // The leader is told, with who left and who is still in the team.
      const leaderMail = (await listOutbox(db(), { to: leader!.email })).find((m) =>
        m.subject.includes('left your team'),
      );
      expect(leaderMail?.text).toContain('Asha Kulkarni');
      expect(leaderMail?.text).toContain('Ravi Menon');
      // The audit log says who left which registration.
      const audit = await listAudit(db(), { entity: 'registration', entityId: registration.id });
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'leave_team', actorEmail: asha!.email });
      // The console's list shows the departure (and the CSV's member columns leave them out).
      const list = await listRegistrations(db(), registrationFilterSchema.parse({ eventId: event.id }));
      const row = list.items.find((r) => r.id === registration.id)!;
      expect(row.members.map((m) => m.email)).toEqual([leader!.email, ravi!.email]);
      expect(row.departedMembers).toEqual([
        expect.objectContaining({ email: asha!.email, leftAt: expect.any(Date) }),
      ]);
      expect(row.belowMinimum).toBe(false);
      // Asha may now register for the same event in her own team.
      const own = await call(register, {
        token: asha!.token,
        params: { eventId: String(event.id) },
        body: {
          registerData: {
            emails: [asha!.email, (await person('New', 'Mate')).email],
            participationId: option.id,
            teamName: 'Larks',
          },
        },
      });
      expect(own.status, JSON.stringify(own.body)).toBe(201);
      // Using the link again changes nothing.
      const again = await call(leave, { body: { token } });
      expect(again).toMatchObject({ status: 409, body: { message: 'You have already left this team.' } });
      expect((await teamForLeaveToken(db(), token)).state).toBe('left');
    });

    it('keeps a team that falls below its minimum, flagged for organisers, without a refund', async () => {
      const { event, people, registration } = await freeTeam(2, 2, 2);
      const [leader, asha] = people;
      const answer = await call(leave, { body: { token: (await leaveLinkOf(asha!, event.name))! } });
      expect(answer.status).toBe(200);
      const [still] = await liveRegistrations(db(), event.id);
      expect(still).toMatchObject({ id: registration.id, status: 'confirmed' });
      const list = await listRegistrations(db(), registrationFilterSchema.parse({ eventId: event.id }));
      expect(list.items[0]).toMatchObject({ belowMinimum: true, minMembers: 2 });
      const leaderMail = (await listOutbox(db(), { to: leader!.email })).find((m) =>
        m.subject.includes('left your team'),
      );
      expect(leaderMail?.text).toContain('below the 2 members');
    });

    it('gives the leader no way to leave by link, even with a token made for them', async () => {
      const { event, registration, people } = await freeTeam();
      const [leaderRow] = await db()
        .select()
        .from(registrationMembers)
        .where(
          and(
            eq(registrationMembers.registrationId, registration.id),
            eq(registrationMembers.isLeader, true),
          ),
        );
      const token = leaveTeamToken(leaderRow!.id, festivalEnd);
      const answer = await call(leave, { body: { token } });
      expect(answer).toMatchObject({
        status: 409,
        body: {
          message:
            'A team leader cannot leave by link. To cancel the registration, please contact the event’s organisers.',
        },
      });
      expect((await teamForLeaveToken(db(), token)).state).toBe('leader');
      expect(await liveMembers(db(), event.id)).toHaveLength(3);
      expect(people).toHaveLength(3);
    });
  });
});
