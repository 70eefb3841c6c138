// POST /api/logout: end the caller's sessions (on every device) and clear the page-guard cookie
import { clearedAuthCookie } from '@/lib/server/auth/cookie';
import { sessionToken } from '@/lib/server/auth/request-token';
import { apiRoute } from '@/lib/server/http/handler';
import { logout } from '@/lib/server/services/accounts';

export const POST = apiRoute({}, async ({ db, request }) => {
  // Bumps the user's token version: every token of theirs stops working, not only this device's.
  await logout(db, sessionToken(request));
  return {
    message: 'Logged Out!',
    headers: { 'set-cookie': clearedAuthCookie() },
  };
});
