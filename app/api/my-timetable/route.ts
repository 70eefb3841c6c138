// GET /api/my-timetable: the signed-in participant's own sessions in time order, and which of them overlap
import { apiRoute } from '@/lib/server/http/handler';
import { participantTimetable } from '@/lib/server/services/timetable';
import { eventOverlaps } from '@/lib/timetable';

export const GET = apiRoute({ auth: true }, async ({ db, user }) => {
  const sessions = await participantTimetable(db, user.id);
  return {
    message: 'Your timetable',
    data: { sessions, overlaps: eventOverlaps(sessions).map(([a, b]) => [a.id, b.id]) },
  };
});
