// GET /api/admin/accommodation-option: date options in the organisers' order with capacity, booked and held places (optionally ?typeId=)
// POST /api/admin/accommodation-option: create a date option, last of its type (organisers)
import { z } from 'zod';
import { accommodationOptionSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idSchema } from '@/lib/server/http/params';
import {
  createAccommodationOption,
  listAccommodationOptionsForConsole,
} from '@/lib/server/admin/content-accommodation';

export const GET = adminRoute(
  { query: z.object({ typeId: idSchema('accommodation type').optional() }) },
  async ({ db, query }) => ({
    message: 'Accommodation options',
    data: await listAccommodationOptionsForConsole(db, query),
  }),
);

export const POST = adminRoute({ body: accommodationOptionSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Accommodation option created.',
  data: await createAccommodationOption(db, user, body),
}));
