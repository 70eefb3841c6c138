// POST /api/resend-otp: mail a fresh verification or reset code, once a minute at most
import { resendOtpSchema } from '@/lib/schemas/auth';
import { previewSignUpOf } from '@/lib/server/auth/preview-signup';
import { apiRoute } from '@/lib/server/http/handler';
import { resendCode } from '@/lib/server/services/accounts';

export const POST = apiRoute({ body: resendOtpSchema }, async ({ db, body, ip, request }) => {
  const { message, previewCookie } = await resendCode(db, body, ip, previewSignUpOf(request));
  // Never the code itself; on a preview, the browser that made the sign-up gets its cookie renewed.
  return { message, ...(previewCookie ? { headers: { 'set-cookie': previewCookie } } : {}) };
});
