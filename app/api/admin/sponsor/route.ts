// GET /api/admin/sponsor: sponsors in order (optionally ?groupId=), hidden ones included
// POST /api/admin/sponsor: create a sponsor (organisers)
import { sponsorSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { createSponsor, listSponsorsForConsole } from '@/lib/server/admin/content-sponsors';

export const GET = adminRoute({}, async ({ db, request }) => {
  const groupId = new URL(request.url).searchParams.get('groupId');
  return {
    message: 'Sponsors',
    data: await listSponsorsForConsole(
      db,
      groupId === null ? {} : { groupId: idParam(groupId, 'sponsor group') },
    ),
  };
});

export const POST = adminRoute({ body: sponsorSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Sponsor created.',
  data: await createSponsor(db, user, body),
}));
