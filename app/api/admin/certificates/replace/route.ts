// POST /api/admin/certificates/replace: a new certificate under the person's current name
import { certificateReplaceSchema } from '@/lib/schemas/certificates';
import { replaceCertificate } from '@/lib/server/certificates/revoke-replace';
import { adminRoute } from '@/lib/server/http/handler';

export const POST = adminRoute({ body: certificateReplaceSchema }, async ({ db, user, body }) => {
  const replacedBy = await replaceCertificate(db, user, body.id);
  return { message: 'Certificate replaced.', data: { replacedBy } };
});
