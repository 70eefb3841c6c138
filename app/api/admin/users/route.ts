// GET /api/admin/users?q=: people by e-mail or name, with their roles (admins only)
import { adminRoute } from '@/lib/server/http/handler';
import { searchPeople } from '@/lib/server/admin/people';

export const GET = adminRoute({ adminOnly: true }, async ({ db, request }) => {
  const q = new URL(request.url).searchParams.get('q') ?? undefined;
  return { message: 'People fetched successfully', data: await searchPeople(db, { q }) };
});
