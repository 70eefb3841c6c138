// GET /api/admin/announcements: every announcement, newest first, with its delivery counts (organisers)
// POST /api/admin/announcements: write one and send it now, or at sendAt (organisers)
import { createAnnouncementSchema } from '@/lib/schemas/announcements';
import { createAnnouncement, listAnnouncements } from '@/lib/server/announcements/announcements';
import { deliverSoon } from '@/lib/server/announcements/job';
import { runsAsFunction } from '@/lib/server/function-platform';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute({}, async ({ db }) => ({
  message: 'Announcements',
  data: await listAnnouncements(db),
}));

export const POST = adminRoute({ body: createAnnouncementSchema }, async ({ db, user, body }) => {
  const announcement = await createAnnouncement(db, user, body);
  const sending = announcement.state === 'sending';
  // On a long-running server the messages start out now; on a function platform the cron sends them.
  if (sending && !runsAsFunction()) deliverSoon(db);
  return {
    status: 201,
    message: sending
      ? `Announcement sent to ${announcement.recipients ?? 0} ${announcement.recipients === 1 ? 'person' : 'people'}.`
      : 'Announcement scheduled.',
    data: announcement,
  };
});
