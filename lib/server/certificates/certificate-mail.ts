import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { env } from '@/lib/server/env';
import { plainTextHtml } from '@/lib/server/mail/layout';
import type { MailMessage } from '@/lib/server/mail/mail-service';

/** The absolute address anyone can open to check a certificate (printed as the PDF's QR code too). */
export function certificateVerifyUrl(id: string): string {
  return `${env().SITE_URL.replace(/\/$/, '')}/certificates/${id}`;
}

/** Told once to each newly issued person: where their certificate is. */
export function certificateMail(
  to: string,
  certificate: { id: string; recipientName: string; title: string },
): MailMessage {
  const subject = `${festivalTitle}: your certificate (${certificate.title})`;
  const text = [
    `Hello ${certificate.recipientName},`,
    '',
    `Your certificate for "${certificate.title}" is ready. View, download or share it here:`,
    certificateVerifyUrl(certificate.id),
    '',
    'Anyone with this link can check that it is genuine.',
    '',
    `The ${festivalTitle} team`,
  ].join('\n');
  return { to, subject, text, html: plainTextHtml(subject, text) };
}
