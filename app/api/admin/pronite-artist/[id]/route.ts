// PATCH /api/admin/pronite-artist/{id}: change a pronite artist (any of its fields)
// DELETE /api/admin/pronite-artist/{id}: remove a pronite artist
import { proniteArtistChangeSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { deleteProniteArtist, updateProniteArtist } from '@/lib/server/admin/content-pronite';

export const PATCH = adminRoute<typeof proniteArtistChangeSchema, { id: string }>(
  { body: proniteArtistChangeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Pronite artist saved.',
    data: await updateProniteArtist(db, user, idParam(params.id, 'pronite artist'), body),
  }),
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Pronite artist deleted.',
  data: await deleteProniteArtist(db, user, idParam(params.id, 'pronite artist')),
}));
