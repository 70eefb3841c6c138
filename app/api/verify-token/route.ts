// GET /api/verify-token: 200 while the bearer token is valid and current, 401 otherwise
import { apiRoute } from '@/lib/server/http/handler';

export const GET = apiRoute({ auth: true }, async ({ user }) => ({
  message: 'Token is valid',
  data: { userId: user.id, email: user.email, role: user.role },
}));
