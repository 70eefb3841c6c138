import 'server-only';
import fs from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { env } from '@/lib/server/env';

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

function bucketStorage(): FileStorage {
  const e = env();
  const client = new S3Client({
    endpoint: e.S3_ENDPOINT,
    region: 'auto',
    forcePathStyle: true,
    credentials: {
      accessKeyId: e.S3_ACCESS_KEY_ID as string,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    },
  });
  const bucket = e.S3_BUCKET as string;
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
  };
}

let storage: FileStorage | undefined;

export function fileStorage(): FileStorage {
  storage ??= env().S3_BUCKET ? bucketStorage() : folderStorage(path.resolve(env().DATA_DIR, 'uploads'));
  return storage;
}
