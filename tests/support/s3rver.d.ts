// s3rver ships no typings; the part the tests use.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  export default class S3rver {
    constructor(options: { address?: string; port?: number; directory: string; silent?: boolean; resetOnClose?: boolean });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
