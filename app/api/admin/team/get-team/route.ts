// GET /api/admin/team/get-team: the organising team, grouped
import { apiRoute } from '@/lib/server/http/handler';
import { listTeam } from '@/lib/server/services/content';

export const GET = apiRoute({}, async ({ db }) => ({ message: 'Team', data: await listTeam(db) }));
