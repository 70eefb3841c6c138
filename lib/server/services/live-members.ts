import 'server-only';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { registrationMembers, registrations } from '@/lib/server/db/schema';

/**
 * Who takes part in an event: a member not removed from a registration that stands (confirmed, not
 * cancelled). The pass, the timetable, attendance, results and certificates all count people by this one
 * rule. For a query joining registration_members to registrations.
 */
export function liveMember(): SQL {
  return and(isNull(registrationMembers.cancelledAt), eq(registrations.status, 'confirmed'))!;
}
