// POST /api/validate-otp: verify an account with its mailed code
import { validateOtpSchema } from '@/lib/schemas/auth';
import { apiRoute } from '@/lib/server/http/handler';
import { verifyAccount } from '@/lib/server/services/accounts';

export const POST = apiRoute({ body: validateOtpSchema }, async ({ db, body, ip }) => {
  await verifyAccount(db, body, ip);
  return { message: 'Account Verified, You can Login !' };
});
