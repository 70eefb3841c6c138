// POST /api/admin/check-in: check a festival pass in at the gate (QR payload or typed code), once per day (volunteers too)
import { checkInSchema } from '@/lib/schemas/passes';
import { adminRoute } from '@/lib/server/http/handler';
import { checkInPass } from '@/lib/server/passes/passes';

export const POST = adminRoute({ body: checkInSchema, volunteers: true }, async ({ db, user, body }) => {
  const { message, result } = await checkInPass(db, user, body.code);
  return { message, data: result };
});
