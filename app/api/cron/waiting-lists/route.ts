// GET|POST /api/cron/waiting-lists: lapse expired offers and offer freed places (for a cron; needs CRON_SECRET)
import { cronRoute } from '@/lib/server/http/cron';
import { waitingListJob } from '@/lib/server/services/waiting-list-job';

export const dynamic = 'force-dynamic';

const handler = cronRoute('Waiting lists', async (db) => ({
  message: 'Offers made',
  data: await waitingListJob(db),
}));

export const GET = handler;
export const POST = handler;
