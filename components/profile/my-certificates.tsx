'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { textLinkClass } from '@/components/forms/field-classes';
import { api } from '@/lib/api-client';
import { certificatePath, certificatePdfPath, type PublicCertificate } from '@/lib/schemas/certificate-rules';
import { startsFromCopy, type ServerCopy } from './from-server';

/**
 * The profile's "Your certificates": each with its download and its public verify page. Loads on its own
 * and shows nothing until the person has a certificate (most of the festival, nobody has one yet).
 * `initial`: the page's copy, shown at once (nothing, in the document too, when there are none); read again
 * only when the copy is old or shown again (startsFromCopy).
 */
export function MyCertificatesSection({ initial }: { initial?: ServerCopy<PublicCertificate[]> }) {
  const [certificates, setCertificates] = useState<PublicCertificate[]>(() => initial?.value ?? []);
  const [firstCopy] = useState(initial);

  useEffect(() => {
    if (startsFromCopy(firstCopy, 'certificates')) return;
    const controller = new AbortController();
    api
      .get<{ certificates: PublicCertificate[] }>('/api/my-certificates', { signal: controller.signal })
      .then(
        ({ data }) => setCertificates(data.certificates),
        () => {
          // Offline or refused: the section stays away (an old document's list with it), the rest of the
          // profile still shows.
          if (!controller.signal.aborted) setCertificates([]);
        },
      );
    return () => controller.abort();
  }, [firstCopy]);

  if (certificates.length === 0) return null;
  return (
    <section
      aria-labelledby="my-certificates"
      className="rounded-2xl border border-gold/30 bg-night/80 p-5 shadow-2xl shadow-black/60 sm:p-8"
    >
      <h2 id="my-certificates" className="font-display text-2xl text-gold">
        Your certificates
      </h2>
      <ul className="mt-3 space-y-3">
        {certificates.map((c) => (
          <li key={c.id} className="flex flex-col gap-1">
            <span>
              {c.title}
              {c.status === 'valid' ? null : (
                <span className="ml-2 text-sm uppercase text-red-300">{c.status}</span>
              )}
            </span>
            <span className="flex flex-wrap gap-4 text-sm">
              <a href={certificatePdfPath(c.id)} className={textLinkClass} download>
                Download PDF
              </a>
              <Link href={certificatePath(c.id)} className={textLinkClass}>
                Verify page
              </Link>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
