/** Types for `s3rver` (a test-only S3 server; it ships none). Only what the tests and the bench use. */
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Starts listening; resolves to the bound address (port 0 picks a free one). */
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    /** The listening server while it runs. */
    httpServer?: import('node:http').Server;
  }
}
