// GET|POST /api/cron/mail: retry mail whose next attempt is due (for a cron; needs CRON_SECRET)
import { cronRoute } from '@/lib/server/http/cron';
import { drainDueMail } from '@/lib/server/mail/mail-service';

export const dynamic = 'force-dynamic';

const handler = cronRoute('Mail delivery', async (db) => ({
  message: 'Mail delivered',
  // Within the SMTP server's rate, for up to 20 seconds: what is left waits for the next call.
  data: await drainDueMail(db, 20_000),
}));

export const GET = handler;
export const POST = handler;
