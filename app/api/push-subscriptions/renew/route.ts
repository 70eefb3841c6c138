// POST /api/push-subscriptions/renew: the service worker replaces a device's subscription the push service renewed
import { renewPushSubscriptionSchema } from '@/lib/schemas/announcements';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { renewSubscription } from '@/lib/server/push/subscriptions';

/*
 * No sign-in: the service worker that receives `pushsubscriptionchange` has no token (it lives in the
 * page's storage). What it proves instead is the old subscription's endpoint, an unguessable address the
 * push service gave this device alone; the new subscription takes its place for the same person.
 */
export const POST = apiRoute({ body: renewPushSubscriptionSchema }, async ({ db, body }) => {
  const renewed = await renewSubscription(db, body.oldEndpoint, {
    endpoint: body.subscription.endpoint,
    p256dh: body.subscription.keys.p256dh,
    auth: body.subscription.keys.auth,
  });
  if (!renewed) throw new AppError('not_found', 'This device had no notifications on.');
  return { message: 'Notifications stay on for this device.' };
});
