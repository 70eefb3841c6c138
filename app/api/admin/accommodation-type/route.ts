// GET /api/admin/accommodation-type: every stay type in order with its date options and occupancy, hidden ones included
// POST /api/admin/accommodation-type: create a accommodation type (organisers)
import { accommodationTypeSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import {
  createAccommodationType,
  listAccommodationForConsole,
} from '@/lib/server/admin/content-accommodation';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Accommodation types',
  data: await listAccommodationForConsole(db),
}));

export const POST = adminRoute({ body: accommodationTypeSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Accommodation type created.',
  data: await createAccommodationType(db, user, body),
}));
