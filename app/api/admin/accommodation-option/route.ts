// GET /api/admin/accommodation-option: date options in the organisers' order with capacity, booked and held places (optionally ?typeId=)
// POST /api/admin/accommodation-option: create a date option, last of its type (organisers)
import { accommodationOptionSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import {
  createAccommodationOption,
  listAccommodationOptionsForConsole,
} from '@/lib/server/admin/content-accommodation';

export const GET = adminRoute({}, async ({ db, request }) => {
  const typeId = new URL(request.url).searchParams.get('typeId');
  return {
    message: 'Accommodation options',
    data: await listAccommodationOptionsForConsole(
      db,
      typeId === null ? {} : { typeId: idParam(typeId, 'accommodation type') },
    ),
  };
});

export const POST = adminRoute({ body: accommodationOptionSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Accommodation option created.',
  data: await createAccommodationOption(db, user, body),
}));
