// POST /api/admin/certificates/issue: issue one event's (or the team's, or the volunteers') certificates
import { countOf } from '@/lib/plural';
import { certificateTargetSchema } from '@/lib/schemas/certificates';
import { issueCertificates } from '@/lib/server/certificates/issue';
import { adminRoute } from '@/lib/server/http/handler';

export const POST = adminRoute({ body: certificateTargetSchema }, async ({ db, user, body }) => {
  const outcome = await issueCertificates(db, user, body);
  return { message: `Issued ${countOf(outcome.issued, 'certificate')}.`, data: outcome };
});
