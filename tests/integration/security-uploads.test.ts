import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as contentUpload } from '@/app/api/admin/content-image/route';
import { POST as upload } from '@/app/api/admin/upload/route';
import { uploads } from '@/lib/server/db/schema';
import { multipartRequest } from '../support/api';
import { quickUser } from '../support/accounts';
import { pngDeclaring } from '../support/images';
import { describeEachDatabase } from '../support/test-db';

type Person = Awaited<ReturnType<typeof quickUser>>;

const proofUrl = 'http://localhost/api/admin/upload';
const contentUrl = 'http://localhost/api/admin/content-image';

const bombMessage =
  'This image is 60000 × 60000 pixels, more than we accept. Images may have at most 40 megapixels and 20000 pixels on a side; please make it smaller.';
const unreadableMessage =
  'This file is not a valid image: its size in pixels cannot be read. Please upload another file.';

async function send(handler: typeof upload, url: string, token: string, bytes: Buffer, name = 'id.png') {
  const response = await handler(multipartRequest(url, token, { bytes, name }), {
    params: Promise.resolve({}),
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; data?: { url: string } },
  };
}

describeEachDatabase('uploaded images are measured before they are kept', (current) => {
  const db = () => current().db;
  let guest: Person;
  let organiser: Person;
  beforeAll(async () => {
    guest = await quickUser(db());
    organiser = await quickUser(db(), { role: 'organiser' });
  });

  /** Upload rows of one account: a refused file leaves none. */
  const storedBy = async (person: Person) =>
    (await db().select({ id: uploads.id }).from(uploads).where(eq(uploads.ownerUserId, person.userId)))
      .length;

  // A well-formed 3 KB PNG whose header declares 3.6 gigapixels (14 GB for a browser to decode).
  const bomb = pngDeclaring(60000, 60000, 3_000_000);

  const endpoints = [
    { name: 'an identity proof (accommodation)', handler: upload, url: proofUrl, as: () => guest },
    { name: 'an organiser’s content image', handler: contentUpload, url: contentUrl, as: () => organiser },
  ];

  describe.each(endpoints)('$name', ({ handler, url, as }) => {
    it('refuses a small PNG declaring 60000 x 60000 pixels with 413 and says why, storing nothing', async () => {
      expect(bomb.length).toBeLessThan(200 * 1024);
      const before = await storedBy(as());
      expect(await send(handler, url, as().token, bomb, 'bomb.png')).toMatchObject({
        status: 413,
        body: { message: bombMessage },
      });
      expect(await storedBy(as())).toBe(before);
    });

    it('takes an image of exactly 40 megapixels, and refuses one more row or a side over 20000', async () => {
      expect((await send(handler, url, as().token, pngDeclaring(8000, 5000))).status).toBe(201);
      expect(await send(handler, url, as().token, pngDeclaring(8000, 5001))).toMatchObject({
        status: 413,
        body: { message: expect.stringContaining('8000 × 5001 pixels') },
      });
      expect((await send(handler, url, as().token, pngDeclaring(20000, 2))).status).toBe(201);
      expect((await send(handler, url, as().token, pngDeclaring(20001, 1))).status).toBe(413);
    });

    it('refuses an image whose size cannot be read as not a valid image (400)', async () => {
      const headless = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
      expect(await send(handler, url, as().token, headless, 'photo.jpg')).toMatchObject({
        status: 400,
        body: { message: unreadableMessage },
      });
      const zeroWide = pngDeclaring(0, 100);
      expect(await send(handler, url, as().token, zeroWide)).toMatchObject({
        status: 400,
        body: { message: unreadableMessage },
      });
    });
  });
});
