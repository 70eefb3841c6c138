import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { certificateVerifyUrl } from '@/lib/server/certificates/certificate-mail';
import { renderCertificatePdf } from '@/lib/server/certificates/render-pdf';

/** The text a reader (or a search engine, or a screen reader) gets out of the PDF, line by line. */
async function printedText(pdf: Uint8Array): Promise<string> {
  const document = await getDocument({ data: pdf.slice(), useSystemFonts: false }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('');
}

/**
 * The QR code printed on the PDF, read back as a phone would: the page's compressed content streams are
 * inflated, the one drawing squares (`x y w h re`) is taken as the code's modules in PDF space (y up), put on
 * a bitmap with its top row first and a quiet zone, and decoded by jsQR.
 */
function printedQrCode(pdf: Uint8Array): { text: string | null; dark: Set<string> } {
  const bytes = Buffer.from(pdf);
  const squares: [number, number][] = [];
  let at = 0;
  for (;;) {
    const start = bytes.indexOf('stream\n', at);
    if (start < 0) break;
    const end = bytes.indexOf('endstream', start);
    at = end + 9;
    let contents: string;
    try {
      contents = inflateSync(bytes.subarray(start + 7, end)).toString('latin1');
    } catch {
      continue; // not a compressed stream (or not one of ours to read)
    }
    for (const match of contents.matchAll(/(\d+) (\d+) 1 1 re/g))
      squares.push([Number(match[1]), Number(match[2])]);
  }
  if (squares.length === 0) return { text: null, dark: new Set() };
  const cells = Math.max(...squares.map(([x]) => x)) + 1;
  const quiet = 4;
  const scale = 4;
  const side = (cells + 2 * quiet) * scale;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  const dark = new Set<string>();
  for (const [x, y] of squares) {
    const row = cells - 1 - y; // PDF's y runs up; a bitmap's rows run down
    dark.add(`${row},${x}`);
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const pixel = ((row + quiet) * scale + dy) * side + (x + quiet) * scale + dx;
        rgba.fill(0, pixel * 4, pixel * 4 + 3);
      }
    }
  }
  return { text: jsQR(rgba, side, side)?.data ?? null, dark };
}

const base = {
  id: 'AbCdEfGhIjKlMnOpQrStUv',
  kind: 'participation' as const,
  college: 'Dhirubhai Ambani Institute',
  title: 'Participation in Robo Race',
  issuedAt: new Date('2027-02-23T12:00:00+05:30'),
};

describe('the certificate PDF', () => {
  it('prints the name, what it is for, the college and the id as text', async () => {
    const text = await printedText(await renderCertificatePdf({ ...base, recipientName: 'Zoë Dsouza' }));
    expect(text).toContain('Zoë Dsouza');
    expect(text).toContain('Participation in Robo Race');
    expect(text).toContain('Dhirubhai Ambani Institute');
    expect(text).toContain('Certificate AbCdEfGhIjKlMnOpQrStUv');
  });

  it("prints a QR code that opens the certificate's public page", async () => {
    const pdf = await renderCertificatePdf({ ...base, recipientName: 'Zoë Dsouza' });
    const printed = printedQrCode(pdf);
    expect(printed.text).toBe(certificateVerifyUrl(base.id));
    // The right way round, not mirrored (which some readers decode and others do not): module for module.
    const { modules } = QRCode.create(certificateVerifyUrl(base.id), { errorCorrectionLevel: 'M' });
    const expected = new Set<string>();
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) expected.add(`${row},${col}`);
    }
    expect(printed.dark).toEqual(expected);
  });

  it('prints a name in the script it was registered in, beside Latin', async () => {
    const pdf = await renderCertificatePdf({ ...base, recipientName: 'પ્રિયા પટેલ (Priya)' });
    const text = await printedText(pdf);
    expect(text).toContain('(Priya)');
    // Shaped, not just mapped: the vowel sign of "પ્રિ" is drawn before its cluster, as Gujarati is written.
    expect(text).toContain('પટેલ');
    expect(text).toContain('િપ્ર');
  });

  it('prints a Devanagari name', async () => {
    const pdf = await renderCertificatePdf({ ...base, recipientName: 'राहुल शर्मा' });
    const text = await printedText(pdf);
    expect(text).toContain('राहुल');
    // The reph of "र्मा" is drawn above the end of its syllable.
    expect(text).toContain('मार्');
  });
});
