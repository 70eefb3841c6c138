// GET /api/my-timetable: the signed-in participant's own sessions in time order, and which of them overlap
import { apiRoute } from '@/lib/server/http/handler';
import { myTimetable } from '@/lib/server/services/timetable';

export const GET = apiRoute({ auth: true }, async ({ db, user }) => ({
  message: 'Your timetable',
  data: await myTimetable(db, user.id),
}));
