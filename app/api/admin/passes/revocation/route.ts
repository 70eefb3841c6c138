// POST /api/admin/passes/revocation: revoke a festival pass (lost, handed on) or restore it, by its code
import { passRevocationSchema } from '@/lib/schemas/passes';
import { adminRoute } from '@/lib/server/http/handler';
import { setPassRevoked } from '@/lib/server/passes/passes';

export const POST = adminRoute({ body: passRevocationSchema }, async ({ db, user, body }) => {
  const { message, ...data } = await setPassRevoked(db, user, body.code, body.revoked);
  return { message, data };
});
