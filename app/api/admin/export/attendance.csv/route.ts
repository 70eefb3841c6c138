// GET /api/admin/export/attendance.csv[?sessionId=]: live attendance as a streamed CSV (organisers: it has e-mails)
import { attendanceExportSchema } from '@/lib/schemas/attendance';
import { exportAttendance } from '@/lib/server/attendance';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute({ query: attendanceExportSchema }, async ({ db, query }) =>
  exportAttendance(db, query.sessionId),
);
