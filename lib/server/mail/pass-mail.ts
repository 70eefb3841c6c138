import 'server-only';
import { escapeHtml } from './layout';
import type { MailAttachment } from './mail-service';

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
