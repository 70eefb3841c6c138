// GET /api/admin/audit?entity=&entityId=: the newest console changes (who, what, when, before, after)
import { z } from 'zod';
import { listAudit } from '@/lib/server/admin/audit';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute(
  {
    query: z.object({
      entity: z.string().max(60, 'The entity is too long.').optional(),
      entityId: z.string().max(100, 'The entity id is too long.').optional(),
    }),
  },
  async ({ db, query }) => ({ message: 'Audit log fetched successfully', data: await listAudit(db, query) }),
);
