// GET /api/certificates/{id}: anyone checks a certificate; no e-mail or user id, never cached long
import { findCertificate, publicCertificate } from '@/lib/server/certificates/public-view';
import { isCertificateIdShape } from '@/lib/server/certificates/ids';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { limitAttempt } from '@/lib/server/rate-limit';

export const GET = apiRoute<undefined, { id: string }>({}, async ({ db, params, ip }) => {
  // The shape first: a malformed id answers 404 without a query (nor a counter).
  if (!isCertificateIdShape(params.id)) throw new AppError('not_found', 'No such certificate.');
  await limitAttempt(db, 'certificateLookup', { ip });
  const row = await findCertificate(db, params.id);
  if (!row) throw new AppError('not_found', 'No such certificate.');
  return {
    message: 'Certificate',
    data: publicCertificate(row),
    // A revocation must show at once.
    headers: { 'Cache-Control': 'no-store' },
  };
});
