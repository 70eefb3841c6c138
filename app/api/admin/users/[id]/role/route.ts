// PATCH /api/admin/users/{id}/role: make a person a user, organiser or admin (admins only)
import { setRoleSchema } from '@/lib/schemas/admin-people';
import { adminRoute } from '@/lib/server/http/handler';
import { uuidParam } from '@/lib/server/http/params';
import { setRole } from '@/lib/server/admin/people';

export const PATCH = adminRoute<typeof setRoleSchema, { id: string }>(
  { adminOnly: true, body: setRoleSchema },
  async ({ db, user, params, body }) => {
    const person = await setRole(db, user, { id: uuidParam(params.id, 'account') }, body.role);
    return { message: 'Role updated successfully', data: person };
  },
);
