import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { festival, festivalTitle } from '@/lib/festival';
import { certificatePath, certificatePdfPath } from '@/lib/schemas/certificate-rules';
import { findCertificate, publicCertificate } from '@/lib/server/certificates/public-view';
import { getDb } from '@/lib/server/db';

/*
 * The page a certificate's QR code opens: anyone holding one can check it here. Read on every visit (a
 * revocation shows at once) and never indexed. It says who, for what, when, and whether it still stands;
 * never an e-mail. The id is 128 random bits: nobody finds a certificate they were not given.
 */
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = {
  title: 'Certificate',
  robots: { index: false, follow: false },
};

function dateInIndia(iso: string): string {
  return new Date(iso).toLocaleDateString('en-IN', {
    timeZone: festival.timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

export default async function CertificatePage({ params }: Props) {
  const { id } = await params;
  const row = await findCertificate(await getDb(), id);
  if (!row) notFound();
  const c = publicCertificate(row);
  const status =
    c.status === 'valid'
      ? { label: 'Valid', tone: 'border-emerald-400/60 bg-emerald-950/40 text-emerald-200' }
      : c.status === 'revoked'
        ? { label: 'Revoked', tone: 'border-red-400/60 bg-red-950/40 text-red-200' }
        : { label: 'Replaced', tone: 'border-amber-400/60 bg-amber-950/40 text-amber-200' };
  return (
    <main className="mx-auto max-w-2xl px-4 pb-24 pt-24">
      <h1 className="text-center font-display text-4xl tracking-widest text-gold">Certificate</h1>
      <section
        aria-label="Certificate status"
        className={`mt-8 rounded-2xl border p-5 text-center ${status.tone}`}
      >
        <p className="font-display text-2xl">{status.label}</p>
        {c.status === 'valid' ? (
          <p className="mt-1">This certificate was issued by {festivalTitle} and stands.</p>
        ) : null}
        {c.status === 'revoked' ? (
          <p className="mt-1">
            Revoked on {dateInIndia(c.revokedAt!)}. Reason: {c.revokedReason}
          </p>
        ) : null}
        {c.status === 'replaced' ? (
          <p className="mt-1">
            A corrected certificate replaces this one:{' '}
            <Link href={certificatePath(c.replacedBy!)} className="underline">
              see the replacement
            </Link>
            .
          </p>
        ) : null}
      </section>
      <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 rounded-2xl border border-gold/25 bg-night/80 p-5">
        <dt className="text-parchment/70">Issued to</dt>
        <dd className="text-lg text-parchment">{c.recipientName}</dd>
        <dt className="text-parchment/70">College</dt>
        <dd>{c.college}</dd>
        <dt className="text-parchment/70">For</dt>
        <dd>{c.title}</dd>
        <dt className="text-parchment/70">Issued on</dt>
        <dd>{dateInIndia(c.issuedAt)}</dd>
        <dt className="text-parchment/70">Certificate</dt>
        <dd className="break-all font-mono text-sm">{c.id}</dd>
      </dl>
      <p className="mt-6 text-center">
        <a href={certificatePdfPath(c.id)} className="text-gold underline">
          Download the certificate (PDF)
        </a>
      </p>
    </main>
  );
}
