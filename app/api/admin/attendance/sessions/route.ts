// GET /api/admin/attendance/sessions: every session with its counts present / registered, today's first
import { listAttendanceSessions } from '@/lib/server/attendance';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute({ volunteers: true }, async ({ db }) => ({
  message: 'Sessions.',
  data: await listAttendanceSessions(db),
}));
