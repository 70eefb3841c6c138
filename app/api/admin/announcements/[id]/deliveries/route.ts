// GET /api/admin/announcements/[id]/deliveries?channel=&state=&page=: its delivery log, per person and channel (organisers)
import { deliveryLogQuerySchema } from '@/lib/schemas/announcements';
import { deliveryLog, deliveryLogPageSize, getAnnouncement } from '@/lib/server/announcements/announcements';
import { AppError } from '@/lib/server/http/app-error';
import { adminRoute } from '@/lib/server/http/handler';
import { uuidParam } from '@/lib/server/http/params';

export const GET = adminRoute<undefined, { id: string }, typeof deliveryLogQuerySchema>(
  { query: deliveryLogQuerySchema },
  async ({ db, params, query }) => {
    const id = uuidParam(params.id, 'announcement');
    if (!(await getAnnouncement(db, id))) throw new AppError('not_found', 'No announcement has that id.');
    const log = await deliveryLog(db, id, query);
    return { message: 'Delivery log', data: { ...log, page: query.page, pageSize: deliveryLogPageSize } };
  },
);
