// POST /api/resend-otp: mail a fresh verification or reset code, once a minute at most
import { resendOtpSchema } from '@/lib/schemas/auth';
import { apiRoute } from '@/lib/server/http/handler';
import { resendCode } from '@/lib/server/services/accounts';

export const POST = apiRoute({ body: resendOtpSchema }, async ({ db, body, ip }) => {
  const { message, previewCode } = await resendCode(db, body, ip);
  // Only a preview deployment answers the code (its verification screen shows it).
  return { message, ...(previewCode ? { data: { previewCode } } : {}) };
});
