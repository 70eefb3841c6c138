import 'server-only';
import { festivalTitle } from '@/lib/festival';
import { escapeHtml, mailLayout } from './layout';
import type { MailAttachment, MailMessage } from './mail-service';

/** What a confirmation mail needs to carry a festival pass: the typed code and the QR as a PNG. */
export interface PassMailPart {
  code: string;
  qrPng: Buffer;
}

export const passAttachmentName = 'festival-pass.png';

export function passTextLines(pass: PassMailPart): string[] {
  return [
    `Your festival pass code: ${pass.code}`,
    `Show the attached QR code (${passAttachmentName}) at the gate, or give this code if it cannot be scanned. Your profile shows the pass too.`,
  ];
}

export function passHtml(pass: PassMailPart): string {
  return `<p>Your festival pass code: <strong style="font-family:monospace;letter-spacing:1px">${escapeHtml(pass.code)}</strong><br>
     Show the attached QR code (${passAttachmentName}) at the gate, or give this code if it cannot be scanned.</p>`;
}

export function passAttachment(pass: PassMailPart): MailAttachment {
  return { filename: passAttachmentName, contentType: 'image/png', content: pass.qrPng };
}

/** A plain mail of `lines`, signed by the team, with the festival pass (code, QR attached) when there is one. */
export function messageWithPass(
  to: string,
  subject: string,
  lines: string[],
  pass?: PassMailPart | null,
): MailMessage {
  const text = [
    ...lines,
    ...(pass ? ['', ...passTextLines(pass)] : []),
    '',
    `The ${festivalTitle} team`,
  ].join('\n');
  const html = mailLayout(
    subject,
    `<p>${lines.map(escapeHtml).join('<br>')}</p>${pass ? passHtml(pass) : ''}`,
  );
  return { to, subject, text, html, ...(pass ? { attachments: [passAttachment(pass)] } : {}) };
}
