import { performance } from 'node:perf_hooks';
import { renderCertificatePdf } from '@/lib/server/certificates/render-pdf';
async function main() {
  const base = { kind: 'participation' as const, college: 'Dhirubhai Ambani University', title: 'Robot Arena', issuedAt: new Date() };
  await renderCertificatePdf({ ...base, id: 'warm', recipientName: 'Warm Up' });
  const n = Number(process.argv[2] ?? 200);
  const t0 = performance.now();
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const pdf = await renderCertificatePdf({ ...base, id: `c${i}abcdefghijklmnopqrstu`, recipientName: `Student Number ${i}` });
    bytes += pdf.length;
  }
  const t = performance.now() - t0;
  console.log(`${n} renders: ${(t / n).toFixed(2)} ms each, ${Math.round(bytes / n)} bytes each`);
}
void main();
