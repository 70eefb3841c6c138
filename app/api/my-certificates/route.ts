// GET /api/my-certificates: the signed-in person's certificates (the profile)
import { myCertificates } from '@/lib/server/certificates/public-view';
import { apiRoute } from '@/lib/server/http/handler';

export const GET = apiRoute({ auth: true }, async ({ db, user }) => ({
  message: 'Your certificates',
  data: { certificates: await myCertificates(db, user.id) },
}));
