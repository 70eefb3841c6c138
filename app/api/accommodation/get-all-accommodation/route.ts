// GET /api/accommodation/get-all-accommodation: types with nightly price and date options
import { apiRoute } from '@/lib/server/http/handler';
import { listAccommodation } from '@/lib/server/services/accommodation';

export const GET = apiRoute({}, async ({ db }) => ({
  message: 'Accommodation',
  data: await listAccommodation(db),
}));
