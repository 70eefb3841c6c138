import { describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderCertificatePdf } from '@/lib/server/certificates/render-pdf';

/** The text a reader (or a search engine, or a screen reader) gets out of the PDF, line by line. */
async function printedText(pdf: Uint8Array): Promise<string> {
  const document = await getDocument({ data: pdf.slice(), useSystemFonts: false }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join('');
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
