// GET /api/my-details: the caller's own details, a pending new address, certificates to replace
// PATCH /api/my-details: the caller corrects their name, phone or college
import { myDetailsSchema } from '@/lib/schemas/own-details';
import { myDetails, updateMyDetails } from '@/lib/server/changes/details';
import { apiRoute } from '@/lib/server/http/handler';

export const GET = apiRoute({ auth: true }, async ({ db, user }) => ({
  message: 'Your details',
  data: await myDetails(db, user.id),
}));

export const PATCH = apiRoute({ auth: true, body: myDetailsSchema }, async ({ db, user, body }) => {
  const outcome = await updateMyDetails(db, user, body);
  return {
    message:
      outcome.changed.length > 0
        ? 'Your details are saved.'
        : 'Nothing changed: your details were already these.',
    data: outcome,
  };
});
