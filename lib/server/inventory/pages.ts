import 'server-only';
import type { Db } from '@/lib/server/db';
import { logger } from '@/lib/server/log';
import { adapters, inventoryKinds } from './kinds';
import type { InventoryChange } from './signal';

/*
 * The page cache's subscription to the inventory's signal: the cached public pages that show what is left
 * of a changed item are revalidated. In a request Next revalidates in place; outside one (a job, the
 * reconciliation loop) the tag is expired through the shared cache's table, which every instance watches.
 */
export async function refreshPagesOf(db: Db, changes: InventoryChange[]): Promise<void> {
  for (const kind of inventoryKinds) {
    const ids = changes.filter((c) => c.kind === kind).map((c) => c.itemId);
    const showing = ids.length > 0 ? await adapters[kind].pagesShowing?.(db, ids) : null;
    if (!showing) continue;
    // Loaded when needed: scripts that settle payments import the inventory outside Next.
    const { contentChangedAnywhere, contentTags } = await import('@/lib/server/content-tags');
    const tag = contentTags[showing];
    await contentChangedAnywhere(db, tag);
    logger.debug({ kind, tag }, 'pages showing changed items revalidated');
  }
}
