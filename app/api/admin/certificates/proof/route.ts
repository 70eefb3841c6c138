// POST /api/admin/certificates/proof: set an event's participation proof (attendance or registration)
import { participationProofSchema } from '@/lib/schemas/certificates';
import { setParticipationProof } from '@/lib/server/certificates/console';
import { adminRoute } from '@/lib/server/http/handler';

export const POST = adminRoute({ body: participationProofSchema }, async ({ db, user, body }) => {
  await setParticipationProof(db, user, body.eventId, body.proof);
  return { message: 'Participation proof saved.' };
});
