// GET /api/admin/registrations: event registrations with their members, filtered and paged (organisers)
import { registrationFilterSchema } from '@/lib/schemas/admin-operations';
import { adminRoute } from '@/lib/server/http/handler';
import { listRegistrations } from '@/lib/server/admin/lists';

export const GET = adminRoute({ query: registrationFilterSchema }, async ({ db, query }) => ({
  message: 'Registrations',
  data: await listRegistrations(db, query),
}));
