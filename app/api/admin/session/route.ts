// POST /api/admin/session: add a session (day, time, venue, round) to an event (organisers)
import { adminRoute } from '@/lib/server/http/handler';
import { sessionSchema } from '@/lib/schemas/admin-timetable';
import { createSession } from '@/lib/server/admin/timetable';

export const POST = adminRoute({ body: sessionSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Session created',
  data: await createSession(db, user, body),
}));
