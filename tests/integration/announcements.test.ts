import { and, eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as createRoute, GET as listRoute } from '@/app/api/admin/announcements/route';
import { POST as previewRoute } from '@/app/api/admin/announcements/preview/route';
import { POST as cancelRoute } from '@/app/api/admin/announcements/[id]/cancel/route';
import { GET as deliveriesRoute } from '@/app/api/admin/announcements/[id]/deliveries/route';
import { GET as myNotificationsGet, PATCH as myNotificationsPatch } from '@/app/api/my-notifications/route';
import { DELETE as unsubscribeRoute, POST as subscribeRoute } from '@/app/api/push-subscriptions/route';
import { POST as renewRoute } from '@/app/api/push-subscriptions/renew/route';
import type { Audience } from '@/lib/schemas/announcements';
import { sendDueAnnouncements } from '@/lib/server/announcements/announcements';
import { audienceUserIds } from '@/lib/server/announcements/audience';
import { setDeliverSoonForTests } from '@/lib/server/announcements/job';
import { queueDueReminders } from '@/lib/server/announcements/reminders';
import { queryRows } from '@/lib/server/db/client';
import {
  announcementDeliveries,
  announcements,
  auditLog,
  eventSessions,
  mailOutbox,
  pushQueue,
  pushSubscriptions,
  registrationMembers,
  registrations,
  sessionReminders,
  users,
  venues,
} from '@/lib/server/db/schema';
import { seedIfEmpty } from '@/lib/server/db/seed';
import { resetEnvForTests } from '@/lib/server/env';
import { drainDueMail, mailDiedMidSend, setMailTransportForTests } from '@/lib/server/mail/mail-service';
import { deliverDuePushes, diedMidSend } from '@/lib/server/push/push-queue';
import { resetVapidKeysForTests } from '@/lib/server/push/vapid';
import { quickUser } from '../support/accounts';
import { call } from '../support/api';
import { createTestEvent, registerFreeSolo, registerFreeTeams } from '../support/events';
import { startPushService, type PushService } from '../support/push-service';
import { paidTeeOrder } from '../support/shop';
import { freePort, startSmtp, transportTo } from '../support/smtp';
import { paidStay } from '../support/stays';
import { describeEachDatabase } from '../support/test-db';

/*
 * Announcements (docs/announcements.md): audiences, sending now and later, the delivery log, pushes through
 * a real push protocol server (web-push-testing decrypts what the site encrypted and checks its VAPID
 * signature), no message twice on a channel when runs overlap or one dies, devices that leave, reminders.
 */

type Person = Awaited<ReturnType<typeof quickUser>>;
const vapid = webpush.generateVAPIDKeys();

let pushService: PushService;
beforeAll(async () => {
  process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
  process.env.VAPID_SUBJECT = 'mailto:tests@aetherfest.example';
  resetEnvForTests();
  resetVapidKeysForTests();
  // Each test runs the queue's steps itself; the round a send starts in the background would race them.
  setDeliverSoonForTests(false);
  pushService = await startPushService(await freePort());
});
afterAll(async () => {
  await pushService.stop();
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
  delete process.env.VAPID_SUBJECT;
  resetEnvForTests();
  resetVapidKeysForTests();
  setDeliverSoonForTests(true);
});

describeEachDatabase('announcements', (current) => {
  const db = () => current().db;
  let organiser: Person;
  beforeAll(async () => {
    await seedIfEmpty(db());
    organiser = await quickUser(db(), { role: 'organiser' });
  });
  afterEach(() => setMailTransportForTests(undefined));

  /** A device of `person` subscribed at the push service and registered with the site as the profile does. */
  async function device(person: Person) {
    const subscription = await pushService.subscribe(vapid.publicKey);
    const answer = await call(subscribeRoute, {
      token: person.token,
      body: { endpoint: subscription.endpoint, keys: subscription.keys },
      headers: {
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36',
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return subscription;
  }

  async function audienceOf(audience: Audience): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      db(),
      sql`select u.id from users u where u.id in (${audienceUserIds(audience)}) order by u.id`,
    );
    return rows.map((r) => r.id);
  }

  async function announce(body: Record<string, unknown>) {
    const answer = await call<{ message: string; data: { id: string; state: string; recipients: number } }>(
      createRoute,
      {
        token: organiser.token,
        body,
      },
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body;
  }

  async function pushesTo(subscription: { clientHash: string }) {
    return (await pushService.messages(subscription.clientHash)).map(
      (m) => JSON.parse(m) as Record<string, string>,
    );
  }

  describe('audiences', () => {
    it('resolve to exactly the right people: team members but not those who left, not cancelled registrations', async () => {
      const solo = await createTestEvent(db(), { price: 0, min: 1, max: 1 });
      const team = await createTestEvent(db(), { price: 0, min: 2, max: 3 });
      const [alone, cancelled, lead, member, leaver] = await Promise.all(
        Array.from({ length: 5 }, () => quickUser(db())),
      );
      expect((await registerFreeSolo(alone!, solo.event.id, solo.option.id)).status).toBe(201);
      expect((await registerFreeSolo(cancelled!, solo.event.id, solo.option.id)).status).toBe(201);
      await registerFreeTeams(db(), team.event.id, team.option.id, [[lead!, member!, leaver!]], () => 'Owls');
      // One registration cancelled, one member gone from the team.
      const [gone] = await db()
        .select({ id: registrations.id })
        .from(registrations)
        .where(
          and(eq(registrations.eventId, solo.event.id), eq(registrations.leaderUserId, cancelled!.userId)),
        );
      await db()
        .update(registrations)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(registrations.id, gone!.id));
      await db()
        .update(registrationMembers)
        .set({ cancelledAt: new Date() })
        .where(eq(registrationMembers.registrationId, gone!.id));
      await db()
        .update(registrationMembers)
        .set({ cancelledAt: new Date() })
        .where(
          and(eq(registrationMembers.eventId, team.event.id), eq(registrationMembers.userId, leaver!.userId)),
        );

      expect(await audienceOf({ kind: 'events', eventIds: [solo.event.id] })).toEqual([alone!.userId]);
      expect(await audienceOf({ kind: 'events', eventIds: [solo.event.id, team.event.id] })).toEqual(
        [alone!.userId, lead!.userId, member!.userId].sort(),
      );

      // A session of the team's event at a venue on the 21st, another of the solo event there on the 22nd.
      const [hall] = await db()
        .insert(venues)
        .values({ name: `Audience hall ${Date.now()}` })
        .returning();
      await db()
        .insert(eventSessions)
        .values([
          {
            eventId: team.event.id,
            venueId: hall!.id,
            startsAt: new Date('2027-02-21T23:30:00+05:30'),
            endsAt: new Date('2027-02-21T23:50:00+05:30'),
          },
          {
            eventId: solo.event.id,
            venueId: hall!.id,
            startsAt: new Date('2027-02-22T00:10:00+05:30'),
            endsAt: new Date('2027-02-22T01:00:00+05:30'),
          },
        ]);
      expect(await audienceOf({ kind: 'venue_day', venueId: hall!.id, day: '2027-02-21' })).toEqual(
        [lead!.userId, member!.userId].sort(),
      );
      expect(await audienceOf({ kind: 'venue_day', venueId: hall!.id, day: '2027-02-22' })).toEqual([
        alone!.userId,
      ]);

      const preview = await call<{
        data: { recipients: number; withDevice: number; sample: { email: string }[] };
      }>(previewRoute, {
        token: organiser.token,
        body: { audience: { kind: 'events', eventIds: [team.event.id] } },
      });
      expect(preview.status).toBe(200);
      expect(preview.body.data.recipients).toBe(2);
      expect(preview.body.data.sample.map((p) => p.email).sort()).toEqual(
        [lead!.email, member!.email].sort(),
      );
    });

    it('stay holders, T-shirt buyers, volunteers and everyone', async () => {
      const stay = await paidStay(db(), { label: `Audience stay ${Date.now()}`, capacity: 5 });
      const tee = await paidTeeOrder(db(), { name: `Audience tee ${Date.now()}`, stock: 5 });
      const volunteer = await quickUser(db(), { role: 'volunteer' });
      expect(await audienceOf({ kind: 'stay_holders' })).toContain(stay.guest.userId);
      expect(await audienceOf({ kind: 'stay_holders' })).not.toContain(tee.buyer.userId);
      expect(await audienceOf({ kind: 'tshirt_buyers' })).toContain(tee.buyer.userId);
      expect(await audienceOf({ kind: 'tshirt_buyers' })).not.toContain(stay.guest.userId);
      expect(await audienceOf({ kind: 'volunteers' })).toContain(volunteer.userId);
      expect(await audienceOf({ kind: 'volunteers' })).not.toContain(organiser.userId);
      const [verified] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from users where verified`,
      );
      expect((await audienceOf({ kind: 'everyone' })).length).toBe(verified!.n);
    });
  });

  describe('sending and the delivery log', () => {
    it('reaches each device through the push protocol, mails each person once, and logs who got it', async () => {
      const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1 });
      const [pushed, expiring, mailOnly] = await Promise.all(
        Array.from({ length: 3 }, () => quickUser(db())),
      );
      for (const person of [pushed!, expiring!, mailOnly!]) {
        expect((await registerFreeSolo(person, event.id, option.id)).status).toBe(201);
      }
      const phone = await device(pushed!);
      const laptop = await device(pushed!);
      const old = await device(expiring!);
      await pushService.expire(old.clientHash);
      const smtpPort = await freePort();
      const smtp = await startSmtp(smtpPort);
      setMailTransportForTests(transportTo(smtpPort));
      try {
        const sent = await announce({
          title: 'Robot arena moves to Hall B',
          body: 'The arena is now in Hall B.\nSame time.',
          link: '/schedule',
          audience: { kind: 'events', eventIds: [event.id] },
          channels: ['push', 'mail'],
        });
        expect(sent.message).toBe('Announcement sent to 3 people.');
        expect(sent.data.state).toBe('sending');

        await deliverDuePushes(db());
        for (const subscription of [phone, laptop]) {
          expect(await pushesTo(subscription)).toEqual([
            {
              title: 'Robot arena moves to Hall B',
              body: 'The arena is now in Hall B.\nSame time.',
              url: '/schedule',
              tag: `announcement:${sent.data.id}`,
            },
          ]);
        }
        // The expired device answered 410: it is forgotten.
        expect(
          await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, expiring!.userId)),
        ).toEqual([]);

        const log = await call<{
          data: {
            rows: { email: string; channel: string; state: string; reason: string | null; devices: number }[];
            total: number;
          };
        }>(deliveriesRoute, { token: organiser.token, params: { id: sent.data.id }, query: '?channel=push' });
        expect(log.status).toBe(200);
        const byEmail = Object.fromEntries(log.body.data.rows.map((r) => [r.email, r]));
        expect(byEmail[pushed!.email]).toMatchObject({ state: 'delivered', devices: 2 });
        expect(byEmail[expiring!.email]).toMatchObject({ state: 'unreachable' });
        expect(byEmail[expiring!.email]!.reason).toMatch(/410/);
        expect(byEmail[mailOnly!.email]).toMatchObject({
          state: 'unreachable',
          reason: 'No device has notifications turned on.',
        });

        await drainDueMail(db(), 5_000);
        const mailed = smtp.received.flatMap((m) => m.to).sort();
        expect(mailed).toEqual([pushed!.email, expiring!.email, mailOnly!.email].sort());
        const mailLog = await call<{ data: { rows: { state: string }[] } }>(deliveriesRoute, {
          token: organiser.token,
          params: { id: sent.data.id },
          query: '?channel=mail&state=sent',
        });
        expect(mailLog.body.data.rows).toHaveLength(3);

        const list = await call<{
          data: { id: string; counts: { push: Record<string, number>; mail: Record<string, number> } }[];
        }>(listRoute, {
          token: organiser.token,
        });
        const counts = list.body.data.find((a) => a.id === sent.data.id)!.counts;
        expect(counts.push).toMatchObject({ delivered: 1, unreachable: 2, queued: 0, failed: 0 });
        expect(counts.mail).toMatchObject({ sent: 3, queued: 0, failed: 0 });

        const [audit] = await db()
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'announcement'), eq(auditLog.entityId, sent.data.id)));
        expect(audit).toMatchObject({ action: 'create', actorEmail: organiser.email });

        // The profile lists it for the people it was sent to.
        const mine = await call<{ data: { announcements: { id: string }[]; devices: unknown[] } }>(
          myNotificationsGet,
          { token: pushed!.token },
        );
        expect(mine.body.data.announcements.map((a) => a.id)).toContain(sent.data.id);
        expect(mine.body.data.devices).toHaveLength(2);
      } finally {
        await smtp.stop();
      }
    });

    it('waits for a set time, can be cancelled before it, and is sent once whoever runs at that time', async () => {
      const later = await announce({
        title: 'Gates open early',
        body: 'Pronite gates open at 6.',
        audience: { kind: 'volunteers' },
        channels: ['mail'],
        sendAt: '2027-02-21T17:00',
      });
      expect(later.message).toBe('Announcement scheduled.');
      const withdrawn = await announce({
        title: 'Withdrawn',
        body: 'Never sent.',
        audience: { kind: 'volunteers' },
        channels: ['mail'],
        sendAt: '2027-02-21T17:00',
      });
      const cancelled = await call(cancelRoute, {
        token: organiser.token,
        params: { id: withdrawn.data.id },
        body: {},
      });
      expect(cancelled.status).toBe(200);
      expect(await sendDueAnnouncements(db())).toBe(0);
      // Its time comes: two runs at once (two instances) send it once.
      await db()
        .update(announcements)
        .set({ sendAt: new Date(Date.now() - 1000) });
      const runs = await Promise.all([sendDueAnnouncements(db()), sendDueAnnouncements(db())]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      const [row] = await db().select().from(announcements).where(eq(announcements.id, later.data.id));
      expect(row!.state).toBe('sending');
      const [mails] = await queryRows<{ n: number; people: number }>(
        db(),
        sql`select count(*)::int as n, count(distinct "to")::int as people from mail_outbox where subject = 'Aetherfest 2027: Gates open early'`,
      );
      expect(mails!.n).toBe(mails!.people);
      expect(mails!.n).toBe(row!.recipients);
      const [none] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from mail_outbox where subject like '%Withdrawn'`,
      );
      expect(none!.n).toBe(0);
      const again = await call<{ message: string }>(cancelRoute, {
        token: organiser.token,
        params: { id: later.data.id },
        body: {},
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe('This announcement has already been sent.');
    });

    it('never pushes a device twice when runs overlap or one dies holding a batch', async () => {
      const people = await Promise.all(Array.from({ length: 6 }, () => quickUser(db())));
      const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1 });
      const devices = [];
      for (const person of people) {
        expect((await registerFreeSolo(person, event.id, option.id)).status).toBe(201);
        devices.push(await device(person));
      }
      const sent = await announce({
        title: 'Rain',
        body: 'Rain expected at 5.',
        audience: { kind: 'events', eventIds: [event.id] },
        channels: ['push'],
      });
      const rows = await db()
        .select()
        .from(pushQueue)
        .where(eq(pushQueue.key, `announcement:${sent.data.id}`));
      expect(rows).toHaveLength(6);
      // A run that claimed half the rows and died: they stay leased, and others leave them alone...
      const held = rows.slice(0, 3).map((r) => r.id);
      await db()
        .update(pushQueue)
        .set({ nextAttemptAt: new Date(Date.now() + 60_000) })
        .where(
          sql`${pushQueue.id} in (${sql.join(
            held.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
      const overlapping = await Promise.all([
        deliverDuePushes(db(), { batch: 2 }),
        deliverDuePushes(db(), { batch: 2 }),
      ]);
      expect(overlapping.reduce((total, run) => total + run.delivered, 0)).toBe(3);
      // ...until the lease has passed; then they go, once.
      await db()
        .update(pushQueue)
        .set({ nextAttemptAt: new Date(Date.now() - 1) })
        .where(eq(pushQueue.state, 'pending'));
      expect((await deliverDuePushes(db())).delivered).toBe(3);
      expect((await deliverDuePushes(db())).delivered).toBe(0);
      for (const subscription of devices) expect(await pushesTo(subscription)).toHaveLength(1);
    });

    it('never sends again a push that was in flight when its sender died, and logs why', async () => {
      const person = await quickUser(db(), { role: 'volunteer' });
      const subscription = await device(person);
      const sent = await announce({
        title: 'Mid-send',
        body: 'In flight.',
        audience: { kind: 'volunteers' },
        channels: ['push'],
      });
      // A sender marked this row and died before the push service's answer; its lease has passed since.
      await db()
        .update(pushQueue)
        .set({ sendingAt: new Date(Date.now() - 200_000), nextAttemptAt: new Date(Date.now() - 1) })
        .where(and(eq(pushQueue.key, `announcement:${sent.data.id}`), eq(pushQueue.userId, person.userId)));
      const run = await deliverDuePushes(db());
      expect(run.failed).toBeGreaterThanOrEqual(1);
      expect(await pushesTo(subscription)).toEqual([]);
      const log = await call<{ data: { rows: { email: string; state: string; reason: string | null }[] } }>(
        deliveriesRoute,
        { token: organiser.token, params: { id: sent.data.id }, query: '?channel=push' },
      );
      expect(log.body.data.rows.find((r) => r.email === person.email)).toMatchObject({
        state: 'failed',
        reason: diedMidSend,
      });
    });

    it('never mails again an announcement that was being handed to SMTP when its sender died', async () => {
      const volunteer = await quickUser(db(), { role: 'volunteer' });
      const smtpPort = await freePort();
      const smtp = await startSmtp(smtpPort);
      setMailTransportForTests(transportTo(smtpPort));
      try {
        const sent = await announce({
          title: 'Mid-handover',
          body: 'In flight.',
          audience: { kind: 'volunteers' },
          channels: ['mail'],
        });
        const [delivery] = await db()
          .select({ mailId: announcementDeliveries.mailId })
          .from(announcementDeliveries)
          .where(
            and(
              eq(announcementDeliveries.announcementId, sent.data.id),
              eq(announcementDeliveries.userId, volunteer.userId),
            ),
          );
        // Its sender marked it and died before the server's answer; its lease has passed since.
        await db()
          .update(mailOutbox)
          .set({ sendingAt: new Date(Date.now() - 400_000), nextAttemptAt: new Date(Date.now() - 1) })
          .where(eq(mailOutbox.id, delivery!.mailId!));
        await drainDueMail(db(), 5_000);
        expect(smtp.received.flatMap((m) => m.to)).not.toContain(volunteer.email);
        const log = await call<{ data: { rows: { email: string; state: string; reason: string | null }[] } }>(
          deliveriesRoute,
          { token: organiser.token, params: { id: sent.data.id }, query: '?channel=mail' },
        );
        expect(log.body.data.rows.find((r) => r.email === volunteer.email)).toMatchObject({
          state: 'failed',
          reason: mailDiedMidSend,
        });
        // The other volunteers' copies, never handed over, went out once each.
        const others = log.body.data.rows.filter((r) => r.email !== volunteer.email);
        expect(others.every((r) => r.state === 'sent')).toBe(true);
        expect(smtp.received).toHaveLength(others.length);
      } finally {
        await smtp.stop();
      }
    });

    it('sends nothing to a device turned off after the message was queued', async () => {
      const volunteer = await quickUser(db(), { role: 'volunteer' });
      const subscription = await device(volunteer);
      const sent = await announce({
        title: 'Briefing',
        body: 'Volunteers meet at 8.',
        audience: { kind: 'volunteers' },
        channels: ['push'],
      });
      const off = await call<{ data: { removed: boolean } }>(unsubscribeRoute, {
        token: volunteer.token,
        method: 'DELETE',
        body: { endpoint: subscription.endpoint },
      });
      expect(off.body.data.removed).toBe(true);
      await deliverDuePushes(db());
      expect(await pushesTo(subscription)).toEqual([]);
      const [row] = await db()
        .select()
        .from(pushQueue)
        .where(
          and(eq(pushQueue.key, `announcement:${sent.data.id}`), eq(pushQueue.userId, volunteer.userId)),
        );
      expect(row).toMatchObject({ state: 'gone', lastError: 'The device turned notifications off.' });
    });

    it("takes a device's renewed subscription from its service worker, proved by the old endpoint", async () => {
      const person = await quickUser(db());
      const old = await device(person);
      const fresh = await pushService.subscribe(vapid.publicKey);
      const renewed = await call<{ message: string }>(renewRoute, {
        body: { oldEndpoint: old.endpoint, subscription: { endpoint: fresh.endpoint, keys: fresh.keys } },
      });
      expect(renewed.status).toBe(200);
      expect(renewed.body.message).toBe('Notifications stay on for this device.');
      const devices = await db()
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, person.userId));
      expect(devices.map((d) => [d.endpoint, d.device])).toEqual([[fresh.endpoint, 'Chrome on Android']]);
      const again = await call<{ message: string }>(renewRoute, {
        body: { oldEndpoint: old.endpoint, subscription: { endpoint: fresh.endpoint, keys: fresh.keys } },
      });
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('This device had no notifications on.');
    });

    it('refuses bad input with the field that is wrong', async () => {
      const answer = await call<{ message: string; errors?: Record<string, string> }>(createRoute, {
        token: organiser.token,
        body: { title: '', body: 'x', audience: { kind: 'events', eventIds: [] }, channels: [] },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toMatchObject({
        title: 'Title is required.',
        'audience.eventIds': 'Choose at least one event.',
        channels: 'Choose at least one channel.',
      });
      const participant = await quickUser(db());
      expect((await call(createRoute, { token: participant.token, body: {} })).status).toBe(403);
      const badKeys = await call<{ errors?: Record<string, string> }>(subscribeRoute, {
        token: participant.token,
        body: { endpoint: 'https://push.example/x', keys: { p256dh: 'short', auth: 'x' } },
      });
      expect(badKeys.status).toBe(400);
      expect(badKeys.body.errors).toMatchObject({ 'keys.p256dh': 'keys.p256dh must be the browser key.' });
    });
  });

  describe('reminders', () => {
    it("go 30 minutes ahead by each person's choice, once, and again when the session moves", async () => {
      const { event, option } = await createTestEvent(db(), { price: 0, min: 1, max: 1 });
      const [byPush, byMail, off, noDevice] = await Promise.all(
        Array.from({ length: 4 }, () => quickUser(db())),
      );
      for (const person of [byPush!, byMail!, off!, noDevice!]) {
        expect((await registerFreeSolo(person, event.id, option.id)).status).toBe(201);
      }
      const phone = await device(byPush!);
      await call(myNotificationsPatch, {
        token: byMail!.token,
        method: 'PATCH',
        body: { reminderChannel: 'mail' },
      });
      const turnedOff = await call<{ message: string }>(myNotificationsPatch, {
        token: off!.token,
        method: 'PATCH',
        body: { reminderChannel: 'off' },
      });
      expect(turnedOff.body.message).toBe('Reminders are off.');
      const [hall] = await db()
        .insert(venues)
        .values({ name: `Reminder hall ${Date.now()}`, mapUrl: 'https://maps.example/hall' })
        .returning();
      const now = new Date();
      const [session] = await db()
        .insert(eventSessions)
        .values({
          eventId: event.id,
          venueId: hall!.id,
          startsAt: new Date(now.getTime() + 20 * 60_000),
          endsAt: new Date(now.getTime() + 80 * 60_000),
          roundName: 'Final',
        })
        .returning();
      // A session further away is not reminded yet.
      await db()
        .insert(eventSessions)
        .values({
          eventId: event.id,
          venueId: hall!.id,
          startsAt: new Date(now.getTime() + 45 * 60_000),
          endsAt: new Date(now.getTime() + 90 * 60_000),
        });

      const mailsBefore = await db().select({ id: mailOutbox.id }).from(mailOutbox);
      expect(await queueDueReminders(db(), now)).toBe(3);
      expect(await queueDueReminders(db(), now)).toBe(0);
      const reminded = await db()
        .select()
        .from(sessionReminders)
        .where(eq(sessionReminders.sessionId, session!.id));
      expect(Object.fromEntries(reminded.map((r) => [r.userId, r.channel]))).toEqual({
        [byPush!.userId]: 'push',
        [byMail!.userId]: 'mail',
        [noDevice!.userId]: 'mail',
      });
      const mails = (await db().select().from(mailOutbox)).filter(
        (m) => !mailsBefore.some((b) => b.id === m.id),
      );
      expect(mails.map((m) => m.to).sort()).toEqual([byMail!.email, noDevice!.email].sort());
      expect(mails[0]!.text).toContain('Map: https://maps.example/hall');
      await deliverDuePushes(db());
      const [push] = await pushesTo(phone);
      expect(push).toMatchObject({
        url: 'https://maps.example/hall',
        body: expect.stringContaining('Starts in 30 minutes'),
      });
      expect(push!.title).toContain('Final');

      // Moved 10 minutes later: a new reminder for the new time.
      await db()
        .update(eventSessions)
        .set({ startsAt: new Date(now.getTime() + 25 * 60_000) })
        .where(eq(eventSessions.id, session!.id));
      expect(await queueDueReminders(db(), now)).toBe(3);
      const [me] = await db()
        .select({ channel: users.reminderChannel })
        .from(users)
        .where(eq(users.id, off!.userId));
      expect(me!.channel).toBe('off');
    });
  });
});
