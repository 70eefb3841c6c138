// GET /api/admin/team/get-team: the organising team, grouped
import { cachedTeam } from '@/lib/server/content-cache';
import { publicRead } from '@/lib/server/http/handler';

// Served whole from the route cache until the team changes (see publicRead).
export const dynamic = 'force-static';

export const GET = publicRead(async () => ({
  message: 'Team',
  data: await cachedTeam(),
}));
