// GET /api/ready: readiness, for a load balancer or a platform's traffic check. 200 when this instance has
// finished starting and its database answers within a second; 503 with Retry-After otherwise. Liveness is
// GET /api/health. While the instance starts, the starting gate answers both (lib/server/http/starting-gate.ts).
import { getDb } from '@/lib/server/db';
import { ping } from '@/lib/server/db/client';
import { replyJson } from '@/lib/server/http/handler';
import { notReadyMessage, startingRetryAfterSeconds } from '@/lib/server/http/starting-gate';
import { logger } from '@/lib/server/log';
import { hasStarted } from '@/lib/server/readiness';
import { withinTime } from '@/lib/server/within-time';

export const dynamic = 'force-dynamic';

/** A probe must hear back quickly: a database that is down, full or restarting is "not ready", not a hang. */
const readyTimeoutMs = 1_000;
const retryAfter = { 'retry-after': String(startingRetryAfterSeconds) };

export async function GET() {
  if (!hasStarted()) {
    return replyJson(503, { message: notReadyMessage, data: { ready: false } }, retryAfter);
  }
  try {
    await withinTime(
      getDb().then((db) => ping(db)),
      readyTimeoutMs,
    );
    return replyJson(200, { message: 'ready', data: { ready: true, database: 'up' } });
  } catch (error) {
    logger.warn({ err: error }, 'readiness: the database did not answer');
    return replyJson(
      503,
      { message: 'The database is not reachable.', data: { ready: false, database: 'down' } },
      retryAfter,
    );
  }
}
