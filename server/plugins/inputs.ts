import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/** Deeper JSON than any route takes; refused before parsing so nothing recurses on it. */
export const MAX_JSON_DEPTH = 32;

const NUL_MESSAGE = '请求内容不能包含空字符（\\u0000）';

/**
 * One pass over the JSON text, outside and inside strings: refuses nesting deeper than
 * MAX_JSON_DEPTH and the escape \u0000 (PostgreSQL text and jsonb cannot hold NUL).
 */
export function checkJsonText(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) {
        if (text.startsWith('u0000', i + 1)) throw badRequest(NUL_MESSAGE);
        i++;
      } else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > MAX_JSON_DEPTH) throw badRequest(`请求内容嵌套层级不能超过 ${MAX_JSON_DEPTH} 层`);
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
}

/** Where input enters: the JSON body parser and the URL (path and query) of every request. */
export function installInputChecks(app: FastifyInstance): void {
  // Fastify's own parser, which refuses __proto__ and constructor.prototype keys.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      checkJsonText(body as string);
    } catch (error) {
      return done(error as Error, undefined);
    }
    return parseJson(request, body as string, done);
  });
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url) || request.url.includes('\0')) throw badRequest('请求地址不能包含空字符（%00）');
  });
}
