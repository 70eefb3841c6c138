import 'server-only';
import { eq } from 'drizzle-orm';
import type { PodiumPlace, ResultsDraft } from '@/lib/schemas/results';
import type { Db } from '@/lib/server/db';
import { publishedResults, resultPlacings } from '@/lib/server/db/schema';
import { eventEntries, eventOrThrow } from './entries';
import { advancingByRound } from './record';
import { roundsOfEvent } from './rounds';
import { publicPlacings } from './stored-placing';

/** Everything the console's results screen shows for one event: entries, rounds, placings, what is public. */
export async function resultsDraft(db: Db, eventId: number): Promise<ResultsDraft> {
  const event = await eventOrThrow(db, eventId);
  const [entries, rounds, placings, [published]] = await Promise.all([
    eventEntries(db, eventId),
    roundsOfEvent(db, eventId),
    db.select().from(resultPlacings).where(eq(resultPlacings.eventId, eventId)),
    db.select().from(publishedResults).where(eq(publishedResults.eventId, eventId)),
  ]);
  const advancing = await advancingByRound(
    db,
    rounds.map((r) => r.sessionId),
  );
  const membersOf = new Map(entries.map((e) => [e.registrationId, e.members.length]));
  return {
    event,
    entries: entries.map(({ registrationId, name, college, members }) => ({
      registrationId,
      name,
      college,
      members,
    })),
    rounds: rounds.map((round) => {
      const mine = advancing.filter((a) => a.sessionId === round.sessionId);
      return {
        sessionId: round.sessionId,
        name: round.name,
        startsAt: round.startsAt.toISOString(),
        endsAt: round.endsAt.toISOString(),
        venueName: round.venueName,
        advancing: mine.map((a) => a.registrationId),
        unmailed: mine
          .filter((a) => a.mailedAt === null)
          .reduce((sum, a) => sum + (membersOf.get(a.registrationId) ?? 0), 0),
      };
    }),
    places: placings
      .filter((p) => p.place !== null)
      .map((p) => ({ place: p.place as PodiumPlace, registrationId: p.registrationId }))
      .sort((a, b) => a.place - b.place),
    mentions: placings
      .filter((p) => p.mention !== null)
      .map((p) => ({ mention: p.mention as string, registrationId: p.registrationId })),
    published: published
      ? { at: published.publishedAt.toISOString(), placings: publicPlacings(published.placings) }
      : null,
  };
}
