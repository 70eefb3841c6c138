// GET /api/admin/announcements/[id]: one announcement with its delivery counts (organisers)
import { getAnnouncement } from '@/lib/server/announcements/announcements';
import { AppError } from '@/lib/server/http/app-error';
import { adminRoute } from '@/lib/server/http/handler';
import { uuidParam } from '@/lib/server/http/params';

export const GET = adminRoute<undefined, { id: string }>({}, async ({ db, params }) => {
  const announcement = await getAnnouncement(db, uuidParam(params.id, 'announcement'));
  if (!announcement) throw new AppError('not_found', 'No announcement has that id.');
  return { message: 'Announcement', data: announcement };
});
