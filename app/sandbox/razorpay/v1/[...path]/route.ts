// GET|POST /sandbox/razorpay/v1/...: the built-in Razorpay-compatible sandbox (absent with real keys, and
// on a production site that is not a preview)
import { sandboxIsOpen } from '@/lib/server/dev-conveniences';
import { handleSandboxRequest } from '@/lib/server/payments/sandbox/server';

export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  if (!sandboxIsOpen()) return Response.json({ message: 'Not found' }, { status: 404 });
  return handleSandboxRequest(request);
}

export { handle as GET, handle as POST };
