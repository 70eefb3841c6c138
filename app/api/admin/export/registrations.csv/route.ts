// GET /api/admin/export/registrations.csv: the filtered registrations as a streamed CSV download (organisers)
import { registrationFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { exportRegistrations } from '@/lib/server/admin/exports';

export const GET = adminRoute({ query: registrationFilterSchema }, async ({ db, query }) =>
  exportRegistrations(db, query),
);
