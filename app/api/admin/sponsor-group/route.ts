// GET /api/admin/sponsor-group: every sponsor group in order with its sponsors, hidden ones included
// POST /api/admin/sponsor-group: create a sponsor group (organisers)
import { sponsorGroupSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { createSponsorGroup, listSponsorGroupsForConsole } from '@/lib/server/admin/content-sponsors';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Sponsor groups',
  data: await listSponsorGroupsForConsole(db),
}));

export const POST = adminRoute({ body: sponsorGroupSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Sponsor group created.',
  data: await createSponsorGroup(db, user, body),
}));
