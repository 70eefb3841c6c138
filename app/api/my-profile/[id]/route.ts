// GET /api/my-profile/{id}: the caller's own profile, registrations and accommodation flag
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { getProfile } from '@/lib/server/services/profile';

export const GET = apiRoute<undefined, { id: string }>({ auth: true }, async ({ db, user, params }) => {
  if (params.id !== user.id) throw new AppError('forbidden', 'You can only view your own profile.');
  return { message: 'Profile', data: await getProfile(db, user.id) };
});
