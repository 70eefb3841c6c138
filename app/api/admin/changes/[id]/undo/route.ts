// POST /api/admin/changes/{id}/undo: undo a participant's cancellation while its place has not gone on
import { z } from 'zod';
import { undoCancellation } from '@/lib/server/changes/undo';
import { AppError } from '@/lib/server/http/app-error';
import { adminRoute } from '@/lib/server/http/handler';

const changeId = z.uuid();

export const POST = adminRoute<undefined, { id: string }>({}, async ({ db, user, params }) => {
  const id = changeId.safeParse(params.id);
  if (!id.success) throw new AppError('not_found', 'This change does not exist.');
  const outcome = await undoCancellation(db, user, id.data);
  return {
    message: outcome.alreadyUndone ? 'This cancellation was already undone.' : 'Cancellation undone.',
    data: outcome,
  };
});
