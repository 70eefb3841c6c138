// POST /api/admin/announcements/[id]/end-banner: take a sent announcement's banner down now (organisers)
import { endBanner } from '@/lib/server/announcements/announcements';
import { adminRoute } from '@/lib/server/http/handler';
import { uuidParam } from '@/lib/server/http/params';

export const POST = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'The banner is down.',
  data: await endBanner(db, user, uuidParam(params.id, 'announcement')),
}));
