// GET /api/admin/registrations: event registrations with their members, filtered and paged (organisers)
import { registrationFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { parseQuery } from '@/lib/server/http/query';
import { listRegistrations } from '@/lib/server/admin/lists';

export const GET = adminRoute({}, async ({ db, request }) => ({
  message: 'Registrations',
  data: await listRegistrations(db, parseQuery(registrationFilterSchema, request)),
}));
