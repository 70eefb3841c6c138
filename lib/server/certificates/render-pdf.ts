import 'server-only';
// fontkit's shaper for India's scripts was compiled with generators that expect this runtime as a global.
import 'regenerator-runtime/runtime';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import QRCode from 'qrcode';
import { festivalTitle } from '@/lib/festival';
import { certificateVerifyUrl } from './certificate-mail';
import { displayFaces, fontBytes, textFaces, textRuns } from './fonts';

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

/*
 * pdf-lib parses a font's whole file on every embedding; a WOFF's tables are inflated on each parse. The
 * files are the same Buffers every time (fonts.ts reads each once), so each is parsed once per process and
 * the parsed font reused: a subset is built from it anew for each document, the font itself is not changed.
 */
const parsedFonts = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const parsedOnce: typeof fontkit = {
  ...fontkit,
  create(bytes: Uint8Array, postscriptName?: string) {
    let font = parsedFonts.get(bytes);
    if (!font) {
      font = fontkit.create(bytes, postscriptName);
      parsedFonts.set(bytes, font);
    }
    return font;
  },
};

/** A4 landscape, fonts subset-embedded, a vector QR code of the verify address. */
export async function renderCertificatePdf(c: PrintedCertificate): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(parsedOnce);
  pdf.setTitle(`${c.title}: ${c.recipientName}`);
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

  const lines = new LineSetter(pdf, page);
  const centred = (text: string, y: number, size: number, faces = textFaces, color = ink) =>
    lines.centred(text, y, size, faces, color);
  await centred(festivalTitle.toUpperCase(), height - 100, 30, displayFaces, gold);
  await centred(headings[c.kind], height - 150, 22, displayFaces);
  await centred('This is to certify that', height - 200, 14);
  let nameSize = 40;
  while (nameSize > 16 && (await lines.width(c.recipientName, nameSize, textFaces)) > width - 160)
    nameSize -= 2;
  await centred(c.recipientName, height - 255, nameSize);
  await centred(`of ${c.college}`, height - 290, 14);
  await centred(c.title, height - 330, 18, displayFaces);
  const issued = c.issuedAt.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' });
  await lines.at(`Issued ${issued}`, 70, 90, 11, textFaces, ink);
  await lines.at(`Certificate ${c.id}`, 70, 72, 9, textFaces, ink);
  await lines.at('Verify at the address in the QR code', 70, 58, 8, textFaces, ink);

  // The QR code as one vector path of its dark modules (one square each): sharp at any print size, and a
  // single drawing operation where a rectangle per module was hundreds.
  const qr = QRCode.create(certificateVerifyUrl(c.id), { errorCorrectionLevel: 'M' });
  const cells = qr.modules.size;
  let squares = '';
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      if (qr.modules.get(row, col)) squares += `M${col} ${row}h1v1h-1z`;
    }
  }
  // drawSvgPath's y runs down from the point given: the code's top left corner.
  page.drawSvgPath(squares, { x: width - 70 - 96, y: 60 + 96, scale: 96 / cells, color: ink });
  return pdf.save();
}

/** Sets lines of text in runs of the faces that have their characters, each face embedded once (subset). */
class LineSetter {
  private readonly fonts = new Map<string, Promise<PDFFont>>();

  constructor(
    private readonly pdf: PDFDocument,
    private readonly page: PDFPage,
  ) {}

  private font(file: string): Promise<PDFFont> {
    let font = this.fonts.get(file);
    if (!font) {
      font = fontBytes(file).then((bytes) => this.pdf.embedFont(bytes, { subset: true }));
      this.fonts.set(file, font);
    }
    return font;
  }

  private async measured(text: string, size: number, faces: readonly string[]) {
    const runs = await Promise.all(
      (await textRuns(text, faces)).map(async (run) => {
        const font = await this.font(run.file);
        return { text: run.text, font, width: font.widthOfTextAtSize(run.text, size) };
      }),
    );
    return { runs, width: runs.reduce((sum, r) => sum + r.width, 0) };
  }

  async width(text: string, size: number, faces: readonly string[]): Promise<number> {
    return (await this.measured(text, size, faces)).width;
  }

  async at(text: string, x: number, y: number, size: number, faces: readonly string[], color: RGB) {
    const { runs } = await this.measured(text, size, faces);
    for (const run of runs) {
      this.page.drawText(run.text, { x, y, size, font: run.font, color });
      x += run.width;
    }
  }

  async centred(text: string, y: number, size: number, faces: readonly string[], color: RGB) {
    const { width } = await this.measured(text, size, faces);
    await this.at(text, (this.page.getWidth() - width) / 2, y, size, faces, color);
  }
}
