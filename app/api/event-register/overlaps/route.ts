// POST /api/event-register/overlaps: the registration screen's warning (never a refusal) that the event's
// sessions clash with one the caller or a typed teammate is already registered for; limited per
// signed-in person (429 past 60 calls in 10 minutes)
import { registrationOverlapsSchema } from '@/lib/schemas/event-registration';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { consume, type Limit } from '@/lib/server/rate-limit';
import { getEvent } from '@/lib/server/services/content';
import { registrationOverlaps } from '@/lib/server/services/timetable';

/*
 * Each answer tells whether an address belongs to someone registered for another event at that time, so
 * the calls are counted like the team verification's: a screen asks once on load and once per teammate's
 * address (after it is well formed and has stayed unchanged for a moment), not hundreds of times.
 */
const overlapCheckLimit: Limit = { limit: 60, windowSeconds: 600 };

export const POST = apiRoute({ auth: true, body: registrationOverlapsSchema }, async ({ db, user, body }) => {
  await consume(db, `event-overlaps:user:${user.id}`, overlapCheckLimit);
  // Only shown events: a hidden one's name and rounds are not the caller's to learn.
  const event = await getEvent(db, { eventId: body.eventId });
  if (!event) throw new AppError('not_found', 'This event does not exist.');
  // The caller first. They learn their own clashes in full (the other event and its time); of a typed
  // address only that it has a clash: never the person's name, nor where they will be.
  const data = await registrationOverlaps(db, {
    eventId: event.id,
    callerId: user.id,
    emails: [user.email.toLowerCase(), ...body.emails],
  });
  return {
    message:
      data.length === 0 ? 'No overlaps' : `${data.length} overlap${data.length === 1 ? '' : 's'} found`,
    data,
  };
});
