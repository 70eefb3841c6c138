// GET /api/payment/config: which checkout script the browser loads (real Razorpay or the sandbox)
import { apiRoute } from '@/lib/server/http/handler';
import { paymentProvider } from '@/lib/server/payments/provider';

export const GET = apiRoute({}, async () => {
  const provider = paymentProvider();
  return {
    message: 'Payment configuration',
    data: { checkoutScriptUrl: provider.checkoutScriptUrl, mode: provider.mode },
  };
});
