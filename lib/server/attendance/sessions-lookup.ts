import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { eventSessions, events } from '@/lib/server/db/schema';

/** A session and its event's name, or null when there is no such session. */
export async function sessionById(db: Db | Tx, sessionId: number) {
  const [row] = await db
    .select({ id: eventSessions.id, eventId: eventSessions.eventId, eventName: events.name })
    .from(eventSessions)
    .innerJoin(events, eq(events.id, eventSessions.eventId))
    .where(eq(eventSessions.id, sessionId));
  return row ?? null;
}
