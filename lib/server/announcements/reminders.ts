import 'server-only';
import { sql } from 'drizzle-orm';
import { festivalTitle } from '@/lib/festival';
import { reminderLeadMinutes } from '@/lib/schemas/announcement-rules';
import { clockTime, sessionTitle } from '@/lib/timetable';
import type { Db } from '@/lib/server/db';
import { queryRows } from '@/lib/server/db/client';
import { plainTextHtml } from '@/lib/server/mail/layout';
import { queueMailsForRetryLoop } from '@/lib/server/mail/mail-service';
import { queuePushes } from '@/lib/server/push/push-queue';

/*
 * The reminder before each session (docs/announcements.md): reminderLeadMinutes before it starts, every
 * live member of a confirmed registration for its event gets one, by push where they chose push and have
 * a device on, else by mail unless they turned reminders off. session_reminders holds one row per person,
 * session and start time, written in the transaction that queues the message: a reminder is queued once
 * whichever instances run, and a session moved to a later time is reminded again at its new time.
 */

interface Reminded {
  session_id: number;
  starts_at: Date;
  ends_at: Date;
  user_id: string;
  channel: 'push' | 'mail';
  email: string;
  first_name: string;
  event_name: string;
  round_name: string | null;
  venue_name: string;
  map_url: string | null;
}

/** Queues the reminders of the sessions that start within the lead time; returns how many. */
export async function queueDueReminders(db: Db, now = new Date()): Promise<number> {
  const until = new Date(now.getTime() + reminderLeadMinutes * 60_000);
  return db.transaction(async (tx) => {
    const reminded = await queryRows<Reminded>(
      tx,
      sql`with due as (
          select s.id as session_id, s.starts_at, m.user_id,
                 case when u.reminder_channel = 'push'
                       and exists (select 1 from push_subscriptions p where p.user_id = u.id)
                      then 'push' else 'mail' end as channel
          from event_sessions s
          join registration_members m on m.event_id = s.event_id and m.cancelled_at is null
          join registrations r on r.id = m.registration_id and r.status = 'confirmed'
          join users u on u.id = m.user_id and u.reminder_channel <> 'off'
          where s.starts_at > ${now.toISOString()}::timestamptz and s.starts_at <= ${until.toISOString()}::timestamptz
        ), inserted as (
          insert into session_reminders (session_id, user_id, starts_at, channel)
          select distinct session_id, user_id, starts_at, channel from due
          on conflict do nothing
          returning session_id, user_id, channel
        )
        select i.session_id, s.starts_at, s.ends_at, i.user_id, i.channel, u.email, u.first_name,
               e.name as event_name, s.round_name, v.name as venue_name, v.map_url
        from inserted i
        join event_sessions s on s.id = i.session_id
        join events e on e.id = s.event_id
        join venues v on v.id = s.venue_id
        join users u on u.id = i.user_id`,
    );
    const bySession = new Map<number, Reminded[]>();
    for (const row of reminded)
      bySession.set(row.session_id, [...(bySession.get(row.session_id) ?? []), row]);
    for (const rows of bySession.values()) {
      const session = rows[0]!;
      const title = sessionTitle({ eventName: session.event_name, roundName: session.round_name });
      const startsAt = new Date(session.starts_at);
      const at = clockTime(startsAt);
      const pushed = rows.filter((r) => r.channel === 'push').map((r) => r.user_id);
      await queuePushes(tx, {
        key: `reminder:${session.session_id}:${startsAt.getTime()}`,
        userIds: pushed,
        payload: {
          title: `${title} at ${at}`,
          body: `Starts in ${reminderLeadMinutes} minutes at ${session.venue_name}.${session.map_url ? ' Tap for the map.' : ''}`,
          url: session.map_url ?? '/profile',
          tag: `reminder:${session.session_id}:${startsAt.getTime()}`,
        },
        expiresAt: startsAt,
      });
      await queueMailsForRetryLoop(
        tx,
        rows
          .filter((r) => r.channel === 'mail')
          .map((r) => {
            const subject = `${festivalTitle}: ${title} at ${at}`;
            const text = [
              `Hello ${r.first_name},`,
              '',
              `${title} starts at ${at}, in ${reminderLeadMinutes} minutes, at ${r.venue_name}.`,
              ...(r.map_url ? [`Map: ${r.map_url}`] : []),
              '',
              'You receive this reminder because you are registered. Your profile lets you have it on your phone instead, or turn reminders off.',
              '',
              `The ${festivalTitle} team`,
            ].join('\n');
            return { to: r.email, subject, text, html: plainTextHtml(subject, text), expiresAt: startsAt };
          }),
      );
    }
    return reminded.length;
  });
}
