// POST /api/admin/attendance: one scan at a session (volunteers too); a refusal is an answer, not an error
import { scanSchema } from '@/lib/schemas/attendance';
import { recordScan } from '@/lib/server/attendance';
import { adminRoute } from '@/lib/server/http/handler';

export const POST = adminRoute({ body: scanSchema, volunteers: true }, async ({ db, user, body }) => {
  const outcome = await recordScan(db, user, body);
  if (outcome.status === 'unknown_session') {
    return { status: 404, message: outcome.message, data: outcome };
  }
  return { status: outcome.status === 'present' ? 201 : 200, message: outcome.message, data: outcome };
});
