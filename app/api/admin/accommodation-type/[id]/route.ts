// PATCH /api/admin/accommodation-type/{id}: change a accommodation type (any of its fields)
// DELETE /api/admin/accommodation-type/{id}: delete a stay type and its options (409 when it has bookings)
import { accommodationTypeChangeSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { deleteAccommodationType, updateAccommodationType } from '@/lib/server/admin/content-accommodation';

export const PATCH = adminRoute<typeof accommodationTypeChangeSchema, { id: string }>(
  { body: accommodationTypeChangeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Accommodation type saved.',
    data: await updateAccommodationType(db, user, idParam(params.id, 'accommodation type'), body),
  }),
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Accommodation type deleted.',
  data: await deleteAccommodationType(db, user, idParam(params.id, 'accommodation type')),
}));
