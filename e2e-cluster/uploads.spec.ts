import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { expect, test } from '@playwright/test';
import { createVerifiedAccount, organiserAccount, signIn, type TestAccount } from '../e2e/support/accounts';
import { bookableStay, chooseStay, proofField } from '../e2e/support/shop';
import { objectKeysIn, s3Credentials } from '../tests/support/s3-server';
import { pngDeclaring } from '../tests/support/images';
import { clusterS3, clusterS3Endpoint, instanceA, instanceB, proxyUrl } from './support/cluster';
import { closeInstances, openInstances, skipWithoutCluster, type Instances } from './support/contexts';

/*
 * Uploads on N instances live in one S3 bucket (docs/deploy.md): a file uploaded through instance A is read
 * through instance B, by those allowed only, and is in the bucket (read back through the protocol, with the
 * bucket's own key; unsigned, the bucket refuses). An organiser's content image goes through the console's
 * upload call, a participant's identity proof through the booking screen in the browser.
 */

skipWithoutCluster();
// In CI a missing S3 server is a failure (the journeys run and fail on it), elsewhere a skip.
test.skip(clusterS3.missing !== null && process.env.CI !== 'true', clusterS3.missing ?? '');

let instances: Instances | undefined;
test.beforeAll(async () => {
  instances = await openInstances();
});
test.afterAll(async () => closeInstances(instances));

const bucketClient = () =>
  new S3Client({
    endpoint: clusterS3Endpoint,
    region: 'auto',
    forcePathStyle: true,
    credentials: { ...s3Credentials },
  });

/** A small PNG no other run uploads, so the bucket's new object can be told by its bytes. */
const uniquePng = () => pngDeclaring(200 + Math.floor(Math.random() * 5000), 3);

/**
 * Runs `upload`, then finds the one object it added to the bucket, reads it back through the protocol and
 * checks its type and bytes; returns the upload's URL.
 */
async function uploadedIntoBucket(bytes: Buffer, upload: () => Promise<string>): Promise<string> {
  expect(clusterS3.missing, 'the S3 server').toBeNull();
  const before = new Set(objectKeysIn(clusterS3.directory, clusterS3.bucket));
  const url = await upload();
  const added = objectKeysIn(clusterS3.directory, clusterS3.bucket).filter((key) => !before.has(key));
  const stored = await Promise.all(
    added.map(async (key) => {
      const object = await bucketClient().send(new GetObjectCommand({ Bucket: clusterS3.bucket, Key: key }));
      return { key, type: object.ContentType, bytes: Buffer.from(await object.Body!.transformToByteArray()) };
    }),
  );
  const mine = stored.filter((object) => object.bytes.equals(bytes));
  expect(mine, 'one object in the bucket with the uploaded bytes').toHaveLength(1);
  expect(mine[0]!.type).toBe('image/png');
  const unsigned = await fetch(`${clusterS3Endpoint}/${clusterS3.bucket}/${mine[0]!.key}`);
  expect(unsigned.status).toBe(403);
  return url;
}

/** GET `url` from `origin` with `account`'s token only: no cookie of an earlier call comes along. */
async function readAs(origin: string, url: string, account: TestAccount | null) {
  const answer = await fetch(`${origin}${url}`, {
    headers: account ? { authorization: `Bearer ${account.token}` } : {},
  });
  return {
    status: answer.status,
    type: answer.headers.get('content-type'),
    body: Buffer.from(await answer.arrayBuffer()),
  };
}

test('a content image uploaded through A is served by B and through nginx to anyone', async ({ request }) => {
  const { a } = instances!;
  const organiser = await organiserAccount(request);
  const bytes = uniquePng();
  const url = await uploadedIntoBucket(bytes, async () => {
    const saved = await a.post('/api/admin/content-image', {
      headers: { authorization: `Bearer ${organiser.token}` },
      multipart: { file: { name: 'poster.png', mimeType: 'image/png', buffer: bytes } },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    return ((await saved.json()) as { data: { url: string } }).data.url;
  });
  for (const origin of [instanceB, proxyUrl]) {
    const served = await readAs(origin, url, null);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/png');
    expect(served.body.equals(bytes)).toBe(true);
  }
});

test('an identity proof uploaded in the browser on A is read through B by its owner and organisers only', async ({
  page,
  request,
}) => {
  const { a, b } = instances!;
  const { type, option } = await bookableStay(a);
  const owner = await createVerifiedAccount(a, { first_name: 'Hermione' });
  await signIn(page, owner);
  await chooseStay(page, type, option, instanceA);
  const bytes = uniquePng();

  const url = await uploadedIntoBucket(bytes, async () => {
    const answered = page.waitForResponse(
      (response) =>
        response.url() === `${instanceA}/api/admin/upload` && response.request().method() === 'POST',
    );
    await proofField(page).setInputFiles({ name: 'id-proof.png', mimeType: 'image/png', buffer: bytes });
    const response = await answered;
    expect(response.status()).toBe(201);
    await expect(page.getByText('Uploaded: id-proof.png')).toBeVisible();
    return ((await response.json()) as { data: { url: string } }).data.url;
  });

  for (const reader of [owner, await organiserAccount(request)]) {
    const read = await readAs(instanceB, url, reader);
    expect(read.status).toBe(200);
    expect(read.type).toBe('image/png');
    expect(read.body.equals(bytes)).toBe(true);
  }
  const stranger = await createVerifiedAccount(b, { first_name: 'Draco' });
  expect((await readAs(instanceB, url, stranger)).status).toBe(404);
  expect((await readAs(instanceB, url, null)).status).toBe(401);
});
