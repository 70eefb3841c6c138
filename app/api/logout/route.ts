// POST /api/logout: clear the page-guard cookie (the browser drops its stored token itself)
import { clearedAuthCookie } from '@/lib/server/auth/cookie';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({}, async () => ({
  message: 'Logged Out!',
  headers: { 'set-cookie': clearedAuthCookie() },
}));
