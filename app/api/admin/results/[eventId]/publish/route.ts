// POST /api/admin/results/{eventId}/publish: show the placings on the public pages and mail those who go
// through from a round (each once); DELETE: take the results off the public pages.
import { countOf } from '@/lib/plural';
import { adminRoute } from '@/lib/server/http/handler';
import { idParam } from '@/lib/server/http/params';
import { publishResults, unpublishResults } from '@/lib/server/results';

export const POST = adminRoute<undefined, { eventId: string }>({}, async ({ db, user, params }) => {
  const published = await publishResults(db, user, idParam(params.eventId, 'event'));
  return {
    message: `Results published; ${countOf(published.mailed, 'person', 'people')} mailed.`,
    data: published,
  };
});

export const DELETE = adminRoute<undefined, { eventId: string }>({}, async ({ db, user, params }) => {
  await unpublishResults(db, user, idParam(params.eventId, 'event'));
  return { message: 'Results taken off the public pages.', data: null };
});
