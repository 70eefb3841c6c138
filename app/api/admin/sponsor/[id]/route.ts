// PATCH /api/admin/sponsor/{id}: change a sponsor (any of its fields)
// DELETE /api/admin/sponsor/{id}: remove a sponsor
import { sponsorChangeSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { deleteSponsor, updateSponsor } from '@/lib/server/admin/content-sponsors';

export const PATCH = adminRoute<typeof sponsorChangeSchema, { id: string }>(
  { body: sponsorChangeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Sponsor saved.',
    data: await updateSponsor(db, user, idParam(params.id, 'sponsor'), body),
  }),
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Sponsor deleted.',
  data: await deleteSponsor(db, user, idParam(params.id, 'sponsor')),
}));
