import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A pass-through that counts the bytes and hashes them on the way to storage. */
export function measuringStream() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}
