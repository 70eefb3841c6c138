import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as contentUpload } from '@/app/api/admin/content-image/route';
import { POST as proofUpload } from '@/app/api/admin/upload/route';
import { GET as getUpload } from '@/app/api/uploads/[id]/route';
import { uploads } from '@/lib/server/db/schema';
import { resetEnvForTests } from '@/lib/server/env';
import { resetFileStorageForTests, storageMessages } from '@/lib/server/uploads/storage';
import { multipartRequest } from '../support/api';
import { quickUser } from '../support/accounts';
import { pngDeclaring } from '../support/images';
import { freePort } from '../support/smtp';
import { s3ServerMissing, startS3Server, type RunningS3Server } from '../support/s3-server';
import { describeEachDatabase } from '../support/test-db';

/*
 * Uploads against an S3 server that speaks the protocol and checks every signature (support/s3-server.ts):
 * identity proofs and content images go through the app's real route handlers into a private bucket, are
 * read back through the app by those allowed and refused to the others; a wrong secret key, a bucket that
 * refuses writes, a region the bucket is not in and a provider that is down give the uploader a 503 with
 * Retry-After and a sentence, and leave no record of a file that was never stored.
 */

const missing = s3ServerMissing();
if (missing) {
  // In CI a missing server is a failure, elsewhere a skip that says why.
  if (process.env.CI === 'true') throw new Error(`s3-storage: ${missing}`);
  console.warn(`s3-storage: skipped: ${missing}`);
}

const bucket = 'festival-uploads';
const refusingBucket = 'refuses-writes';
// A region other than R2's 'auto', so that S3_REGION is what makes the signatures match.
const region = 'eu-west-1';
const s3Variables = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];

let server: RunningS3Server | undefined;
const s3 = () => {
  if (!server) throw new Error('S3 server not started');
  return server;
};

/** Points the app's storage at this server (with overrides), as a fresh process would read it. */
function useBucket(overrides: Record<string, string> = {}): void {
  Object.assign(process.env, s3().appEnv(bucket), overrides);
  resetEnvForTests();
  resetFileStorageForTests();
}

function forgetBucket(): void {
  for (const name of s3Variables) delete process.env[name];
  resetEnvForTests();
  resetFileStorageForTests();
}

type Person = Awaited<ReturnType<typeof quickUser>>;

async function upload(
  handler: typeof proofUpload,
  path: string,
  person: Person,
  bytes: Buffer,
  name = 'file.png',
) {
  const response = await handler(multipartRequest(`http://localhost${path}`, person.token, { bytes, name }), {
    params: Promise.resolve({}),
  });
  const body = (await response.json()) as { message: string; data?: { url: string }; retryAfter?: number };
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
}

const uploadProof = (person: Person, bytes: Buffer) =>
  upload(proofUpload, '/api/admin/upload', person, bytes, 'id-card.png');
const uploadContent = (person: Person, bytes: Buffer) =>
  upload(contentUpload, '/api/admin/content-image', person, bytes, 'poster.png');

/** GET /api/uploads/{id} as `viewer` (signed out when null). */
async function read(url: string, viewer: Person | null) {
  const id = url.split('/').pop()!;
  return getUpload(
    new Request(`http://localhost${url}`, {
      headers: viewer ? { authorization: `Bearer ${viewer.token}` } : {},
    }),
    { params: Promise.resolve({ id }) },
  );
}

/** A small valid PNG whose bytes no other upload of this run has. */
let sizes = 100;
const uniquePng = () => {
  sizes += 1;
  return pngDeclaring(sizes, 7);
};

beforeAll(async () => {
  if (missing) return;
  server = await startS3Server({
    port: Number(process.env.S3_TEST_PORT ?? 0),
    buckets: [bucket],
    refusingBuckets: [refusingBucket],
    region,
  });
});

afterAll(async () => {
  forgetBucket();
  await server?.stop();
});

describe.skipIf(missing !== null)('uploads on an S3 server', () => {
  describeEachDatabase('uploads on an S3 server', (current) => {
    const db = () => current().db;
    let guest: Person;
    let otherGuest: Person;
    let organiser: Person;
    beforeAll(async () => {
      guest = await quickUser(db());
      otherGuest = await quickUser(db());
      organiser = await quickUser(db(), { role: 'organiser' });
    });

    const storageKeyOf = async (url: string) => {
      const [row] = await db()
        .select({ storageKey: uploads.storageKey })
        .from(uploads)
        .where(eq(uploads.id, url.split('/').pop()!));
      if (!row) throw new Error(`no upload record for ${url}`);
      return row.storageKey;
    };
    const recordsOf = async (person: Person) =>
      (await db().select({ id: uploads.id }).from(uploads).where(eq(uploads.ownerUserId, person.userId)))
        .length;

    /**
     * Checks the upload's object in the bucket (its type and bytes, read with the bucket's own key) and
     * that the bucket gives it to no one unsigned; returns its key.
     */
    async function expectStored(url: string, bytes: Buffer): Promise<string> {
      const key = await storageKeyOf(url);
      const head = await s3()
        .client()
        .send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      expect(head.ContentType).toBe('image/png');
      const object = await s3()
        .client()
        .send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      expect(Buffer.from(await object.Body!.transformToByteArray()).equals(bytes)).toBe(true);
      expect(s3().objectKeys(bucket)).toContain(key);
      // The bucket itself is private: the object's address gives nothing without a signature.
      const anonymous = await fetch(`${s3().endpoint}/${bucket}/${key}`);
      expect(anonymous.status).toBe(403);
      expect(await anonymous.text()).toContain('<Code>AccessDenied</Code>');
      return key;
    }

    async function expectServed(answer: Response, bytes: Buffer, cacheControl: string): Promise<void> {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/png');
      expect(answer.headers.get('cache-control')).toBe(cacheControl);
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);
    }

    describe('with the right settings', () => {
      beforeAll(() => useBucket());
      afterAll(() => forgetBucket());

      it('stores an identity proof in the bucket and shows it to its owner and organisers only', async () => {
        const bytes = uniquePng();
        const saved = await uploadProof(guest, bytes);
        expect(saved).toMatchObject({ status: 201, body: { message: 'Image uploaded successfully' } });
        const url = saved.body.data!.url;
        await expectStored(url, bytes);

        for (const viewer of [guest, organiser]) {
          await expectServed(await read(url, viewer), bytes, 'private, no-store');
        }
        const stranger = await read(url, otherGuest);
        expect(stranger.status).toBe(404);
        expect(await stranger.json()).toMatchObject({ message: 'No such file.' });
        const signedOut = await read(url, null);
        expect(signedOut.status).toBe(401);
      });

      it('stores an organiser’s content image and serves it to anyone through the app', async () => {
        const bytes = uniquePng();
        const saved = await uploadContent(organiser, bytes);
        expect(saved).toMatchObject({ status: 201, body: { message: 'File uploaded successfully' } });
        const url = saved.body.data!.url;
        await expectStored(url, bytes);
        await expectServed(await read(url, null), bytes, 'public, max-age=31536000, immutable');
      });

      it('answers "not found" for a file whose object is gone from the bucket', async () => {
        const saved = await uploadProof(guest, uniquePng());
        const url = saved.body.data!.url;
        await s3()
          .client()
          .send(new DeleteObjectCommand({ Bucket: bucket, Key: await storageKeyOf(url) }));
        const answer = await read(url, guest);
        expect(answer.status).toBe(404);
        expect(await answer.json()).toMatchObject({ message: 'No such file.' });
      });
    });

    const refusals: { name: string; settings: () => Record<string, string> }[] = [
      { name: 'a wrong secret key', settings: () => ({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }) },
      { name: 'a bucket that refuses writes', settings: () => ({ S3_BUCKET: refusingBucket }) },
      // Signature V4 signs for a region; AWS refuses a request signed for another one ('auto' is R2's).
      { name: 'the region left unset for a bucket in eu-west-1', settings: () => ({ S3_REGION: '' }) },
      { name: 'a provider that is down', settings: () => ({ S3_ENDPOINT: closedEndpoint }) },
    ];
    let closedEndpoint = '';
    beforeAll(async () => {
      // A port the system handed out a moment ago and that was closed again: nothing listens there.
      closedEndpoint = `http://127.0.0.1:${await freePort()}`;
    });

    describe.each(refusals)('with $name', ({ settings }) => {
      beforeAll(() => useBucket(settings()));
      afterAll(() => forgetBucket());

      it('refuses an identity proof with 503 and Retry-After, keeping no record of it', async () => {
        const records = await recordsOf(guest);
        const objects = s3().objectKeys(bucket);
        const answer = await uploadProof(guest, uniquePng());
        expect(answer).toMatchObject({
          status: 503,
          retryAfter: '60',
          body: { message: storageMessages.put, retryAfter: 60 },
        });
        expect(await recordsOf(guest)).toBe(records);
        expect(s3().objectKeys(bucket)).toEqual(objects);
        expect(s3().objectKeys(refusingBucket)).toEqual([]);
      });

      it('refuses a content image with 503 and Retry-After, keeping no record of it', async () => {
        const records = await recordsOf(organiser);
        const objects = s3().objectKeys(bucket);
        const answer = await uploadContent(organiser, uniquePng());
        expect(answer).toMatchObject({
          status: 503,
          retryAfter: '60',
          body: { message: storageMessages.put },
        });
        expect(await recordsOf(organiser)).toBe(records);
        expect(s3().objectKeys(bucket)).toEqual(objects);
      });
    });

    it('answers a read with 503 and Retry-After while the bucket refuses the key', async () => {
      useBucket();
      const bytes = uniquePng();
      const saved = await uploadProof(guest, bytes);
      expect(saved.status).toBe(201);
      try {
        useBucket({ S3_SECRET_ACCESS_KEY: 'not-the-secret' });
        const refused = await read(saved.body.data!.url, guest);
        expect(refused.status).toBe(503);
        expect(refused.headers.get('retry-after')).toBe('60');
        expect(await refused.json()).toMatchObject({ message: storageMessages.get });
        // The key mended, the same file reads again: nothing was lost.
        useBucket();
        await expectServed(await read(saved.body.data!.url, guest), bytes, 'private, no-store');
      } finally {
        forgetBucket();
      }
    });
  });
});
