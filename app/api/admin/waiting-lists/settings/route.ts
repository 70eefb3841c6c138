// GET|PUT /api/admin/waiting-lists/settings: how many hours an offer holds its place (organisers)
import { offerHoursSchema } from '@/lib/schemas/waiting-lists';
import { adminRoute } from '@/lib/server/http/handler';
import { offerHours, setOfferHours } from '@/lib/server/inventory';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Waiting list settings',
  data: { offerHours: await offerHours(db) },
}));

export const PUT = adminRoute({ body: offerHoursSchema }, async ({ db, body }) => ({
  message: 'Saved',
  data: { offerHours: await setOfferHours(db, body.offerHours) },
}));
