// POST /api/reset-password: set a new password with a mailed code; earlier tokens stop working
import { resetPasswordSchema } from '@/lib/schemas/auth';
import { apiRoute } from '@/lib/server/http/handler';
import { resetPassword } from '@/lib/server/services/accounts';

export const POST = apiRoute({ body: resetPasswordSchema }, async ({ db, body, ip }) => {
  await resetPassword(db, body, ip);
  return { message: 'Password changed, You can Login with new password !' };
});
