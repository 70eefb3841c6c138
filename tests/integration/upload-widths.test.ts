import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as uploadContent } from '@/app/api/admin/content-image/route';
import { POST as uploadProof } from '@/app/api/admin/upload/route';
import { GET as getUpload } from '@/app/api/uploads/[id]/route';
import { resizeMessages } from '@/lib/server/uploads/resized-pictures';
import { quickUser } from '../support/accounts';
import { multipartRequest } from '../support/api';
import { describeEachDatabase } from '../support/test-db';

type Person = Awaited<ReturnType<typeof quickUser>>;

/** A photo-like JPEG: a gradient with grain, so that it is not trivially small once encoded. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = ((i % (width * 3)) / 12 + ((i * 7919) % 23)) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function upload(
  route: typeof uploadContent,
  path: string,
  person: Person,
  bytes: Buffer,
  name: string,
  type: string,
): Promise<string> {
  const response = await route(
    multipartRequest(`http://localhost${path}`, person.token, { bytes, name, type }),
    {
      params: Promise.resolve({}),
    },
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

/** GET the file at `url` (`/api/uploads/{id}`, with any query), as the route is called by Next. */
function fetchFile(url: string, token?: string) {
  const id = new URL(url, 'http://localhost').pathname.split('/').pop()!;
  return getUpload(
    new Request(`http://localhost${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }),
    { params: Promise.resolve({ id }) },
  );
}

describeEachDatabase('uploaded pictures at the width they are shown (?w=)', (current) => {
  const db = () => current().db;
  let organiser: Person;
  let guest: Person;
  let wide: Buffer;
  let wideUrl: string;
  let narrowUrl: string;

  beforeAll(async () => {
    organiser = await quickUser(db(), { role: 'organiser' });
    guest = await quickUser(db());
    wide = await photo(2000, 1000);
    wideUrl = await upload(
      uploadContent,
      '/api/admin/content-image',
      organiser,
      wide,
      'art.jpg',
      'image/jpeg',
    );
    narrowUrl = await upload(
      uploadContent,
      '/api/admin/content-image',
      organiser,
      await sharp(await photo(800, 600))
        .png()
        .toBuffer(),
      'art.png',
      'image/png',
    );
  });

  it('answers a 2000 x 1000 JPEG asked at 640 as a 640 x 320 WebP, cached for good like the original', async () => {
    const response = await fetchFile(`${wideUrl}?w=640`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await response.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'webp',
      width: 640,
      height: 320,
    });
    expect(bytes.length).toBeLessThan(wide.length / 4);
  });

  it('gives the same picture again, and to visitors asking at once', async () => {
    const [first, second] = await Promise.all([fetchFile(`${wideUrl}?w=384`), fetchFile(`${wideUrl}?w=384`)]);
    const a = Buffer.from(await first!.arrayBuffer());
    const b = Buffer.from(await second!.arrayBuffer());
    const again = Buffer.from(await (await fetchFile(`${wideUrl}?w=384`)).arrayBuffer());
    expect(a.equals(b) && a.equals(again)).toBe(true);
    expect((await sharp(a).metadata()).width).toBe(384);
  });

  it('never enlarges: an 800 px wide picture asked at 1080 comes back 800 wide, as WebP', async () => {
    const response = await fetchFile(`${narrowUrl}?w=1080`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 800, height: 600 });
  });

  it('refuses a width that is not on the list with 400, naming the widths it serves', async () => {
    for (const w of ['123', '640.5', '-640', 'wide', '99999']) {
      const response = await fetchFile(`${wideUrl}?w=${w}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: resizeMessages.width });
    }
    expect(resizeMessages.width).toBe(
      'The width (w) must be one of 96, 160, 256, 384, 640, 828, 1080, 1200 or 1920 pixels.',
    );
  });

  it('refuses to resize a PDF or an identity proof (400), and still serves both whole', async () => {
    const bookUrl = await upload(
      uploadContent,
      '/api/admin/content-image',
      organiser,
      pdf,
      'rules.pdf',
      'application/pdf',
    );
    const proofUrl = await upload(uploadProof, '/api/admin/upload', guest, wide, 'id.jpg', 'image/jpeg');
    for (const [url, token] of [
      [bookUrl, undefined],
      [proofUrl, guest.token],
      [proofUrl, organiser.token],
    ] as const) {
      const response = await fetchFile(`${url}?w=640`, token);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: resizeMessages.notAPicture });
    }
    // A signed-out visitor learns nothing about a private file: asked to log in, as without w.
    expect((await fetchFile(`${proofUrl}?w=640`)).status).toBe(401);
    const book = await fetchFile(bookUrl);
    expect(book.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await book.arrayBuffer()).equals(pdf)).toBe(true);
    const proof = await fetchFile(proofUrl, guest.token);
    expect(proof.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await proof.arrayBuffer()).equals(wide)).toBe(true);
  });

  it('without w answers the original bytes as before', async () => {
    for (const url of [wideUrl, `${wideUrl}?w=`]) {
      const response = await fetchFile(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('content-disposition')).toMatch(
        /^inline; filename="upload-[0-9a-f]{8}\.jpg"$/,
      );
      expect(Buffer.from(await response.arrayBuffer()).equals(wide)).toBe(true);
    }
  });

  it('serves a picture it cannot decode as it is, rather than failing', async () => {
    // A readable header (so the upload takes it) over scan data cut short.
    const damaged = Buffer.concat([wide.subarray(0, 2000), Buffer.from([0xff, 0xd9])]);
    const url = await upload(
      uploadContent,
      '/api/admin/content-image',
      organiser,
      damaged,
      'cut.jpg',
      'image/jpeg',
    );
    const response = await fetchFile(`${url}?w=640`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await response.arrayBuffer()).equals(damaged)).toBe(true);
  });
});

describe('the widths a srcset may ask for', () => {
  it('are the ones the route serves', async () => {
    const { default: nextConfig } = await import('@/next.config');
    const { contentImageWidths } = await import('@/lib/content-image-widths');
    const images = nextConfig.images!;
    expect([...images.imageSizes!, ...images.deviceSizes!]).toEqual([...contentImageWidths]);
  });
});
