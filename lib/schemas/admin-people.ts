import { z } from 'zod';
import { roles } from '@/lib/roles';

/** PATCH /api/admin/users/{id}/role and `npm run user:role`: the one rule for a role name. */
export const roleSchema = z.enum(roles, { error: 'Choose a role: user, volunteer, organiser or admin.' });

export const setRoleSchema = z.object({ role: roleSchema });
export type SetRoleInput = z.infer<typeof setRoleSchema>;
