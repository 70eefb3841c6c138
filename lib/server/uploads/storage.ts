import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { env } from '@/lib/server/env';
import { AppError } from '@/lib/server/http/app-error';
import { logger } from '@/lib/server/log';

/**
 * Private file storage: a folder under DATA_DIR by default, an S3-compatible bucket when S3_* is set.
 * Keys are random and never derived from what the uploader sent.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
}

function folderStorage(root: string): FileStorage {
  const fileFor = (key: string) => {
    if (!/^[A-Za-z0-9_-]+$/.test(key)) throw new Error('invalid storage key');
    return path.join(root, key);
  };
  return {
    async put(key, bytes) {
      await fs.mkdir(root, { recursive: true, mode: 0o700 });
      await fs.writeFile(fileFor(key), bytes, { mode: 0o600, flag: 'wx' });
    },
    async get(key) {
      try {
        return await fs.readFile(fileFor(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}

/** How long an uploader or reader is asked to wait when the bucket fails (the answer's Retry-After). */
const storageRetryAfterSeconds = 60;

export const storageMessages = {
  put: 'Your file could not be stored right now, so nothing was saved. Please try again in a minute.',
  get: 'This file cannot be fetched right now. Please try again in a minute.',
} as const;

/**
 * A bucket that refuses or cannot be reached (a wrong key, a bucket without write rights, the provider
 * down) is a dependency that is unavailable, not a fault of the request: a 503 with Retry-After and a
 * sentence, while the log keeps S3's own code for the organiser (SignatureDoesNotMatch, AccessDenied, …).
 */
function unavailable(operation: 'put' | 'get', error: unknown): AppError {
  const { name, message, $metadata } = error as {
    name?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  logger.error(
    { s3Error: name, s3Status: $metadata?.httpStatusCode, s3Message: message },
    `the S3 bucket refused a ${operation}`,
  );
  return new AppError('unavailable', storageMessages[operation], { retryAfter: storageRetryAfterSeconds });
}

function bucketStorage(): FileStorage {
  const e = env();
  const client = new S3Client({
    endpoint: e.S3_ENDPOINT,
    // Signature V4 signs for a region: R2 takes 'auto', AWS refuses any but the bucket's own.
    region: e.S3_REGION,
    forcePathStyle: true,
    credentials: {
      accessKeyId: e.S3_ACCESS_KEY_ID as string,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    },
    // Without limits a bucket that accepts the connection and never answers holds the upload forever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const bucket = e.S3_BUCKET as string;
  return {
    async put(key, bytes, contentType) {
      try {
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
        );
      } catch (error) {
        throw unavailable('put', error);
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw unavailable('get', error);
      }
    },
  };
}

let storage: FileStorage | undefined;

export function fileStorage(): FileStorage {
  storage ??= env().S3_BUCKET ? bucketStorage() : folderStorage(path.resolve(env().DATA_DIR, 'uploads'));
  return storage;
}

/** Forgets the storage chosen from the environment; tests that change S3_* call it after resetEnvForTests. */
export function resetFileStorageForTests(): void {
  storage = undefined;
}
