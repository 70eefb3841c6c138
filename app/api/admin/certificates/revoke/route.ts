// POST /api/admin/certificates/revoke: revoke a current certificate, with a reason shown publicly
import { certificateRevokeSchema } from '@/lib/schemas/certificates';
import { revokeCertificate } from '@/lib/server/certificates/revoke-replace';
import { adminRoute } from '@/lib/server/http/handler';

export const POST = adminRoute({ body: certificateRevokeSchema }, async ({ db, user, body }) => {
  await revokeCertificate(db, user, body.id, body.reason);
  return { message: 'Certificate revoked.' };
});
