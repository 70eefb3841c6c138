// POST /api/payment/webhook: provider events, signature-checked and recorded once; settles lost checkouts
import { after } from 'next/server';
import { errorResponse, replyJson } from '@/lib/server/http/handler';
import { getDb } from '@/lib/server/db';
import { acceptWebhook, processWebhook } from '@/lib/server/payments/webhooks';

export async function POST(request: Request) {
  try {
    const db = await getDb();
    const accepted = await acceptWebhook(db, {
      rawBody: await request.text(),
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
    return replyJson(200, { message: accepted.duplicate ? 'Duplicate event ignored' : 'Event received' });
  } catch (error) {
    return errorResponse(error, crypto.randomUUID());
  }
}
