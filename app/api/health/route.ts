// GET /api/health: 200 when the database answers within a second, 503 otherwise (for the platform's probe)
import { getDb } from '@/lib/server/db';
import { ping } from '@/lib/server/db/client';
import { replyJson } from '@/lib/server/http/handler';
import { logger } from '@/lib/server/log';
import { withinTime } from '@/lib/server/within-time';

export const dynamic = 'force-dynamic';

/** A probe must hear back quickly: a database that is down, full or restarting is "down", not a hang. */
const healthTimeoutMs = 1_000;

export async function GET() {
  try {
    await withinTime(
      getDb().then((db) => ping(db)),
      healthTimeoutMs,
    );
    return replyJson(200, { message: 'ok', data: { database: 'up' } });
  } catch (error) {
    logger.error({ err: error }, 'health check failed');
    return replyJson(
      503,
      { message: 'The database is not reachable.', data: { database: 'down' } },
      { 'retry-after': '5' },
    );
  }
}
