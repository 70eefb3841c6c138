// GET /api/results: every published result, grouped by category (public, cached like the other content)
import { cachedPublishedResults } from '@/lib/server/content-cache';
import { publicRead } from '@/lib/server/http/handler';

export const GET = publicRead(async () => ({ message: 'Results.', data: await cachedPublishedResults() }));
