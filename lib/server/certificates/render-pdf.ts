import 'server-only';
// fontkit's shaper for India's scripts was compiled with generators that expect this runtime as a global.
import 'regenerator-runtime/runtime';
import fontkit from '@pdf-lib/fontkit';
import { deflateSync } from 'node:zlib';
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

/**
 * The embedded fonts and their character maps are compressed by Node's zlib rather than pdf-lib's own
 * JavaScript deflate: the same format, a fraction of the time, and no cold start while the JIT warms up
 * (a fresh server's first renderings took three times as long, mostly in that deflate). pdf-lib builds every
 * compressed stream it embeds through this one method of the document's context.
 */
function compressWithNodeZlib(pdf: PDFDocument): void {
  const { context } = pdf;
  context.flateStream = (contents, dict = {}) =>
    context.stream(deflateSync(typeof contents === 'string' ? Buffer.from(contents, 'latin1') : contents), {
      ...dict,
      Filter: 'FlateDecode',
    });
}

/** A4 landscape, fonts subset-embedded, a vector QR code of the verify address. */
export async function renderCertificatePdf(c: PrintedCertificate): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(parsedOnce);
  compressWithNodeZlib(pdf);
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

  drawQrCode(pdf, page, certificateVerifyUrl(c.id), { x: width - 70 - 96, y: 60, size: 96 });
  // No object streams: a certificate has a few dozen objects, and compressing them cost more time than the
  // kilobyte or two it saved. No yielding to timers while writing (pdf-lib's default every 50 objects): a
  // rendering is a few milliseconds of work, and each yield added a timer's delay to it.
  return pdf.save({ useObjectStreams: false, objectsPerTick: Infinity });
}

/**
 * The QR code of `text`, its dark modules as squares of one path filled once, in a content stream of its own
 * written here as PDF operators. Drawn through pdf-lib's SVG path (one
 * operator object per module, its numbers formatted one by one) it was a third of a rendering's time.
 */
function drawQrCode(
  pdf: PDFDocument,
  page: PDFPage,
  text: string,
  at: { x: number; y: number; size: number },
) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cells = qr.modules.size;
  const squares: string[] = [];
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      // PDF's y runs up: row 0 is the top row, drawn highest.
      if (qr.modules.get(row, col)) squares.push(`${col} ${cells - 1 - row} 1 1 re`);
    }
  }
  const scale = at.size / cells;
  const [r, g, b] = [ink.red, ink.green, ink.blue].map((v) => v.toFixed(3));
  const operators = `q ${r} ${g} ${b} rg ${scale} 0 0 ${scale} ${at.x} ${at.y} cm\n${squares.join('\n')}\nf Q\n`;
  // Compressed by the document's own flateStream, which compressWithNodeZlib has pointed at Node's zlib.
  page.node.addContentStream(pdf.context.register(pdf.context.flateStream(operators)));
}

/*
 * A run's width at size 1, by face and text. Measuring shapes the text (fontkit's layout), which costs as
 * much as drawing it; the title, the headings and the fixed lines are the same in every certificate, and a
 * name is measured again at each size tried. The bound keeps a festival's worth of names.
 */
const unitWidths = new Map<string, number>();
const unitWidthsKept = 20_000;

function unitWidth(file: string, font: PDFFont, text: string): number {
  const key = `${file}\n${text}`;
  let width = unitWidths.get(key);
  if (width === undefined) {
    width = font.widthOfTextAtSize(text, 1);
    if (unitWidths.size >= unitWidthsKept) unitWidths.clear();
    unitWidths.set(key, width);
  }
  return width;
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
        return { text: run.text, font, width: unitWidth(run.file, font, run.text) * size };
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
