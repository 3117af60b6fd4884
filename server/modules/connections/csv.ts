import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors';
import { EXPORT_TIMEOUT_MS, type RowSink } from './drivers/types';

/**
 * CSV of the export routes: RFC 4180 (comma, CRLF, fields with a comma, quote or line break quoted),
 * UTF-8 with a BOM so Excel reads Chinese. A text that starts with = + - @ or a tab and is not a
 * number gets a leading ' so a spreadsheet shows it instead of running it as a formula.
 */
/** Longest wait for a client to take the next batch; then the export ends broken and frees its session. */
const DRAIN_MS = 30_000;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function csvField(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) return '';
  if (Buffer.isBuffer(value)) text = `\\x${value.toString('hex')}`;
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: unknown[]) => `${values.map(csvField).join(',')}\r\n`;

/** `attachment` with the name in UTF-8 (RFC 6266) and an ASCII stand-in. */
const disposition = (name: string) => `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * A CSV answer that starts when the first row batch's columns are known, so a refusal before then
 * (a wrong filter, a syntax error, a timeout) is still a JSON 400. `signal` aborts when the client
 * goes away; writes wait for the client to read (backpressure), so nothing big is held in memory.
 */
export function csvAnswer(reply: FastifyReply, fileName: string, signal: AbortSignal) {
  let out: PassThrough | undefined;
  const sink: RowSink = {
    columns(names) {
      if (out) return;
      out = new PassThrough();
      reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', disposition(fileName))
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff');
      void reply.send(out);
      out.write(`\uFEFF${csvLine(names)}`);
    },
    async rows(batch) {
      if (!out || signal.aborted) return false;
      if (!out.write(batch.map(csvLine).join(''))) {
        try {
          // A client that stops reading must not hold the database session (on PGlite, the server's one connection).
          await once(out, 'drain', { signal: AbortSignal.any([signal, AbortSignal.timeout(DRAIN_MS)]) });
        } catch {
          out.destroy(new Error('the client stopped reading'));
          return false;
        }
      }
      return !signal.aborted;
    },
  };
  return {
    sink,
    get started() {
      return out !== undefined;
    },
    /** The file is complete, unless the export was stopped (the client left, the time ran out): then it ends broken, never looking whole. */
    end: () => (signal.aborted || out?.destroyed ? out?.destroy(new Error('export stopped')) : out?.end()),
    /** A failure after the first bytes: the download ends broken, as nothing else can tell the client. */
    fail: (error: Error) => out?.destroy(error),
  };
}

/** Aborts when the client closes the connection before the answer is complete, or after `limitMs`. */
export function clientGone(reply: FastifyReply, limitMs?: number): AbortSignal {
  const controller = new AbortController();
  if (limitMs) {
    const timer = setTimeout(() => controller.abort(), limitMs);
    reply.raw.on('close', () => clearTimeout(timer));
  }
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * An export route's answer: `work` writes rows into the CSV until done or `signal` aborts (the
 * client gone, EXPORT_TIMEOUT_MS up). Stopped before its first row, it is refused with
 * 导出已取消或超时 (or its own error, still JSON); failed after, the download ends broken.
 */
export async function exportCsv(request: FastifyRequest, reply: FastifyReply, fileName: string, work: (sink: RowSink, signal: AbortSignal) => Promise<void>) {
  const signal = clientGone(reply, EXPORT_TIMEOUT_MS);
  const csv = csvAnswer(reply, fileName, signal);
  try {
    await work(csv.sink, signal);
    if (!csv.started) throw badRequest('导出已取消或超时');
    csv.end();
  } catch (error) {
    if (!csv.started) throw error;
    request.log.warn({ err: error, fileName }, 'CSV export failed after it started');
    csv.fail(error as Error);
  }
  return reply;
}
