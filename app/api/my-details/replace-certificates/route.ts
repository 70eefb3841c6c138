// POST /api/my-details/replace-certificates: certificates printed under an old name or college are reissued
import { replaceMyCertificates } from '@/lib/server/changes/details';
import { apiRoute } from '@/lib/server/http/handler';

export const POST = apiRoute({ auth: true }, async ({ db, user }) => {
  const outcome = await replaceMyCertificates(db, user);
  const n = outcome.replaced.length;
  return {
    message:
      n === 0
        ? 'Your certificates already carry your current name.'
        : `Replaced ${n} certificate${n === 1 ? '' : 's'} with ones in your current name.`,
    data: outcome,
  };
});
