import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';

/*
 * An S3 server on this machine for the upload tests (tests/integration/s3-storage.test.ts) and the cluster
 * journeys (scripts/cluster-e2e.ts, e2e-cluster/uploads.spec.ts): @20minutes/s3rver, which checks every
 * Signature V4 (a wrong secret key is refused as AWS refuses it). In front of it one middleware adds what a
 * real provider does and s3rver does not: buckets are private (an unsigned request is refused), a request
 * signed for another region than the server's is refused (AWS's rule), and chosen buckets refuse writes,
 * as a bucket whose key lacks PutObject does.
 */

const packageName = '@20minutes/s3rver';

/** s3rver's fixed account: the only key pair it knows. */
export const s3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/** Null when the S3 server package is installed; otherwise what is missing, for a skip or a failure. */
export function s3ServerMissing(): string | null {
  try {
    createRequire(import.meta.url).resolve(packageName);
    return null;
  } catch {
    return `the S3 server package ${packageName} is not installed (npm install, with dev dependencies)`;
  }
}

export interface S3ServerOptions {
  /** 0: any free port. */
  port: number;
  /** Buckets created at start. */
  buckets: string[];
  /** Buckets that answer every write with AccessDenied. */
  refusingBuckets?: string[];
  /** When set, a request signed for any other region is refused, as AWS does. */
  region?: string;
  /** Where objects are kept; a temporary folder (removed on stop) by default. */
  directory?: string;
}

export interface RunningS3Server {
  endpoint: string;
  port: number;
  /** A client signed with the server's key pair, path-style as the app's. */
  client(): S3Client;
  /** The app's S3_* variables for one bucket of this server. */
  appEnv(bucket: string): Record<string, string>;
  /** The keys a bucket holds (objectKeysIn). */
  objectKeys(bucket: string): string[];
  stop(): Promise<void>;
}

/** The slice of Koa's context the middleware reads and writes (s3rver is a Koa application). */
interface Context {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  path: string;
  method: string;
  status: number;
  type: string;
  body: unknown;
}

function s3ErrorAnswer(ctx: Context, status: number, code: string, message: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

/** The region of a V4 signature's credential scope (`KEY/20261127/eu-west-1/s3/aws4_request`), if any. */
function signedRegion(ctx: Context): string | null {
  const header = String(ctx.headers.authorization ?? '');
  const scope = header.match(/Credential=([^,\s]+)/)?.[1] ?? String(ctx.query['X-Amz-Credential'] ?? '');
  return scope.split('/')[2] ?? null;
}

const writeMethods = new Set(['PUT', 'POST', 'DELETE']);

function providerRules(options: S3ServerOptions) {
  const refusing = new Set(options.refusingBuckets ?? []);
  return async (ctx: Context, next: () => Promise<void>) => {
    const signed =
      'authorization' in ctx.headers || 'X-Amz-Signature' in ctx.query || 'Signature' in ctx.query;
    if (!signed) return s3ErrorAnswer(ctx, 403, 'AccessDenied', 'Access Denied');
    const region = signedRegion(ctx);
    if (options.region && region !== options.region) {
      return s3ErrorAnswer(
        ctx,
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; the region '${region}' is wrong; expecting '${options.region}'`,
      );
    }
    const bucket = ctx.path.split('/')[1] ?? '';
    if (refusing.has(bucket) && writeMethods.has(ctx.method)) {
      return s3ErrorAnswer(ctx, 403, 'AccessDenied', 'Access Denied');
    }
    return next();
  };
}

const objectSuffix = '._S3rver_object';

/**
 * The keys of a bucket, read from the server's folder: listing through the protocol is no use here, as
 * s3rver 5.0.0 miscomputes the signature of bucket-level requests (ListObjects answers
 * SignatureDoesNotMatch). The app's keys have no slash, so a bucket is one flat folder.
 */
export function objectKeysIn(directory: string, bucket: string): string[] {
  const folder = path.join(directory, bucket);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(objectSuffix))
    .map((name) => name.slice(0, -objectSuffix.length))
    .sort();
}

export async function startS3Server(options: S3ServerOptions): Promise<RunningS3Server> {
  const missing = s3ServerMissing();
  if (missing) throw new Error(`Cannot start the S3 server: ${missing}.`);
  const { default: S3rver } = await import('@20minutes/s3rver');
  const ownDirectory = options.directory === undefined;
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'festival-s3-'));
  const server = new S3rver({
    port: options.port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [...options.buckets, ...(options.refusingBuckets ?? [])].map((name) => ({ name })),
  });
  // First in the chain, before s3rver's own routing and signature check.
  server.middleware.unshift(providerRules(options));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = options.region ?? 'auto';
  let stopped: Promise<void> | null = null;
  return {
    endpoint,
    port,
    client: () => new S3Client({ endpoint, region, forcePathStyle: true, credentials: { ...s3Credentials } }),
    appEnv: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: s3Credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    }),
    objectKeys: (bucket) => objectKeysIn(directory, bucket),
    stop: () =>
      (stopped ??= (async () => {
        // Clients keep their connections alive; close() alone would wait for them.
        server.httpServer?.closeAllConnections();
        await server.close();
        if (ownDirectory) fs.rmSync(directory, { recursive: true, force: true });
      })()),
  };
}
