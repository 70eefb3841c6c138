// POST /api/admin/announcements/[id]/cancel: withdraw a scheduled announcement before it goes out (organisers)
import { cancelAnnouncement } from '@/lib/server/announcements/announcements';
import { adminRoute } from '@/lib/server/http/handler';
import { uuidParam } from '@/lib/server/http/params';

export const POST = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Announcement cancelled.',
  data: await cancelAnnouncement(db, user, uuidParam(params.id, 'announcement')),
}));
