// GET /api/my-pass: the signed-in person's festival pass (code, QR as SVG, what it covers)
import { apiRoute } from '@/lib/server/http/handler';
import { getMyPass } from '@/lib/server/passes/passes';

export const GET = apiRoute({ auth: true }, async ({ db, user }) => ({
  message: 'Festival pass',
  data: await getMyPass(db, user.id),
}));
