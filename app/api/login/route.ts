// POST /api/login: exchange e-mail and password for a token (also set as the page-guard cookie)
import { loginSchema } from '@/lib/schemas/auth';
import { authCookie } from '@/lib/server/auth/cookie';
import { apiRoute } from '@/lib/server/http/handler';
import { login } from '@/lib/server/services/accounts';

export const POST = apiRoute({ body: loginSchema }, async ({ db, body, ip }) => {
  const { token, firstName } = await login(db, body, ip);
  return {
    message: 'Login successful',
    extra: { token },
    data: { first_name: firstName },
    headers: { 'set-cookie': authCookie(token) },
  };
});
