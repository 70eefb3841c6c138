// GET|POST /api/cron/announcements: send due announcements, queue session reminders, deliver pushes and mail (for a cron; needs CRON_SECRET)
import { announcementsJob } from '@/lib/server/announcements/job';
import { cronRoute } from '@/lib/server/http/cron';

export const dynamic = 'force-dynamic';

const handler = cronRoute('Announcements', async (db) => ({
  message: 'Announcements delivered',
  data: await announcementsJob(db),
}));

export const GET = handler;
export const POST = handler;
