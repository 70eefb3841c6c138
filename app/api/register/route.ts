// POST /api/register: sign up (same answer whatever the e-mail's state) and mail a verification code
import { registerPayloadSchema } from '@/lib/schemas/auth';
import { apiRoute } from '@/lib/server/http/handler';
import { registerAccount } from '@/lib/server/services/accounts';

export const POST = apiRoute({ body: registerPayloadSchema }, async ({ db, body, ip }) => ({
  status: 201,
  message: 'Registration Successful, Kindly Verify with OTP sent to your mail',
  data: await registerAccount(db, body, ip),
}));
