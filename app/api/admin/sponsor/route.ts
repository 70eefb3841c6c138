// GET /api/admin/sponsor: sponsors in order (optionally ?groupId=), hidden ones included
// POST /api/admin/sponsor: create a sponsor (organisers)
import { z } from 'zod';
import { sponsorSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idSchema } from '@/lib/server/http/params';
import { createSponsor, listSponsorsForConsole } from '@/lib/server/admin/content-sponsors';

export const GET = adminRoute(
  { query: z.object({ groupId: idSchema('sponsor group').optional() }) },
  async ({ db, query }) => ({ message: 'Sponsors', data: await listSponsorsForConsole(db, query) }),
);

export const POST = adminRoute({ body: sponsorSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Sponsor created.',
  data: await createSponsor(db, user, body),
}));
