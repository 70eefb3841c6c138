// GET /api/admin/audit?entity=&entityId=: the newest console changes (who, what, when, before, after)
import { listAudit } from '@/lib/server/admin/audit';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute({}, async ({ db, request }) => {
  const search = new URL(request.url).searchParams;
  const data = await listAudit(db, {
    entity: search.get('entity') ?? undefined,
    entityId: search.get('entityId') ?? undefined,
  });
  return { message: 'Audit log fetched successfully', data };
});
