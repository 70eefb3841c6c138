import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { eventSessions, venues } from '@/lib/server/db/schema';

/** An event's rounds: its sessions in the timetable's order, named "Round N" when the timetable gives no name. */
export interface Round {
  sessionId: number;
  name: string;
  startsAt: Date;
  endsAt: Date;
  venueName: string;
  venueMapUrl: string | null;
}

export async function roundsOfEvent(db: Db | Tx, eventId: number): Promise<Round[]> {
  const rows = await db
    .select({
      sessionId: eventSessions.id,
      roundName: eventSessions.roundName,
      startsAt: eventSessions.startsAt,
      endsAt: eventSessions.endsAt,
      venueName: venues.name,
      venueMapUrl: venues.mapUrl,
    })
    .from(eventSessions)
    .innerJoin(venues, eq(venues.id, eventSessions.venueId))
    .where(eq(eventSessions.eventId, eventId))
    .orderBy(asc(eventSessions.startsAt), asc(eventSessions.id));
  return rows.map((row, index) => ({
    sessionId: row.sessionId,
    name: row.roundName ?? `Round ${index + 1}`,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    venueName: row.venueName,
    venueMapUrl: row.venueMapUrl,
  }));
}

/** The round after this one, if the timetable has one: where those who go through meet next. */
export function nextRound(rounds: readonly Round[], sessionId: number): Round | null {
  const index = rounds.findIndex((r) => r.sessionId === sessionId);
  return index >= 0 ? (rounds[index + 1] ?? null) : null;
}
