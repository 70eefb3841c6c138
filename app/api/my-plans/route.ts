// GET /api/my-plans: the caller's registrations, T-shirt orders and stay, each with what they may change
import { apiRoute } from '@/lib/server/http/handler';
import { myPlans } from '@/lib/server/changes/plans';

export const GET = apiRoute({ auth: true }, async ({ db, user }) => ({
  message: 'Your plans',
  data: await myPlans(db, user.id),
}));
