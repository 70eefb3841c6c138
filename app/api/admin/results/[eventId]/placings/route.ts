// PUT /api/admin/results/{eventId}/placings: the final placings, 1st to 3rd and special mentions (a draft)
import { placingsSchema } from '@/lib/schemas/results';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { savePlacings } from '@/lib/server/results';

export const PUT = adminRoute<typeof placingsSchema, { eventId: string }>(
  { body: placingsSchema },
  async ({ db, user, body, params }) => {
    await savePlacings(db, user, idParam(params.eventId, 'event'), body);
    return { message: 'Placings saved. Publish the results to show them.', data: null };
  },
);
