// GET /api/admin/team/get-team: the organising team, grouped
import { cachedTeam } from '@/lib/server/content-cache';
import { apiRoute, publicCacheHeaders } from '@/lib/server/http/handler';

export const GET = apiRoute({}, async () => ({
  message: 'Team',
  data: await cachedTeam(),
  headers: publicCacheHeaders,
}));
