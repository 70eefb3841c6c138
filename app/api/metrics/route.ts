// GET /api/metrics: the instance's metrics in Prometheus's text format, for Prometheus only
// (Authorization: Bearer $METRICS_TOKEN; 404 while METRICS_TOKEN is unset). docs/operations.md lists them.
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/http/app-error';
import { carriesBearer } from '@/lib/server/http/cron';
import { apiRoute } from '@/lib/server/http/handler';
import { metrics } from '@/lib/server/metrics/registry';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({}, async ({ request }) => {
  const token = env().METRICS_TOKEN;
  if (!token) throw new AppError('not_found', 'Metrics are off: set METRICS_TOKEN to enable them.');
  if (!carriesBearer(request, token)) {
    throw new AppError('unauthenticated', 'A valid metrics token is required.');
  }
  const { registry } = metrics();
  return new Response(await registry.metrics(), {
    headers: { 'content-type': registry.contentType, 'cache-control': 'private, no-store' },
  });
});
