// POST /api/admin/announcements/preview: who an audience holds now, and how many have a device for pushes (organisers)
import { previewAnnouncementSchema } from '@/lib/schemas/announcements';
import { previewAudience } from '@/lib/server/announcements/announcements';
import { adminRoute } from '@/lib/server/http/handler';

export const POST = adminRoute({ body: previewAnnouncementSchema }, async ({ db, body }) => ({
  message: 'Audience',
  data: await previewAudience(db, body.audience),
}));
