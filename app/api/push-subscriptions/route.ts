// POST /api/push-subscriptions: turn pushes on for this device (the browser's PushSubscription)
// DELETE /api/push-subscriptions: turn them off for this device
import { pushSubscriptionSchema, removePushSubscriptionSchema } from '@/lib/schemas/announcements';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { removeSubscription, saveSubscription } from '@/lib/server/push/subscriptions';
import { pushEnabled } from '@/lib/server/push/vapid';

export const POST = apiRoute(
  { auth: true, body: pushSubscriptionSchema },
  async ({ db, user, body, request }) => {
    if (!pushEnabled()) throw new AppError('not_found', 'Notifications are not available on this site.');
    const { view, created } = await saveSubscription(
      db,
      user.id,
      { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
      request.headers.get('user-agent'),
    );
    return {
      status: created ? 201 : 200,
      message: 'Notifications are on for this device.',
      data: { subscription: view },
    };
  },
);

export const DELETE = apiRoute(
  { auth: true, body: removePushSubscriptionSchema },
  async ({ db, user, body }) => {
    const removed = await removeSubscription(db, user.id, body.endpoint);
    return {
      message: removed
        ? 'Notifications are off for this device.'
        : 'Notifications were not on for this device.',
      data: { removed },
    };
  },
);
