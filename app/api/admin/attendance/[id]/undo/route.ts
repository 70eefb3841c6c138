// POST /api/admin/attendance/{id}/undo: undo an attendance within 5 minutes (its volunteer, or an organiser)
import { attendanceIdParam } from '@/lib/schemas/attendance';
import { undoAttendance } from '@/lib/server/attendance';
import { AppError } from '@/lib/server/http/app-error';
import { adminRoute } from '@/lib/server/http/handler';

export const POST = adminRoute<undefined, { id: string }>(
  { volunteers: true },
  async ({ db, user, params }) => {
    const id = attendanceIdParam.safeParse(params.id);
    if (!id.success) throw new AppError('not_found', 'Attendance not found.');
    return undoAttendance(db, user, id.data);
  },
);
