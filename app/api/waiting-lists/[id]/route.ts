// DELETE /api/waiting-lists/{id}: leave a waiting list (a standing offer passes to the next in line)
import { apiRoute } from '@/lib/server/http/handler';
import { AppError } from '@/lib/server/http/app-error';
import { leaveWaitingList } from '@/lib/server/services/waiting-lists';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DELETE = apiRoute<undefined, { id: string }>({ auth: true }, async ({ db, user, params }) => {
  if (!uuidPattern.test(params.id))
    throw new AppError('not_found', 'This waiting list entry does not exist.');
  await leaveWaitingList(db, user, params.id);
  return { message: 'You have left the waiting list.' };
});
