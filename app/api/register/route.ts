// POST /api/register: sign up (same answer whatever the e-mail's state) and mail a verification code
import { registerPayloadSchema } from '@/lib/schemas/auth';
import { previewSignUpOf } from '@/lib/server/auth/preview-signup';
import { apiRoute } from '@/lib/server/http/handler';
import { registerAccount } from '@/lib/server/services/accounts';

export const POST = apiRoute({ body: registerPayloadSchema }, async ({ db, body, ip, request }) => {
  const { email, previewCookie } = await registerAccount(db, body, ip, previewSignUpOf(request));
  return {
    status: 201,
    message: 'Registration Successful, Kindly Verify with OTP sent to your mail',
    data: { email },
    // A preview's cookie (every sign-up there gets one): only this browser may see its code.
    ...(previewCookie ? { headers: { 'set-cookie': previewCookie } } : {}),
  };
});
