// GET /api/admin/pronite-artist: every pronite artist in order, hidden ones included
// POST /api/admin/pronite-artist: create a pronite artist (organisers)
import { proniteArtistSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { createProniteArtist, listProniteArtistsForConsole } from '@/lib/server/admin/content-pronite';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Pronite artists',
  data: await listProniteArtistsForConsole(db),
}));

export const POST = adminRoute({ body: proniteArtistSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Pronite artist created.',
  data: await createProniteArtist(db, user, body),
}));
