import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { festival } from '@/lib/festival';
import type { Audience } from '@/lib/schemas/announcements';

/**
 * The people an audience names, as a subquery of user ids: the one definition the preview, the send and
 * the tests share. A registrant is a live member of a confirmed registration: a cancelled registration
 * and a member who left the team (cancelled_at set) are out; every member of a team is in, not only its
 * leader. A day is a festival day in India's time.
 */
export function audienceUserIds(audience: Audience): SQL {
  switch (audience.kind) {
    case 'everyone':
      return sql`select u.id from users u where u.verified`;
    case 'events':
      return registrantsOf(
        sql`${sql.join(
          audience.eventIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}`,
      );
    case 'venue_day':
      return registrantsOf(sql`select s.event_id from event_sessions s
        where s.venue_id = ${audience.venueId}
          and (s.starts_at at time zone ${festival.timeZone})::date = ${audience.day}::date`);
    case 'stay_holders':
      return sql`select b.user_id from accommodation_bookings b where b.status = 'confirmed'`;
    case 'tshirt_buyers':
      return sql`select o.user_id from merchandise_orders o where o.status = 'confirmed'`;
    case 'volunteers':
      return sql`select u.id from users u where u.role = 'volunteer'`;
  }
}

function registrantsOf(eventIds: SQL): SQL {
  return sql`select m.user_id from registration_members m
    join registrations r on r.id = m.registration_id
    where m.cancelled_at is null and r.status = 'confirmed' and m.event_id in (${eventIds})`;
}
