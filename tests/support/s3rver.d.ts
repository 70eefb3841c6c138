// @20minutes/s3rver ships no types: the part of it tests/support/s3-server.ts uses.
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http';

  interface S3rverOptions {
    port: number;
    address: string;
    silent: boolean;
    directory: string;
    configureBuckets: { name: string }[];
  }

  /** A Koa application: `middleware` is its chain, run in order. */
  export default class S3rver {
    constructor(options: S3rverOptions);
    middleware: ((ctx: never, next: () => Promise<void>) => Promise<void>)[];
    httpServer?: Server;
    run(): Promise<{ port: number; address: string }>;
    close(): Promise<void>;
  }
}
