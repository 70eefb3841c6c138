// PATCH /api/admin/accommodation-option/{id}: change a date option (any of its fields; isVisible: false takes it off sale)
// DELETE /api/admin/accommodation-option/{id}: delete a date option (409 when it has bookings)
import { accommodationOptionChangeSchema } from '@/lib/schemas/admin-content';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import {
  deleteAccommodationOption,
  updateAccommodationOption,
} from '@/lib/server/admin/content-accommodation';

export const PATCH = adminRoute<typeof accommodationOptionChangeSchema, { id: string }>(
  { body: accommodationOptionChangeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Accommodation option saved.',
    data: await updateAccommodationOption(db, user, idParam(params.id, 'accommodation option'), body),
  }),
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => ({
  message: 'Accommodation option deleted.',
  data: await deleteAccommodationOption(db, user, idParam(params.id, 'accommodation option')),
}));
