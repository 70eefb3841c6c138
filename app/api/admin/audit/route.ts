// GET /api/admin/audit?entity=&entityId=: the newest console changes (who, what, when, before, after)
import { z } from 'zod';
import { listAudit } from '@/lib/server/admin/audit';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute(
  { query: z.object({ entity: z.string().optional(), entityId: z.string().optional() }) },
  async ({ db, query }) => ({ message: 'Audit log fetched successfully', data: await listAudit(db, query) }),
);
