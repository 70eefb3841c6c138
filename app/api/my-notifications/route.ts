// GET /api/my-notifications: the push key, the reminder choice, the devices with pushes on, the announcements sent to me
// PATCH /api/my-notifications: choose how reminders reach me (push, mail, off)
import { notificationSettingsSchema } from '@/lib/schemas/announcements';
import { myNotifications, setReminderChannel } from '@/lib/server/announcements/my-notifications';
import { apiRoute } from '@/lib/server/http/handler';

export const GET = apiRoute({ auth: true }, async ({ db, user }) => ({
  message: 'Your notifications',
  data: await myNotifications(db, user.id),
}));

export const PATCH = apiRoute(
  { auth: true, body: notificationSettingsSchema },
  async ({ db, user, body }) => {
    await setReminderChannel(db, user.id, body.reminderChannel);
    return {
      message:
        body.reminderChannel === 'off'
          ? 'Reminders are off.'
          : `Reminders come by ${body.reminderChannel === 'push' ? 'notification' : 'mail'}.`,
      data: await myNotifications(db, user.id),
    };
  },
);
