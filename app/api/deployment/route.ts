// GET /api/deployment: whether this deployment is a preview (read by the page's Preview mark)
import { apiRoute } from '@/lib/server/http/handler';
import { isPreview } from '@/lib/server/env';

export const dynamic = 'force-dynamic';

export const GET = apiRoute({}, async () => ({
  message: 'Deployment',
  data: { preview: isPreview() },
  // The same for every visitor and for the deployment's whole life: a browser asks again after five
  // minutes at most, so one page view in a visit asks and the rest read the browser's copy.
  headers: { 'cache-control': 'public, max-age=300, s-maxage=300' },
}));
