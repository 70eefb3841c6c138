// GET /api/admin/timetable: venues, every session in time order, and sessions clashing in one venue (organisers)
import { adminRoute } from '@/lib/server/http/handler';
import { getAdminTimetable } from '@/lib/server/admin/timetable';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Timetable',
  data: await getAdminTimetable(db),
}));
