import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors';

const ONE_FILE = '一次只能上传一个文件';

/**
 * The text fields before the one file part named `file`, and that file's content. The content
 * only ends once the rest of the body has been read: a second file part makes it fail, so the
 * store never keeps an upload whose request carried two files.
 */
export async function uploadParts(request: FastifyRequest): Promise<{ fields: Record<string, string>; fileName: string; content: Readable }> {
  if (!request.isMultipart()) throw badRequest('请使用 multipart/form-data 上传文件');
  const parts = request.parts()[Symbol.asyncIterator]();
  const fields: Record<string, string> = {};
  for (;;) {
    const { done, value: part } = await parts.next();
    if (done) throw badRequest('请上传文件');
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file') throw badRequest('请上传文件');
    // Read the rest of the body alongside the file: a truncated body fails only there, and the
    // file stream would otherwise wait for an end that never comes.
    const rest = noMoreFiles(parts);
    const restHasNoFile = new Transform({
      transform: (chunk, _encoding, done) => done(null, chunk),
      flush(done) {
        rest.then(() => done(), done);
      },
    });
    // The route may refuse before it reads the content; its reader, if any, still sees the error.
    restHasNoFile.on('error', () => undefined);
    rest.catch((error: Error) => restHasNoFile.destroy(error));
    part.file.on('error', (error) => restHasNoFile.destroy(error));
    return { fields, fileName: part.filename, content: part.file.pipe(restHasNoFile) };
  }
}

async function noMoreFiles(parts: AsyncIterator<{ type: string }>): Promise<void> {
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      if (next.value.type === 'file') throw badRequest(ONE_FILE);
    }
  } catch (error) {
    // The parser allows one file per request; it reports a second one as its files limit.
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(ONE_FILE);
    throw error;
  }
}

/**
 * An upload refused before its body was read must not stall its connection: the rest of the
 * body is read and dropped while the answer goes out (so a client that writes it all first
 * still sees the answer), and the connection closes after the answer, which bounds the reading.
 */
export function closeAfterUnreadUploads(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) {
      reply.header('connection', 'close');
      request.raw.unpipe();
      request.raw.resume();
    }
    return payload;
  });
}
