// GET /api/certificates/{id}/pdf: the certificate as a PDF, inline, with a filename
import { isCertificateIdShape } from '@/lib/server/certificates/ids';
import { certificatePdf } from '@/lib/server/certificates/pdf-cache';
import { findCertificate } from '@/lib/server/certificates/public-view';
import { AppError } from '@/lib/server/http/app-error';
import { apiRoute } from '@/lib/server/http/handler';
import { limitAttempt } from '@/lib/server/rate-limit';

export const GET = apiRoute<undefined, { id: string }>({}, async ({ db, params, ip }) => {
  if (!isCertificateIdShape(params.id)) throw new AppError('not_found', 'No such certificate.');
  await limitAttempt(db, 'certificateLookup', { ip });
  const row = await findCertificate(db, params.id);
  if (!row) throw new AppError('not_found', 'No such certificate.');
  const pdf = await certificatePdf(db, row);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="certificate-${row.id}.pdf"`,
      'Cache-Control': 'no-store',
    },
  });
});
