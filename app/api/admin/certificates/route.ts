// GET /api/admin/certificates?kind=participation&eventId=3: eligible and issued counts, the issued list
import { certificateTargetSchema } from '@/lib/schemas/certificates';
import { certificateOverview } from '@/lib/server/certificates/console';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute({ query: certificateTargetSchema }, async ({ db, query }) => ({
  message: 'Certificates',
  data: await certificateOverview(db, query),
}));
