import { and, eq, isNull } from 'drizzle-orm';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { GET as myPlansRoute } from '@/app/api/my-plans/route';
import { POST as teamRoute } from '@/app/api/my-plans/team/route';
import type { MyPlans } from '@/lib/schemas/changes';
import type { TeamChangeOutcome } from '@/lib/schemas/team-change';
import { setClockForTests } from '@/lib/server/clock';
import { seedIfEmpty } from '@/lib/server/db/seed';
import {
  auditLog,
  events,
  festivalPasses,
  mailOutbox,
  participantChanges,
  registrationMembers,
  users,
} from '@/lib/server/db/schema';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent, registerFreeTeams } from '../support/events';
import { describeEachDatabase } from '../support/test-db';

vi.mock('next/cache', () => ({ revalidateTag: () => {}, unstable_cache: <T>(fn: T) => fn }));

type Person = Awaited<ReturnType<typeof quickUser>>;

afterEach(() => setClockForTests(undefined));

describeEachDatabase('a team leader changes the team', (current) => {
  const db = () => current().db;
  beforeAll(async () => {
    await seedIfEmpty(db());
  });

  function change(person: Person, body: Record<string, unknown>) {
    return call<{ message: string; data: TeamChangeOutcome }>(teamRoute, { token: person.token, body });
  }

  function mailsTo(email: string) {
    return db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
  }

  async function liveIds(registrationId: string) {
    const rows = await db()
      .select({ userId: registrationMembers.userId })
      .from(registrationMembers)
      .where(
        and(eq(registrationMembers.registrationId, registrationId), isNull(registrationMembers.cancelledAt)),
      );
    return rows.map((r) => r.userId).sort();
  }

  async function nameOf(person: Person) {
    const [row] = await db().select().from(users).where(eq(users.id, person.userId));
    return `${row!.firstName} ${row!.lastName}`;
  }

  async function team(size: number, bounds: { min: number; max: number }, name?: string) {
    const { event, option } = await createTestEvent(db(), { price: 0, ...bounds, name });
    const people = await Promise.all(Array.from({ length: size }, () => quickUser(db())));
    const [registrationId] = await registerFreeTeams(db(), event.id, option.id, [people], () => 'Owls');
    return { event, option, people, registrationId: registrationId! };
  }

  it('replaces a teammate in one change: the newcomer confirmed, the removed told, once each', async () => {
    const { event, people, registrationId } = await team(2, { min: 2, max: 3 });
    const [leader, ravi] = people as [Person, Person];
    const asha = await quickUser(db());
    const body = { registrationId, add: [asha.email], remove: [ravi.userId] };

    const [first, second] = await Promise.all([change(leader, body), change(leader, body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.data.changed, second.body.data.changed].sort()).toEqual([false, true]);
    expect(await liveIds(registrationId)).toEqual([leader.userId, asha.userId].sort());

    const summary = `${event.name}: +${await nameOf(asha)}, −${await nameOf(ravi)}`;
    const done = first.body.data.changed ? first : second;
    expect(done.body.message).toBe(`${summary}. Removing a teammate does not refund anything automatically.`);
    const changes = await db()
      .select()
      .from(participantChanges)
      .where(eq(participantChanges.entityId, registrationId));
    expect(changes).toMatchObject([
      { action: 'team', entity: 'registration', userId: leader.userId, summary },
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, registrationId));
    expect(audit.filter((a) => a.action === 'team_change')).toHaveLength(1);

    const confirmations = (await mailsTo(asha.email)).filter((m) => m.subject.includes('you are registered'));
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.text).toContain(event.name);
    const told = (await mailsTo(ravi.email)).filter((m) => m.subject.includes('no longer in team Owls'));
    expect(told).toHaveLength(1);
    // The leader is not sent a second confirmation.
    expect(
      (await mailsTo(leader.email)).filter((m) => m.subject.includes('you are registered')),
    ).toHaveLength(1);
    // The newcomer holds a pass.
    expect(
      await db().select().from(festivalPasses).where(eq(festivalPasses.userId, asha.userId)),
    ).toHaveLength(1);
  });

  it('adds and removes within the bounds; below the minimum and above the maximum are refused', async () => {
    const { people, registrationId } = await team(2, { min: 2, max: 3 });
    const [leader, member] = people as [Person, Person];
    const [third, fourth] = [await quickUser(db()), await quickUser(db())];

    const added = await change(leader, { registrationId, add: [third.email] });
    expect(added.status).toBe(200);
    expect(added.body.data.added).toHaveLength(1);

    const again = await change(leader, { registrationId, add: [third.email] });
    expect(again.status).toBe(200);
    expect(again.body.data.changed).toBe(false);
    expect(again.body.message).toBe(`${await nameOf(third)} is already in your team.`);

    const tooMany = await change(leader, { registrationId, add: [fourth.email] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Team needs 2 to 3 members, leader included; your team would have 4.');

    expect((await change(leader, { registrationId, remove: [third.userId] })).status).toBe(200);
    const tooFew = await change(leader, { registrationId, remove: [member.userId] });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body.message).toBe('Team needs 2 to 3 members, leader included; your team would have 1.');
    expect(await liveIds(registrationId)).toEqual([leader.userId, member.userId].sort());
  });

  it('a newcomer who fails the registration checks is refused with their message', async () => {
    const { event, option, people, registrationId } = await team(2, { min: 2, max: 4 });
    const [leader] = people as [Person];
    const nobody = `nobody.${Date.now()}@example.com`;
    const unknown = await change(leader, { registrationId, add: [nobody] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(
      `${nobody} does not have a verified account yet. Ask them to sign up and verify first.`,
    );
    const elsewhere = await Promise.all([quickUser(db()), quickUser(db())]);
    await registerFreeTeams(db(), event.id, option.id, [elsewhere], () => 'Larks');
    const taken = await change(leader, { registrationId, add: [elsewhere[1]!.email] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`${elsewhere[1]!.email} is already registered for ${event.name}.`);
    expect(await liveIds(registrationId)).toHaveLength(2);
  });

  it('my plans list the members with their e-mails for the leader only, and the team size', async () => {
    const { people } = await team(2, { min: 2, max: 3 });
    const [leader, member] = people as [Person, Person];
    const planOf = async (person: Person) =>
      (await call<{ data: MyPlans }>(myPlansRoute, { token: person.token })).body.data.registrations[0]!;
    const led = await planOf(leader);
    expect(led).toMatchObject({ minMembers: 2, maxMembers: 3, isLeader: true });
    expect(led.members).toEqual([
      { userId: leader.userId, name: await nameOf(leader), email: leader.email, isLeader: true },
      { userId: member.userId, name: await nameOf(member), email: member.email, isLeader: false },
    ]);
    const seen = await planOf(member);
    expect(seen.members.map((m) => m.email)).toEqual([undefined, undefined]);
    expect(JSON.stringify(seen)).not.toContain(leader.email);
  });

  it('only the leader: a member gets 403, a stranger 404, bad input 400', async () => {
    const { people, registrationId } = await team(2, { min: 1, max: 3 });
    const [leader, member] = people as [Person, Person];
    const stranger = await quickUser(db());
    const byMember = await change(member, { registrationId, add: [stranger.email] });
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe('Only your team’s leader can change its members.');
    expect((await change(stranger, { registrationId, add: [stranger.email] })).status).toBe(404);
    expect((await change(leader, { registrationId: 'nope', add: [stranger.email] })).status).toBe(400);
    expect((await change(leader, { registrationId })).status).toBe(400);
    const self = await change(leader, { registrationId, remove: [leader.userId] });
    expect(self.status).toBe(400);
    expect(await liveIds(registrationId)).toHaveLength(2);
  });

  it('after the freeze, refused with its time', async () => {
    const { event, people, registrationId } = await team(2, { min: 2, max: 3 });
    const [leader] = people as [Person];
    await db()
      .update(events)
      .set({ changesFreezeAt: new Date('2027-02-10T18:30:00+05:30') })
      .where(eq(events.id, event.id));
    setClockForTests(() => new Date('2027-02-11T09:00:00+05:30'));
    const late = await change(leader, { registrationId, add: [(await quickUser(db())).email] });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      `Changes to your registration for ${event.name} closed on 10 Feb 2027, 6:30 pm (India time). Please contact the organisers.`,
    );
  });

  it('two leaders racing for the same last free person: exactly one gets them', async () => {
    const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 3 });
    const teams = [[await quickUser(db())], [await quickUser(db())]];
    const [a, b] = await registerFreeTeams(db(), event.id, option.id, teams, (i) => `T${i}`);
    const wanted = await quickUser(db());
    const answers = await Promise.all([
      change(teams[0]![0]!, { registrationId: a, add: [wanted.email] }),
      change(teams[1]![0]!, { registrationId: b, add: [wanted.email] }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await db()
      .select()
      .from(registrationMembers)
      .where(and(eq(registrationMembers.userId, wanted.userId), isNull(registrationMembers.cancelledAt)));
    expect(rows).toHaveLength(1);
    expect(
      (await mailsTo(wanted.email)).filter((m) => m.subject.includes('you are registered')),
    ).toHaveLength(1);
  });

  it('two changes of one team racing for its last free seat: exactly one fits', async () => {
    const { people, registrationId } = await team(2, { min: 2, max: 3 });
    const [leader] = people as [Person];
    const [x, y] = [await quickUser(db()), await quickUser(db())];
    const answers = await Promise.all([
      change(leader, { registrationId, add: [x.email] }),
      change(leader, { registrationId, add: [y.email] }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await liveIds(registrationId)).toHaveLength(3);
  });
});
