import type { IncomingHttpHeaders } from 'node:http';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '../../lib/errors';
import type { ByteRange } from '../../lib/storage';
import { THUMBNAIL_MIME } from '../../lib/thumbnails';
import { fileNotFound, readableFile } from './access';
import type { FileRow } from './store';
import { Id } from '../../lib/schema-types';

const Params = Type.Object({ id: Id(), '*': Type.Optional(Type.String({ maxLength: 1000 })) });
const Query = Type.Object({
  format: Type.Optional(
    Type.Union([Type.Literal('pdf'), Type.Literal('thumbnail')], { description: 'pdf：Word 文件转成的 PDF；thumbnail：图片的缩略图（WebP，不超过 320×320）' }),
  ),
  download: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('true')], { description: '作为附件下载' })),
});

/** RFC 6266: an ASCII fallback and the UTF-8 name, so Chinese names survive every browser. */
export function contentDisposition(name: string, attachment: boolean): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${attachment ? 'attachment' : 'inline'}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** One `bytes=start-end` range within size; null when there is no Range header. */
export function parseRange(header: string | undefined, size: number): ByteRange | null {
  if (!header) return null;
  const match = header.match(/^bytes=(\d*)-(\d*)$/);
  const unsatisfiable = () => new AppError(416, 41600, '请求的范围无效', { 'Content-Range': `bytes */${size}` });
  if (!match || (match[1] === '' && match[2] === '')) throw unsatisfiable();
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start > end || start >= size) throw unsatisfiable();
  return { start, end };
}

/**
 * A conditional GET the cached copy satisfies (RFC 9110 13.2.2): If-None-Match when sent, else
 * If-Modified-Since, compared in whole seconds as the Last-Modified header carries it.
 */
function notModified(headers: IncomingHttpHeaders, etag: string, created: Date): boolean {
  if (headers['if-none-match'] !== undefined) return headers['if-none-match'] === etag;
  const since = headers['if-modified-since'] ? Date.parse(headers['if-modified-since']) : NaN;
  return !Number.isNaN(since) && Math.floor(created.getTime() / 1000) * 1000 <= since;
}

/** What `?format=` serves of a file: the original, the PDF of a Word file, or an image's thumbnail. */
function variantOf(file: FileRow, format: Static<typeof Query>['format']) {
  switch (format) {
    case 'pdf':
      return { key: file.pdfKey, mime: 'application/pdf', name: file.name.replace(/\.docx?$/i, '.pdf'), etag: `"${file.sha256}-pdf"` };
    case 'thumbnail':
      return { key: file.thumbKey, mime: THUMBNAIL_MIME, name: file.name.replace(/\.[^.]*$/, '') + '.webp', etag: `"${file.sha256}-thumbnail"` };
    default:
      return { key: file.storageKey, mime: file.mime, name: file.name, etag: `"${file.sha256}"` };
  }
}

export async function fileServeRoutes(app: FastifyInstance): Promise<void> {
  app.route<{ Params: Static<typeof Params>; Querystring: Static<typeof Query> }>({
    method: ['GET', 'HEAD'],
    url: '/api/uploader/v1/files/:id/*',
    config: { cookieAuth: true },
    schema: { tags: ['上传'], summary: '文件内容（支持 Range；会话可来自 token Cookie）', params: Params, querystring: Query },
    handler: async (request, reply) => {
      const file = await readableFile(app, request, request.params.id);
      const { key, mime, name, etag } = variantOf(file, request.query.format);
      if (!key) throw fileNotFound();
      const size = await app.storage.size(key);
      if (size === null) {
        request.log.error({ fileId: file.id, key }, 'stored object is missing');
        throw new AppError(404, ErrorCode.notFound, '文件内容已丢失');
      }
      reply
        .header('Content-Type', mime)
        .header('Content-Disposition', contentDisposition(name, Boolean(request.query.download)))
        .header('Accept-Ranges', 'bytes')
        .header('ETag', etag)
        // The content of an id never changes; private because it needs a session.
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Last-Modified', file.createdAt.toUTCString());
      if (notModified(request.headers, etag, file.createdAt)) return reply.status(304).send();
      const range = parseRange(request.headers.range, size);
      if (range) {
        reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
      }
      reply.header('Content-Length', range ? range.end - range.start + 1 : size);
      if (request.method === 'HEAD') return reply.send();
      return reply.send(app.storage.get(key, range ?? undefined));
    },
  });
}
