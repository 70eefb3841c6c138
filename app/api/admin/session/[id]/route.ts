// PATCH, DELETE /api/admin/session/{id}: move a session or rename its round; cancel it (organisers). A new
// time or venue, or a cancellation, is mailed to every registered member of the event.
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { sessionChangeSchema } from '@/lib/schemas/admin-timetable';
import { deleteSession, updateSession } from '@/lib/server/admin/timetable';

export const PATCH = adminRoute<typeof sessionChangeSchema, { id: string }>(
  { body: sessionChangeSchema },
  async ({ db, user, body, params }) => {
    const session = await updateSession(db, user, idParam(params.id, 'session'), body);
    return { message: 'Session saved', data: session };
  },
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Session deleted',
  data: await deleteSession(db, user, idParam(params.id, 'session')),
}));
