// GET /api/health: liveness. 200 whenever this process answers, whatever its database's state: restarting
// an instance mends nothing when the database is down. Whether it should take traffic is GET /api/ready.
import { replyJson } from '@/lib/server/http/handler';
import { hasStarted } from '@/lib/server/readiness';

export const dynamic = 'force-dynamic';

export function GET() {
  return replyJson(200, { message: 'ok', data: { live: true, ready: hasStarted() } });
}
