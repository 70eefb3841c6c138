// GET|POST /api/cron/mail: retry mail whose next attempt is due (for a cron; needs CRON_SECRET)
import { cronRoute } from '@/lib/server/http/cron';
import { deliverDueMail } from '@/lib/server/mail/mail-service';

export const dynamic = 'force-dynamic';

const handler = cronRoute('Mail delivery', async (db) => ({
  message: 'Mail delivered',
  data: await deliverDueMail(db),
}));

export const GET = handler;
export const POST = handler;
