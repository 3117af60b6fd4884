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
  let sha256: string | undefined;
  // A digest can be taken once; the answer is kept for a second look.
  return { stream, result: () => ({ size, sha256: (sha256 ??= hash.digest('hex')) }) };
}

/** What a put answers when the bytes it stored are not the ones the caller named by their SHA-256. */
export function checkedSha256(key: string, measured: { size: number; sha256: string }, known: { sha256: string } | undefined) {
  if (known && known.sha256 !== measured.sha256) {
    throw new Error(`stored bytes of ${key} have SHA-256 ${measured.sha256}, expected ${known.sha256}`);
  }
  return measured;
}
