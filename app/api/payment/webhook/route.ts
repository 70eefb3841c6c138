// POST /api/payment/webhook: provider events, signature-checked, recorded and acted on before answering
import { apiRoute } from '@/lib/server/http/handler';
import { receiveWebhook } from '@/lib/server/payments/webhooks';

/*
 * The body is taken as text: the signature is an HMAC of the exact bytes the provider sent. The event is
 * settled before the answer, so a 2xx means it is done: a database or provider fault answers 503, and the
 * provider delivers the event again (Razorpay retries for a day), when it is processed, not ignored.
 */
export const POST = apiRoute({ body: 'text' }, async ({ db, request, body }) => {
  const accepted = await receiveWebhook(db, {
    rawBody: body,
    signature: request.headers.get('x-razorpay-signature'),
    eventId: request.headers.get('x-razorpay-event-id'),
  });
  return { message: accepted.duplicate ? 'Duplicate event ignored' : 'Event received' };
});
