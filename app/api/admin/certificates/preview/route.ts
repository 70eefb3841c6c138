// GET /api/admin/certificates/preview?kind=&eventId=: a sample of what issuing would print, as a PDF made
// for the first eligible person (or a placeholder name) and never stored: nothing is issued.
import { certificateTargetSchema } from '@/lib/schemas/certificates';
import { certificateTitle, eligiblePeople } from '@/lib/server/certificates/eligibility';
import { renderCertificatePdf } from '@/lib/server/certificates/render-pdf';
import { adminRoute } from '@/lib/server/http/handler';

export const GET = adminRoute({ query: certificateTargetSchema }, async ({ db, query }) => {
  const [first] = await eligiblePeople(db, query);
  const pdf = await renderCertificatePdf({
    id: 'SAMPLE-NOT-ISSUED',
    kind: query.kind,
    recipientName: first?.recipientName ?? 'Participant Name',
    college: first?.college ?? 'Their College',
    title: first?.title ?? certificateTitle(query.kind, 'This Event', 1),
    issuedAt: new Date(),
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'inline; filename="certificate-sample.pdf"',
      'Cache-Control': 'no-store',
    },
  });
});
