import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminProniteArtist,
  proniteArtistChangeSchema,
  proniteArtistSchema,
} from '@/lib/schemas/admin-content';
import { recordAudit, type Actor } from '@/lib/server/admin/audit';
import { contentChangedAfter, contentTags } from '@/lib/server/content-cache';
import type { Db, Tx } from '@/lib/server/db';
import { proniteArtists } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/http/app-error';
import { hasChanges, nextPosition, reorderList, type OrderedList } from './content-shared';

/*
 * The console's verbs for pronite artists, hidden ones included. Every write runs in one transaction
 * with its audit line; the public Pronite page is revalidated after commit.
 */

const artistList: OrderedList = {
  table: proniteArtists,
  id: proniteArtists.id,
  position: proniteArtists.position,
  entity: 'pronite_artist',
  label: 'the pronite artists',
};

async function lockedArtist(tx: Db | Tx, id: number): Promise<AdminProniteArtist> {
  const [row] = await tx.select().from(proniteArtists).where(eq(proniteArtists.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'No pronite artist has that id.');
  return row;
}

export async function listProniteArtistsForConsole(db: Db): Promise<AdminProniteArtist[]> {
  return db.select().from(proniteArtists).orderBy(asc(proniteArtists.position), asc(proniteArtists.id));
}

const changed = <T>(write: Promise<T>) => contentChangedAfter(contentTags.pronite, write);

export function createProniteArtist(db: Db, actor: Actor, input: z.output<typeof proniteArtistSchema>) {
  return changed(
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(proniteArtists)
        .values({
          name: input.name,
          tagline: input.tagline,
          night: input.night,
          imageUrl: input.imageUrl,
          isVisible: input.isVisible ?? true,
          position: await nextPosition(tx, artistList),
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'pronite_artist',
        entityId: row!.id,
        after: row,
      });
      return row!;
    }),
  );
}

export function updateProniteArtist(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<typeof proniteArtistChangeSchema>,
) {
  return changed(
    db.transaction(async (tx) => {
      const before = await lockedArtist(tx, id);
      const values = {
        name: input.name,
        tagline: input.tagline,
        night: input.night,
        imageUrl: input.imageUrl,
        isVisible: input.isVisible,
      };
      if (!hasChanges(values)) return before;
      const [row] = await tx.update(proniteArtists).set(values).where(eq(proniteArtists.id, id)).returning();
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'pronite_artist',
        entityId: id,
        before,
        after: row,
      });
      return row!;
    }),
  );
}

export function deleteProniteArtist(db: Db, actor: Actor, id: number) {
  return changed(
    db.transaction(async (tx) => {
      const before = await lockedArtist(tx, id);
      await tx.delete(proniteArtists).where(eq(proniteArtists.id, id));
      await recordAudit(tx, actor, { action: 'delete', entity: 'pronite_artist', entityId: id, before });
      return { id };
    }),
  );
}

export function reorderProniteArtists(db: Db, actor: Actor, ids: number[]) {
  return changed(reorderList(db, actor, artistList, ids));
}
