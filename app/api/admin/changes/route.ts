// GET /api/admin/changes?action=&q=&state=: participants' own changes, newest first (docs/own-changes.md)
import { changesFilterSchema } from '@/lib/schemas/changes-console';
import { listChanges } from '@/lib/server/changes/console';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute({ query: changesFilterSchema }, async ({ db, query }) => ({
  message: 'Changes fetched successfully',
  data: await listChanges(db, query),
}));
