// GET /api/admin/export/registrations.csv: the filtered registrations as a streamed CSV download (organisers)
import { registrationFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { parseQuery } from '@/lib/server/http/query';
import { exportRegistrations } from '@/lib/server/admin/exports';

export const GET = adminRoute({}, async ({ db, request }) =>
  exportRegistrations(db, parseQuery(registrationFilterSchema, request)),
);
