// GET /api/admin/users?q=: people by e-mail or name, with their roles (admins only)
import { z } from 'zod';
import { adminRoute } from '@/lib/server/http/handler';
import { searchPeople } from '@/lib/server/admin/people';

export const GET = adminRoute(
  { adminOnly: true, query: z.object({ q: z.string().max(200, 'The search is too long.').optional() }) },
  async ({ db, query }) => ({ message: 'People fetched successfully', data: await searchPeople(db, query) }),
);
