// GET|POST /api/cron/waiting-lists: lapse expired offers and offer freed places (for a cron; needs CRON_SECRET)
import { cronRoute } from '@/lib/server/http/cron';
import { makeOffers } from '@/lib/server/services/waiting-lists';

export const dynamic = 'force-dynamic';

const handler = cronRoute('Waiting lists', async (db) => ({
  message: 'Offers made',
  data: await makeOffers(db),
}));

export const GET = handler;
export const POST = handler;
