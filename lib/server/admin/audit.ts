import 'server-only';
import { desc, eq, and } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/server/db';
import { auditLog } from '@/lib/server/db/schema';

/** Who made a change: the signed-in organiser (AuthUser satisfies this), or null for the command line. */
export interface Actor {
  id: string | null;
  email: string;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one line of the audit log. Call it inside the same transaction as the change, so a change is
 * never made without its record (and a failed change leaves no record).
 */
export async function recordAudit(tx: Db | Tx, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    // JSON round trip: dates become strings and undefined fields disappear, as they would in an export.
    before: entry.before === undefined ? null : JSON.parse(JSON.stringify(entry.before)),
    after: entry.after === undefined ? null : JSON.parse(JSON.stringify(entry.after)),
  });
}

export interface AuditRow {
  id: string;
  actorEmail: string;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** The newest entries first, optionally for one record. */
export async function listAudit(
  db: Db,
  filter: { entity?: string; entityId?: string; limit?: number } = {},
): Promise<AuditRow[]> {
  const conditions = [];
  if (filter.entity) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  return db
    .select({
      id: auditLog.id,
      actorEmail: auditLog.actorEmail,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.createdAt))
    .limit(Math.min(filter.limit ?? 100, 500));
}
