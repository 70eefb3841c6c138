// POST /api/accommodation/confirm-user-accommodation: confirm a paid stay with the caller's identity proof
import { confirmAccommodationSchema } from '@/lib/schemas/shop';
import { apiRoute } from '@/lib/server/http/handler';
import { accommodationSuccessMessage, confirmAccommodation } from '@/lib/server/services/accommodation';

export const POST = apiRoute({ auth: true, body: confirmAccommodationSchema }, async ({ db, user, body }) => {
  await confirmAccommodation(db, user, body);
  return { status: 201, message: accommodationSuccessMessage };
});
