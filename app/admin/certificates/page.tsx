import type { Metadata } from 'next';
import { CertificatesConsole } from '@/components/admin/certificates/certificates-console';
import { requireConsoleUser } from '@/lib/server/admin/page-auth';
import { certificateEvents } from '@/lib/server/certificates/console';
import { getDb } from '@/lib/server/db';

export const metadata: Metadata = { title: 'Certificates' };

export default async function CertificatesPage() {
  await requireConsoleUser();
  const events = await certificateEvents(await getDb());
  return (
    <main>
      <h1 className="font-display text-3xl text-gold">Certificates</h1>
      <p className="mt-2 max-w-prose">
        Choose what to certify, preview a sample, then issue them all in one step: each person is mailed once
        with a link to their certificate, which anyone can verify from its QR code. Issuing again only adds
        people who became eligible since.
      </p>
      <CertificatesConsole events={events} />
    </main>
  );
}
