// PATCH /api/admin/sponsor-group/{id}: change a sponsor group (any of its fields)
// DELETE /api/admin/sponsor-group/{id}: remove a sponsor group and its sponsors
import { sponsorGroupChangeSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { deleteSponsorGroup, updateSponsorGroup } from '@/lib/server/admin/content-sponsors';

export const PATCH = adminRoute<typeof sponsorGroupChangeSchema, { id: string }>(
  { body: sponsorGroupChangeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Sponsor group saved.',
    data: await updateSponsorGroup(db, user, idParam(params.id, 'sponsor group'), body),
  }),
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Sponsor group deleted.',
  data: await deleteSponsorGroup(db, user, idParam(params.id, 'sponsor group')),
}));
