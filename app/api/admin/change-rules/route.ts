// GET /api/admin/change-rules: every event's, T-shirt's and stay type's rules for participants' changes
// PUT /api/admin/change-rules: set one item's (until when it may be changed, what a cancellation refunds)
import { changeRulesSchema } from '@/lib/schemas/changes-console';
import { listChangeRules, setChangeRules } from '@/lib/server/changes/console';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Rules fetched successfully',
  data: await listChangeRules(db),
}));

export const PUT = adminRoute({ body: changeRulesSchema }, async ({ db, user, body }) => ({
  message: 'Rules saved.',
  data: await setChangeRules(db, user, body),
}));
