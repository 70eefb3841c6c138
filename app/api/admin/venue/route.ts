// POST /api/admin/venue: add a venue sessions can be held in (organisers)
import { adminRoute } from '@/lib/server/http/handler';
import { venueSchema } from '@/lib/schemas/admin-timetable';
import { createVenue } from '@/lib/server/admin/timetable';

export const POST = adminRoute({ body: venueSchema }, async ({ db, user, body }) => ({
  status: 201,
  message: 'Venue created',
  data: await createVenue(db, user, body),
}));
