// GET /api/admin/attendance/sessions/{id}: a session's roster, counts and latest scans
import { sessionIdParam } from '@/lib/schemas/attendance';
import { sessionRoster } from '@/lib/server/attendance';
import { AppError } from '@/lib/server/http/app-error';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute<undefined, { id: string }>({ volunteers: true }, async ({ db, params }) => {
  const id = sessionIdParam.safeParse(params.id);
  if (!id.success) throw new AppError('not_found', 'Session not found.');
  return { message: 'Roster.', data: await sessionRoster(db, id.data) };
});
