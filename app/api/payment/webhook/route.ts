// POST /api/payment/webhook: provider events, signature-checked and recorded once; settles lost checkouts
import { after } from 'next/server';
import { apiRoute } from '@/lib/server/http/handler';
import { acceptWebhook, processWebhook } from '@/lib/server/payments/webhooks';

// The body is taken as text: the signature is an HMAC of the exact bytes the provider sent.
export const POST = apiRoute({ body: 'text' }, async ({ db, request, body }) => {
  const accepted = await acceptWebhook(db, {
    rawBody: body,
    signature: request.headers.get('x-razorpay-signature'),
    eventId: request.headers.get('x-razorpay-event-id'),
  });
  // Answer at once; the work happens after the response (reconciliation covers a crash in between).
  // Outside a Next request (route tests) there is no "after", so the work is done before answering.
  try {
    after(() => processWebhook(db, accepted));
  } catch {
    await processWebhook(db, accepted);
  }
  return { message: accepted.duplicate ? 'Duplicate event ignored' : 'Event received' };
});
