// PATCH, DELETE /api/admin/venue/{id}: rename a venue or change its map link; remove an unused one (organisers)
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { venueChangeSchema } from '@/lib/schemas/admin-timetable';
import { deleteVenue, updateVenue } from '@/lib/server/admin/timetable';

export const PATCH = adminRoute<typeof venueChangeSchema, { id: string }>(
  { body: venueChangeSchema },
  async ({ db, user, body, params }) => ({
    message: 'Venue saved',
    data: await updateVenue(db, user, idParam(params.id, 'venue'), body),
  }),
);

export const DELETE = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => {
  await deleteVenue(db, user, idParam(params.id, 'venue'));
  return { message: 'Venue deleted' };
});
