import 'server-only';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import { festivalTitle } from '@/lib/festival';
import { certificateVerifyUrl } from './certificate-mail';
import { bodyFontFile, displayFontFile, fontBytes, nameFontFile } from './fonts';

/** The printed content of a certificate (a snapshot row, or a preview). */
export interface PrintedCertificate {
  id: string;
  kind: 'participation' | 'merit' | 'team' | 'volunteer';
  recipientName: string;
  college: string;
  title: string;
  issuedAt: Date;
}

const headings = {
  participation: 'Certificate of Participation',
  merit: 'Certificate of Merit',
  team: 'Certificate of Appreciation',
  volunteer: 'Certificate of Appreciation',
} as const;

// The festival's colours (app/globals.css), on a light ground so it prints well.
const parchment = rgb(0xf5 / 255, 0xec / 255, 0xd7 / 255);
const gold = rgb(0xb8 / 255, 0x8a / 255, 0x1e / 255);
const ink = rgb(0x0d / 255, 0x0a / 255, 0x1a / 255);

/** A4 landscape, fonts subset-embedded, a vector QR code of the verify address. */
export async function renderCertificatePdf(c: PrintedCertificate): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`${c.title}: ${c.recipientName}`);
  const [display, body, nameFont] = await Promise.all([
    pdf.embedFont(await fontBytes(displayFontFile), { subset: true }),
    pdf.embedFont(await fontBytes(bodyFontFile), { subset: true }),
    pdf.embedFont(await fontBytes(nameFontFile(c.recipientName)), { subset: true }),
  ]);
  const page = pdf.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  page.drawRectangle({ x: 0, y: 0, width, height, color: parchment });
  page.drawRectangle({
    x: 24,
    y: 24,
    width: width - 48,
    height: height - 48,
    borderColor: gold,
    borderWidth: 3,
  });
  page.drawRectangle({
    x: 34,
    y: 34,
    width: width - 68,
    height: height - 68,
    borderColor: gold,
    borderWidth: 1,
  });

  const centred = (text: string, y: number, size: number, font = body, color = ink) => {
    const w = font.widthOfTextAtSize(text, size);
    page.drawText(text, { x: (width - w) / 2, y, size, font, color });
  };
  centred(festivalTitle.toUpperCase(), height - 100, 30, display, gold);
  centred(headings[c.kind], height - 150, 22, display);
  centred('This is to certify that', height - 200, 14);
  let nameSize = 40;
  while (nameSize > 16 && nameFont.widthOfTextAtSize(c.recipientName, nameSize) > width - 160) nameSize -= 2;
  centred(c.recipientName, height - 255, nameSize, nameFont);
  centred(`of ${c.college}`, height - 290, 14);
  centred(c.title, height - 330, 18, display);
  const issued = c.issuedAt.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
  page.drawText(`Issued ${issued}`, { x: 70, y: 90, size: 11, font: body, color: ink });
  page.drawText(`Certificate ${c.id}`, { x: 70, y: 72, size: 9, font: body, color: ink });
  page.drawText('Verify at the address in the QR code', { x: 70, y: 58, size: 8, font: body, color: ink });

  // The QR code as vector squares: sharp at any print size.
  const qr = QRCode.create(certificateVerifyUrl(c.id), { errorCorrectionLevel: 'M' });
  const cells = qr.modules.size;
  const cell = 96 / cells;
  const left = width - 70 - 96;
  const top = 60 + 96;
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      if (qr.modules.get(row, col)) {
        page.drawRectangle({
          x: left + col * cell,
          y: top - (row + 1) * cell,
          width: cell,
          height: cell,
          color: ink,
        });
      }
    }
  }
  return pdf.save();
}
