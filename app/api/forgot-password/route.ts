// POST /api/forgot-password: mail a reset code (same answer for unknown e-mails)
import { forgotPasswordSchema } from '@/lib/schemas/auth';
import { apiRoute } from '@/lib/server/http/handler';
import { forgotPasswordMessage, requestPasswordReset } from '@/lib/server/services/accounts';

export const POST = apiRoute({ body: forgotPasswordSchema }, async ({ db, body, ip }) => {
  await requestPasswordReset(db, body, ip);
  return { message: forgotPasswordMessage };
});
