import { beforeAll, expect, it } from 'vitest';
import { POST as register } from '@/app/api/event-register/event-registration/[eventId]/route';
import { GET as myCertificates } from '@/app/api/my-certificates/route';
import { GET as myNotifications } from '@/app/api/my-notifications/route';
import { GET as myPass } from '@/app/api/my-pass/route';
import { GET as myPlans } from '@/app/api/my-plans/route';
import { GET as myTransfers } from '@/app/api/my-plans/transfers/route';
import { GET as myProfile } from '@/app/api/my-profile/[id]/route';
import { GET as myTimetable } from '@/app/api/my-timetable/route';
import { GET as myWaitingLists } from '@/app/api/waiting-lists/route';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { readProfileForPage } from '@/lib/server/profile-page';
import { call } from '../support/api';
import { quickUser } from '../support/accounts';
import { createTestEvent } from '../support/events';
import { describeEachDatabase } from '../support/test-db';

type Person = Awaited<ReturnType<typeof quickUser>>;

/** What a route answers `person` in `data`, as the browser would read it. */
async function answered(
  handler: Parameters<typeof call>[0],
  person: Person,
  params?: Record<string, string>,
) {
  const answer = await call<{ data: unknown }>(handler, { token: person.token, params });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/*
 * /profile's page reads, on the server, what each of its sections asked its API route for: the same
 * answers, so a section shows the same whether the page brought its data or the browser fetched it.
 */
describeEachDatabase("/profile's data read by its page", (current) => {
  const db = () => current().db;
  let participant: Person;
  let newcomer: Person;

  beforeAll(async () => {
    await seedIfEmpty(db());
    [participant, newcomer] = await Promise.all([quickUser(db()), quickUser(db())]);
    const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1 });
    const registered = await call(register, {
      token: participant.token,
      params: { eventId: String(event.id) },
      body: {
        registerData: { emails: [participant.email], participationId: option.id, teamName: null },
        payData: null,
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  });

  it('is what each section’s route answers, for someone registered for an event', async () => {
    const before = Date.now();
    const page = await readProfileForPage(participant.userId);
    expect(page.userId).toBe(participant.userId);
    expect(page.renderedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(page.renderedAt).toBeLessThanOrEqual(Date.now());

    expect(page.profile).toEqual(await answered(myProfile, participant, { id: participant.userId }));
    expect(page.profile?.registrationsDetails).toHaveLength(1);
    expect(page.pass).toEqual({ pass: await answered(myPass, participant) });
    expect(page.pass?.pass?.code).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){7}$/);
    expect(page.timetable).toEqual(await answered(myTimetable, participant));
    expect({ certificates: page.certificates }).toEqual(await answered(myCertificates, participant));
    expect(page.waitingLists).toEqual(await answered(myWaitingLists, participant));
    expect(page.notifications).toEqual(await answered(myNotifications, participant));
    expect(page.transfers).toEqual(await answered(myTransfers, participant));
    expect(page.plans).toEqual(await answered(myPlans, participant));
    expect(page.plans?.registrations).toHaveLength(1);
  });

  it('says "no pass yet" for someone with nothing, as the pass route’s 404 does', async () => {
    const answer = await call(myPass, { token: newcomer.token });
    expect(answer.status).toBe(404);
    const page = await readProfileForPage(newcomer.userId);
    expect(page.pass).toEqual({ pass: null });
    expect(page.profile?.registrationsDetails).toEqual([]);
    expect(page.timetable).toEqual({ sessions: [], overlaps: [] });
  });

  it('gives null for a read that fails, and that section loads in the browser', async () => {
    // An id that is no uuid makes every query fail in the database, as a broken read would.
    const page = await readProfileForPage('not-a-user-id');
    expect(page).toMatchObject({ profile: null, pass: null, timetable: null, plans: null, transfers: null });
  });
});
