import { Transform } from 'node:stream';
import { AppError, ErrorCode, badRequest } from '../../lib/errors';
import { sniffType, textOnly, typeOfName, type FileType } from '../../lib/file-types';
import type { UploadRule } from './purposes';

const HEAD_BYTES = 8;

/**
 * Checks a file while it streams: its first bytes must be an allowed type that agrees with
 * its extension, and it must stay within the limit. `rule` may be chosen once the type is known.
 * A script, having no signature, must be UTF-8 text throughout.
 */
export function uploadGuard(fileName: string, ruleFor: (type: FileType | null) => UploadRule) {
  let head = Buffer.alloc(0);
  let rule: UploadRule | null = null;
  let size = 0;
  const state = { type: null as FileType | null };
  const text = typeOfName(fileName) === 'script' ? textOnly(() => badRequest('脚本文件须为 UTF-8 编码的文本，不能含二进制内容')) : null;

  const check = (): void => {
    const type = sniffType(head, fileName);
    // The extension says what the user meant to upload; the bytes must then agree with it.
    rule = ruleFor(typeOfName(fileName) ?? type);
    if (!type || !rule.types.includes(type) || typeOfName(fileName) !== type) throw badRequest(rule.typeMessage);
    state.type = type;
  };

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        size += chunk.length;
        text?.write(chunk);
        if (!rule) {
          head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
          if (head.length >= HEAD_BYTES) check();
        }
        if (rule && size > rule.limit) throw new AppError(413, ErrorCode.payloadTooLarge, rule.sizeMessage);
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        if (size === 0) throw badRequest('文件内容为空');
        text?.end();
        if (!rule) check();
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  return { stream, state };
}
