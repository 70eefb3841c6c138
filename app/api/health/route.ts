// GET /api/health: 200 when the database answers, 503 otherwise (for the hosting platform's probe)
import { getDb } from '@/lib/server/db';
import { ping } from '@/lib/server/db/client';
import { replyJson } from '@/lib/server/http/handler';
import { logger } from '@/lib/server/log';

export const dynamic = 'force-dynamic';

export async function GET() {
  try {
    await ping(await getDb());
    return replyJson(200, { message: 'ok', data: { database: 'up' } });
  } catch (error) {
    logger.error({ err: error }, 'health check failed');
    return replyJson(503, { message: 'The database is not reachable.', data: { database: 'down' } });
  }
}
